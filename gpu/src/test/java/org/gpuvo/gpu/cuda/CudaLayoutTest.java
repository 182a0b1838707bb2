package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The host's copies of the kernels' layouts, read from the headers themselves: the scratch counter indices
 * ({@code Z_*}), the record and struct sizes and the table bounds the extractors write and read by hand must equal
 * the definitions in {@code sift_common.cuh} and {@code orb_common.cuh}, so that an edit on one side alone fails here.
 */
class CudaLayoutTest {
    private static final Path CUDA = Path.of("src/main/cuda");
    private static final Pattern DEFINE = Pattern.compile("(?m)^#define\\s+(\\w+)\\s+(\\d+)\\b");
    private static final Pattern SIZE = Pattern.compile("static_assert\\(sizeof\\((\\w+)\\)\\s*==\\s*(\\d+)");

    @Test
    void siftCountersAreTheHeaders() throws IOException {
        String header = read("sift_common.cuh");
        // Z_RANKS is where the ranks begin: the host places them after the downloaded counters (claimsOffset)
        assertCounters(CudaSiftExtractor.class, header, Set.of("Z_RANKS"));
        assertThat(defines(header).get("Z_RANKS")).isEqualTo(CudaSiftExtractor.Z_COUNTS);
    }

    @Test
    void siftRecordsAreTheHeaders() throws IOException {
        String header = read("sift_common.cuh");
        TreeMap<String, Integer> defines = defines(header), sizes = sizes(header);
        assertThat(defines.get("SIFT_RECORD_WORDS")).isEqualTo(CudaSiftExtractor.RECORD_WORDS);
        assertThat(defines.get("SIFT_MAX_OCTAVES")).isEqualTo(SiftOctaveTable.MAX_OCTAVES);
        assertThat(sizes.get("SiftPoint")).isEqualTo(CudaSiftExtractor.POINT_BYTES);
        assertThat(sizes.get("SiftParams")).isEqualTo(CudaSiftExtractor.PARAMS_BYTES)
                .isEqualTo(CudaSiftExtractor.kernelParams(new org.gpuvo.gpu.features.ConfigSift(), 1, 1).length);
        assertThat(sizes.get("SiftOctave")).isEqualTo(SiftOctaveTable.RECORD_BYTES);
    }

    @Test
    void orbCountersAndRecordsAreTheHeaders() throws IOException {
        String header = read("orb_common.cuh");
        assertCounters(OrbLevelTable.class, header, Set.of());
        TreeMap<String, Integer> defines = defines(header);
        assertThat(defines.get("ORB_MAX_LEVELS")).isEqualTo(OrbLevelTable.MAX_LEVELS);
        assertThat(defines.get("ORB_HIST_COPIES")).isEqualTo(OrbLevelTable.HIST_COPIES);
        assertThat(sizes(header).get("OrbLevel")).isEqualTo(OrbLevelTable.RECORD_BYTES);
    }

    /** Every Z_ constant of {@code type} is the header's, and every Z_ of the header but {@code deviceOnly} is. */
    private static void assertCounters(Class<?> type, String header, Set<String> deviceOnly) {
        TreeMap<String, Integer> host = new TreeMap<>();
        for (Field f : type.getDeclaredFields())
            if (f.getName().startsWith("Z_") && Modifier.isStatic(f.getModifiers()) && f.getType() == int.class)
                host.put(f.getName(), staticInt(f));
        TreeMap<String, Integer> device = new TreeMap<>();
        defines(header).forEach((name, value) -> {
            if (name.startsWith("Z_") && !deviceOnly.contains(name))
                device.put(name, value);
        });
        assertThat(host).as("%s's Z_ constants", type.getSimpleName()).isNotEmpty().isEqualTo(device);
    }

    private static int staticInt(Field f) {
        try {
            f.setAccessible(true);
            return f.getInt(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TreeMap<String, Integer> defines(String header) {
        return collect(DEFINE.matcher(header));
    }

    private static TreeMap<String, Integer> sizes(String header) {
        return collect(SIZE.matcher(header));
    }

    private static TreeMap<String, Integer> collect(Matcher m) {
        TreeMap<String, Integer> found = new TreeMap<>();
        while (m.find())
            found.put(m.group(1), Integer.parseInt(m.group(2)));
        return found;
    }

    private static String read(String header) throws IOException {
        return Files.readString(CUDA.resolve(header), StandardCharsets.UTF_8);
    }
}
