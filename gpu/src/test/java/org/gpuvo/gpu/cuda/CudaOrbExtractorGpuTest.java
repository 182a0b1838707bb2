package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CUDA ORB against the CPU reference, on synthetic images always and on the PNG frames of the folder named by
 * the system property {@code gpuvo.gpuTestImages} when it is set. Every comparison logs its figures (look for
 * "IDENTICAL": the aim is the same keypoints, angles and descriptors index by index). The class skips itself
 * without a usable CUDA device.
 */
@Tag("gpu")
class CudaOrbExtractorGpuTest extends SharedContextGpuTest {
    private static final Logger LOG = LoggerFactory.getLogger(CudaOrbExtractorGpuTest.class);

    /** Runs both backends on {@code image} and checks the conformance bars; returns the figures. */
    private static OrbComparison compare(String name, GrayImage image, ConfigOrb config) {
        OrbFeatures cpu = new OrbFeatures(), gpu = new OrbFeatures();
        try (OrbExtractor reference = FactoryOrb.cpu(config);
             CudaOrbExtractor orb = new CudaOrbExtractor(cuda, config)) {
            reference.detect(image, cpu);
            orb.detect(image, gpu);
        }
        return check(name + " " + image.width + "x" + image.height + " " + config, cpu, gpu);
    }

    private static OrbComparison check(String name, OrbFeatures cpu, OrbFeatures gpu) {
        OrbComparison c = OrbComparison.of(cpu, gpu);
        LOG.info("ORB GPU vs CPU [{}]: {}", name, c.summary());
        assertThat(gpu.descriptors.size()).isEqualTo(gpu.size());
        assertThat(c.referenceFoundFraction()).as("%s: CPU keypoints found by the GPU; %s", name, c.summary())
                .isGreaterThanOrEqualTo(0.98);
        assertThat(c.otherFoundFraction()).as("%s: GPU keypoints found by the CPU; %s", name, c.summary())
                .isGreaterThanOrEqualTo(0.98);
        assertThat(c.commonDescriptorFraction()).as("%s: equal descriptors; %s", name, c.summary())
                .isGreaterThanOrEqualTo(0.99);
        return c;
    }

    static Stream<Arguments> syntheticImages() {
        return Stream.of(
                Arguments.of("noise", RandomImages.noise(640, 480, 1)),
                Arguments.of("noise", RandomImages.noise(1280, 720, 2)),
                Arguments.of("blocks", RandomImages.blocks(1280, 720, 1500, 3)),
                Arguments.of("blocks", RandomImages.blocks(1241, 376, 600, 4)),
                Arguments.of("scene", SyntheticImages.defaultPair().first()),
                Arguments.of("scene-moved", SyntheticImages.defaultPair().second()));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("syntheticImages")
    void matchesTheCpuOnSyntheticImages(String name, GrayImage image) {
        compare(name, image, new ConfigOrb(2000));
        compare(name, image, new ConfigOrb(500));
    }

    @Test
    void matchesTheCpuOnRealFrames() {
        List<Path> frames = TestImages.frames();
        assumeTrue(!frames.isEmpty(), "no frames: set -Dgpuvo.gpuTestImages=DIR (PNG files) to compare on real images");
        int identical = 0, total = 0;
        for (Path frame : frames) {
            GrayImage image = TestImages.read(frame);
            for (int n : new int[]{2000, 1000}) {
                total++;
                if (compare(frame.getFileName().toString(), image, new ConfigOrb(n)).identical())
                    identical++;
            }
        }
        LOG.info("ORB GPU vs CPU on {} real frames: {} of {} runs identical index by index", frames.size(), identical,
                total);
    }

    @ParameterizedTest(name = "cell {0}")
    @CsvSource({"64", "32", "8"})
    void gridDistributionMatchesTheCpu(int cell) {
        // texture only in the left quarter, sparse corners elsewhere (as CpuOrbExtractorTest)
        GrayImage image = RandomImages.blocks(800, 600, 300, 8);
        GrayImage dense = RandomImages.noise(200, 600, 9);
        for (int y = 0; y < 600; y++)
            System.arraycopy(dense.data, y * 200, image.data, y * 800, 200);
        ConfigOrb grid = new ConfigOrb(500);
        grid.distribution = ConfigOrb.Distribution.GRID;
        grid.gridCellSize = cell;
        compare("grid", image, grid);
        compare("grid", RandomImages.noise(1280, 720, 10), grid);
        for (Path frame : TestImages.frames())
            compare("grid " + frame.getFileName(), TestImages.read(frame), grid);
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"1,1", "31,31", "4097,3", "3,4097", "1241,376", "63,64", "64,63", "63,63", "100,400", "333,222"})
    void oddSizes(int width, int height) {
        compare("odd", RandomImages.noise(width, height, 31L * width + height), new ConfigOrb(2000));
    }

