package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What can be checked of the CUDA float matcher without a device. */
class CudaFloatMatcherTest {
    @Test
    void factoryRejectsBadConfigurationsFirst() {
        assertThatThrownBy(() -> FactoryMatcher.floatCuda(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FactoryMatcher.floatCuda(new ConfigMatch(0, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.floatCuda(new ConfigMatch(0.8, false, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDistance");
    }

    @Test
    void factorySaysWhyCudaIsUnavailable() {
        CudaStatus status = CudaProbe.status();
        assumeFalse(status.usable(), "a CUDA device is present");
        assertThatThrownBy(() -> FactoryMatcher.floatCuda(new ConfigMatch()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(status.reason());
    }

    @Test
    void nullContextIsRejected() {
        assertThatThrownBy(() -> new CudaFloatMatcher(null, new ConfigMatch()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0} column tiles, {1} per block, forced {2}")
    @CsvSource({"1,2,0", "16,2,0", "128,125,0", "128,249,0", "34,7,0", "1000,2,0", "32,8,0", "5,2,3", "5,2,64",
            "128,2,7"})
    void splitsCoverEveryTileOnceAndNoneIsEmpty(int colTiles, int perBlock, int forced) {
        int[] plan = CudaFloatMatcher.planSplits(colTiles, perBlock, forced);
        int splits = plan[0], perSplit = plan[1];
        assertThat(splits).isBetween(1, CudaFloatMatcher.MAX_SPLITS);
        assertThat((long) splits * perSplit).isGreaterThanOrEqualTo(colTiles);
        assertThat((long) (splits - 1) * perSplit).isLessThan(colTiles);
        if (forced > 0)
            assertThat(splits).isLessThanOrEqualTo(Math.min(forced, colTiles));
    }

    @Test
    void tileGridsAreAboutOneWaveOnAnH100() {
        int blocks = CudaFloatMatcher.TILE_BLOCKS_PER_SM * 132;
        // 16384^2, knn: 256 row blocks x 128 column tiles -> 2 splits of 64: 512 blocks, two waves of two per SM
        int per = CudaFloatMatcher.tilesPerBlock(256L * 128, blocks);
        assertThat(CudaFloatMatcher.planSplits(128, per, 0)).containsExactly(2, 64);
        // 4096^2, knn: 64 x 32 -> 4 splits of 8: 256 blocks, one wave
        per = CudaFloatMatcher.tilesPerBlock(64L * 32, blocks);
        assertThat(CudaFloatMatcher.planSplits(32, per, 0)).containsExactly(4, 8);
        // 3267 x 4318 with the mutual check: 52 x 34 + 68 x 26 -> 3 splits of 12 and 2 of 13: 292 blocks
        per = CudaFloatMatcher.tilesPerBlock(52L * 34 + 68L * 26, blocks);
        assertThat(CudaFloatMatcher.planSplits(34, per, 0)).containsExactly(3, 12);
        assertThat(CudaFloatMatcher.planSplits(26, per, 0)).containsExactly(2, 13);
        // 2000^2: 32 x 16 -> 8 splits of 2: 256 blocks
        per = CudaFloatMatcher.tilesPerBlock(32L * 16, blocks);
        assertThat(CudaFloatMatcher.planSplits(16, per, 0)).containsExactly(8, 2);
    }

    /** The launch constants the host mirrors are those #defined in the kernels. */
    @Test
    void constantsMatchTheKernels() throws IOException {
        // the module's directory when run by Maven, the repository root when run from a packed checkout
        Path sources = Files.isDirectory(Path.of("src/main/cuda")) ? Path.of("src/main/cuda")
                : Path.of("gpu/src/main/cuda");
        assumeTrue(Files.isDirectory(sources), "kernel sources not found from " + Path.of("").toAbsolutePath());
        Map<String, String> defines = new HashMap<>();
        for (String file : new String[]{"float_match_common.cuh", "float_convert.cu", "float_tiles.cu",
                "float_rescore.cu", "match_select.cu"}) {
            Matcher m = Pattern.compile("(?m)^#define (\\w+) ([^\\s/]+)").matcher(
                    Files.readString(sources.resolve(file)));
            while (m.find())
                defines.put(m.group(1), m.group(2));
        }
        assertThat(defines.get("FLOAT_CANDIDATES")).isEqualTo(String.valueOf(CudaFloatMatcher.CANDIDATES));
        assertThat(defines.get("FLOAT_TILE")).isEqualTo(String.valueOf(CudaFloatMatcher.TILE));
        assertThat(Integer.parseInt(defines.get("FLOAT_K"))).isEqualTo(CudaFloatMatcher.MAX_LENGTH)
                .isEqualTo(CudaFloatMatcher.HALF_ROW_BYTES / 2);
        assertThat(defines.get("CONVERT_BLOCK")).isEqualTo(String.valueOf(CudaFloatMatcher.CONVERT_BLOCK));
        assertThat(defines.get("TILE_THREADS")).isEqualTo(String.valueOf(CudaFloatMatcher.TILE_THREADS));
        assertThat(defines.get("TILE_ROWS")).isEqualTo(String.valueOf(CudaFloatMatcher.TILE_ROWS));
        assertThat(defines.get("RESCORE_QUERIES")).isEqualTo(String.valueOf(CudaFloatMatcher.RESCORE_QUERIES));
        assertThat(defines.get("SELECT_BLOCK")).isEqualTo(String.valueOf(CudaFloatMatcher.SELECT_BLOCK))
                .isEqualTo(defines.get("RESCORE_COUNT_QUERIES"));
        assertThat(CudaFloatMatcher.SELECT_BLOCK % CudaFloatMatcher.RESCORE_QUERIES).as("a re-score block adds to "
                + "one kept count").isZero();
        assertThat(Float.parseFloat(defines.get("FLOAT_MAX_COMPONENT").replace("f", "")))
                .isEqualTo(FloatDescriptorMatcher.MAX_COMPONENT);
    }
}