    @Test
    void otherParameters() {
        ConfigOrb c = new ConfigOrb(1500);
        c.scaleFactor = 1.5;
        c.levels = 5;
        c.edgeThreshold = 19;
        c.fastThreshold = 7;
        compare("params", RandomImages.blocks(1024, 768, 900, 12), c);
        ConfigOrb one = new ConfigOrb(300);
        one.levels = 1;
        compare("one level", RandomImages.noise(640, 480, 13), one);
    }

    @Test
    void maximumFeatureCountOn1080pNoise() {
        compare("max", RandomImages.noise(1920, 1080, 11), new ConfigOrb(ConfigOrb.MAX_FEATURES));
    }

    @Test
    void stridedImagesGiveTheSameFeatures() {
        GrayImage packed = RandomImages.blocks(300, 200, 300, 3);
        byte[] padded = new byte[7 + 200 * 320];
        for (int y = 0; y < 200; y++)
            System.arraycopy(packed.data, y * 300, padded, 7 + y * 320, 300);
        GrayImage strided = new GrayImage(300, 200, 320, 7, padded);
        OrbFeatures a = new OrbFeatures(), b = new OrbFeatures();
        try (CudaOrbExtractor orb = new CudaOrbExtractor(cuda, new ConfigOrb(300))) {
            orb.detect(packed, a);
            orb.detect(strided, b);
        }
        assertThat(OrbComparison.of(a, b).identical()).isTrue();
        assertThat(a.size()).isPositive();
    }

    @Test
    void badInputIsRejectedLikeTheCpu() {
        try (OrbExtractor cpu = FactoryOrb.cpu(new ConfigOrb()); CudaOrbExtractor gpu = new CudaOrbExtractor(cuda, new ConfigOrb())) {
            GrayImage wide = new GrayImage(OrbLimits.MAX_SIDE + 1, 1, new byte[OrbLimits.MAX_SIDE + 1]);
            assertSameRejection(() -> cpu.detect(wide, new OrbFeatures()), () -> gpu.detect(wide, new OrbFeatures()));
            assertSameRejection(() -> cpu.detect(null, new OrbFeatures()), () -> gpu.detect(null, new OrbFeatures()));
            assertSameRejection(() -> cpu.describe(wide, new KeyPoints(), Descriptors.orb()),
                    () -> gpu.describe(wide, new KeyPoints(), Descriptors.orb()));
            GrayImage image = RandomImages.blocks(400, 300, 400, 6);
            KeyPoints bad = new KeyPoints();
            bad.add(200, 150, 40, 31, 0, 0);
            assertSameRejection(() -> cpu.describe(image, bad.copy(), Descriptors.orb()),
                    () -> gpu.describe(image, bad.copy(), Descriptors.orb()));
            KeyPoints nan = new KeyPoints();
            nan.add(200, 150, 0, 31, Float.NaN, 0);
            assertSameRejection(() -> cpu.describe(image, nan.copy(), Descriptors.orb()),
                    () -> gpu.describe(image, nan.copy(), Descriptors.orb()));
            assertSameRejection(() -> cpu.describe(image, new KeyPoints(), new Descriptors(16)),
                    () -> gpu.describe(image, new KeyPoints(), new Descriptors(16)));
            // the extractor still works after rejecting
            OrbFeatures out = new OrbFeatures();
            gpu.detect(image, out);
            assertThat(out.size()).isPositive();
        }
        for (ConfigOrb bad : badConfigs()) {
            Throwable cpu = catchThrowable(() -> FactoryOrb.cpu(bad));
            Throwable gpu = catchThrowable(() -> new CudaOrbExtractor(cuda, bad));
            assertThat(gpu).isInstanceOf(IllegalArgumentException.class).hasMessage(cpu.getMessage());
            assertThat(catchThrowable(() -> FactoryOrb.cuda(bad))).hasMessage(cpu.getMessage());
        }
    }

    static List<ConfigOrb> badConfigs() {
        ConfigOrb zero = new ConfigOrb(0);
        ConfigOrb huge = new ConfigOrb(ConfigOrb.MAX_FEATURES + 1);
        ConfigOrb scale = new ConfigOrb();
        scale.scaleFactor = 1.0;
        ConfigOrb patch = new ConfigOrb();
        patch.patchSize = 15;
        ConfigOrb fast = new ConfigOrb();
        fast.fastThreshold = 0;
        return List.of(zero, huge, scale, patch, fast);
    }

    private static void assertSameRejection(Runnable cpu, Runnable gpu) {
        Throwable expected = catchThrowable(cpu::run);
        assertThat(expected).isNotNull();
        assertThat(catchThrowable(gpu::run)).isInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
    }

    @Test
    void manyFramesReuseTheBuffers() {
        GrayImage[] small = {RandomImages.noise(640, 480, 20), RandomImages.blocks(640, 480, 500, 21)};
        GrayImage[] large = {RandomImages.noise(1280, 720, 22), RandomImages.blocks(1280, 720, 900, 23)};
        OrbFeatures out = new OrbFeatures();
        try (CudaOrbExtractor orb = new CudaOrbExtractor(cuda, new ConfigOrb(2000))) {
            for (GrayImage g : large)
                orb.detect(g, out);
            for (GrayImage g : small)
                orb.detect(g, out);
            orb.detectOnDevice(large[0]);
            int allocations = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            for (int i = 0; i < 100; i++) {
                GrayImage g = (i & 1) == 0 ? small[i / 2 % 2] : large[i / 2 % 2];
                if (i % 3 == 0)
                    orb.detectOnDevice(g);
                else
                    orb.detect(g, out);
            }
            assertThat(cuda.liveAllocations()).isEqualTo(allocations);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            orb.detect(large[1], out);
        }
        OrbFeatures cpu = new OrbFeatures();
        try (OrbExtractor reference = FactoryOrb.cpu(new ConfigOrb(2000))) {
            reference.detect(large[1], cpu);
        }
        check("after 100 frames", cpu, out);
    }

    @Test
    void closingFreesEverything() {
        int before = cuda.liveAllocations();
        CudaOrbExtractor orb = new CudaOrbExtractor(cuda, new ConfigOrb(500));
        orb.detect(RandomImages.noise(320, 240, 1), new OrbFeatures());
        orb.close();
        orb.close();
        assertThat(cuda.liveAllocations()).isEqualTo(before);
        assertThatThrownBy(() -> orb.detect(RandomImages.noise(320, 240, 1), new OrbFeatures()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void describeMatchesTheCpu() {
        GrayImage image = RandomImages.blocks(640, 480, 700, 6);
        ConfigOrb config = new ConfigOrb(800);
        OrbFeatures detected = new OrbFeatures();
        try (OrbExtractor cpu = FactoryOrb.cpu(config); CudaOrbExtractor gpu = new CudaOrbExtractor(cuda, config)) {
            cpu.detect(image, detected);
            KeyPoints given = new KeyPoints();
            given.add(5, 5, 0, 31, 0, 0); // too close to the border
            Random random = new Random(5);
            for (int i = 0; i < detected.size(); i++) {
                int k = given.addFrom(detected.keyPoints, i);
                if (i % 2 == 1)
                    given.angle[k] = 360 * random.nextFloat();
            }
            given.add(630, 240, 0, 31, 0, 0); // too close to the border
            // high levels with patches reaching into the border, and levels past config.levels
            for (int i = 0; i < 200; i++)
                given.add(31 + random.nextFloat() * (640 - 62), 31 + random.nextFloat() * (480 - 62),
                        random.nextInt(14), 31, 720 * random.nextFloat() - 180, 0);
            KeyPoints cpuKeys = given.copy(), gpuKeys = given.copy();
            Descriptors cpuOut = Descriptors.orb(), gpuOut = Descriptors.orb();
            cpu.describe(image, cpuKeys, cpuOut);
            gpu.describe(image, gpuKeys, gpuOut);
            assertThat(gpuKeys.size()).isEqualTo(cpuKeys.size()).isGreaterThan(detected.size());
            assertThat(Arrays.copyOf(gpuKeys.x, gpuKeys.size())).isEqualTo(Arrays.copyOf(cpuKeys.x, cpuKeys.size()));
            assertThat(Arrays.copyOf(gpuKeys.level, gpuKeys.size())).isEqualTo(Arrays.copyOf(cpuKeys.level, cpuKeys.size()));
            assertThat(gpuOut.size()).isEqualTo(cpuOut.size());
            int equal = 0;
            for (int i = 0; i < cpuOut.size(); i++)
                if (Arrays.equals(cpuOut.row(i), gpuOut.row(i)))
                    equal++;
            LOG.info("ORB describe GPU vs CPU: {} of {} descriptors equal", equal, cpuOut.size());
            assertThat(equal).isGreaterThanOrEqualTo((int) Math.ceil(0.99 * cpuOut.size()));
            // the detected keypoints described again give the detector's descriptors
            KeyPoints again = detected.keyPoints.copy();
            Descriptors redescribed = Descriptors.orb();
            gpu.describe(image, again, redescribed);
            assertThat(again.size()).isEqualTo(detected.size());
            int same = 0;
            for (int i = 0; i < detected.size(); i++)
                if (Arrays.equals(redescribed.row(i), detected.descriptors.row(i)))
                    same++;
            LOG.info("ORB describe on the GPU of the CPU's detections: {} of {} descriptors equal the CPU's", same,
                    detected.size());
            assertThat(same).isGreaterThanOrEqualTo((int) Math.ceil(0.99 * detected.size()));
        }
    }

    @Test
    void detectOnDeviceLeavesTheSameFeaturesOnTheDevice() {
        GrayImage first = RandomImages.blocks(1280, 720, 1200, 30), second = RandomImages.noise(1280, 720, 31);
        try (CudaOrbExtractor orb = new CudaOrbExtractor(cuda, new ConfigOrb(2000))) {
            OrbFeatures a = new OrbFeatures(), b = new OrbFeatures();
            orb.detect(first, a);
            orb.detect(second, b);
            DeviceFeatures da = orb.detectOnDevice(first);
            DeviceFeatures db = orb.detectOnDevice(second);
            assertThat(db).isNotSameAs(da);
            assertThat(da.count).isEqualTo(a.size()).isPositive();
            assertThat(db.count).isEqualTo(b.size()).isPositive();
            // the first frame's features are still intact after the second detection
            assertSameOnDevice(da, a);
            assertSameOnDevice(db, b);
            assertThat(orb.lastLevelCounts()[2]).isNotEmpty();
        }
    }

    private static void assertSameOnDevice(DeviceFeatures device, OrbFeatures host) {
        int n = device.count;
        try (PinnedBuffer d = cuda.pinnedBuffer("test", (long) n * 32); PinnedBuffer p = cuda.pinnedBuffer("test", (long) n * 8);
             PinnedBuffer l = cuda.pinnedBuffer("test", (long) n * 4)) {
            device.descriptors.downloadAsync(d, (long) n * 32);
            device.positions.downloadAsync(p, (long) n * 8);
            device.levels.downloadAsync(l, (long) n * 4);
            byte[] desc = new byte[n * 32], pos = new byte[n * 8], lev = new byte[n * 4];
            d.get(0, desc, 0, desc.length);
            p.get(0, pos, 0, pos.length);
            l.get(0, lev, 0, lev.length);
            assertThat(desc).isEqualTo(Arrays.copyOf(host.descriptors.data, n * 32));
            ByteBuffer pb = ByteBuffer.wrap(pos).order(ByteOrder.LITTLE_ENDIAN);
            ByteBuffer lb = ByteBuffer.wrap(lev).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < n; i++) {
                assertThat(pb.getFloat(8 * i)).isEqualTo(host.keyPoints.x[i]);
                assertThat(pb.getFloat(8 * i + 4)).isEqualTo(host.keyPoints.y[i]);
                assertThat(lb.getInt(4 * i)).isEqualTo(host.keyPoints.level[i]);
            }
        }
    }

    @Test
    void stageTimingCoversEveryStage() {
        try (CudaOrbExtractor orb = new CudaOrbExtractor(cuda, new ConfigOrb(2000))) {
            orb.enableStageTiming();
            orb.detect(RandomImages.noise(1280, 720, 40), new OrbFeatures());
            Map<String, Float> ms = orb.lastStageMillis();
            LOG.info("ORB stage times (ms), one 1280x720 noise frame: {}", ms);
            assertThat(ms.keySet()).containsExactlyElementsOf(CudaOrbExtractor.STAGES);
            assertThat(ms.values()).allSatisfy(t -> assertThat(t).isGreaterThanOrEqualTo(0f));
        }
    }

    /** The PNG frames of -Dgpuvo.gpuTestImages (the device machine has no shared data folder). */
    static final class TestImages {
        static List<Path> frames() {
            String dir = System.getProperty("gpuvo.gpuTestImages", "");
            if (dir.isBlank() || !Files.isDirectory(Path.of(dir)))
                return List.of();
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                return files.filter(p -> p.getFileName().toString().toLowerCase().endsWith(".png")).sorted().toList();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        static GrayImage read(Path file) {
            try {
                return ImageFiles.readGray(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
