package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What can be checked of the CUDA matcher without a device. */
class CudaHammingMatcherTest {
    @Test
    void factoryRejectsBadConfigurationsFirst() {
        assertThatThrownBy(() -> FactoryMatcher.cuda(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FactoryMatcher.cuda(new ConfigMatch(0, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.cuda(new ConfigMatch(0.8, false, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDistance");
    }

    @Test
    void factorySaysWhyCudaIsUnavailable() {
        CudaStatus status = CudaProbe.status();
        assumeFalse(status.usable(), "a CUDA device is present");
        assertThatThrownBy(() -> FactoryMatcher.cuda(new ConfigMatch()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(status.reason());
    }

    @Test
    void nullContextIsRejected() {
        assertThatThrownBy(() -> new CudaHammingMatcher(null, new ConfigMatch()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{0}x{1} on {2} SMs")
    @CsvSource({"1,1,132", "7,7,132", "2000,2000,132", "16384,16384,132", "100000,100,132", "5,1000000,132",
            "2000,2000,1", "0,0,132"})
    void splitsAreWithinBounds(int nq, int nt, int sms) {
        int popc = CudaHammingMatcher.planSplitsPopc(Math.max(1, nq), Math.max(1, nt), sms);
        int b1 = CudaHammingMatcher.planSplitsB1(Math.max(1, nq), Math.max(1, nt), sms);
        assertThat(popc).isBetween(1, CudaHammingMatcher.MAX_SPLITS);
        assertThat(b1).isBetween(1, CudaHammingMatcher.MAX_SPLITS);
        assertThat(popc).isLessThanOrEqualTo(Math.max(1, CudaHammingMatcher.ceilDiv(Math.max(1, nt), 128)));
        // no second partial wave: blocks <= resident capacity, unless one split is all there is
        int b1Blocks = CudaHammingMatcher.ceilDiv(Math.max(1, nq), 256) * b1;
        assertThat(b1 == 1 || b1Blocks <= CudaHammingMatcher.BLOCKS_PER_SM * sms).isTrue();
    }

    @ParameterizedTest(name = "{0} rows x {1} cols, target {2}")
    @CsvSource({"1,1,528", "2000,2000,528", "2000,2000,264", "8192,8192,528", "100,30000,528", "129,7,528",
            "7,100000,528", "2000,2000,1"})
    void fusedPlanCoversEveryTileOnce(int rows, int cols, int target) {
        int[] plan = CudaHammingMatcher.planFused(rows, cols, target, 0);
        int tiles = CudaHammingMatcher.ceilDiv(cols, 8);
        int splits = plan[0], perSplit = plan[1];
        assertThat(splits).isPositive();
        assertThat(perSplit).isPositive();
        // the splits cover the tiles and none is empty
        assertThat((long) splits * perSplit).isGreaterThanOrEqualTo(tiles);
        assertThat((long) (splits - 1) * perSplit).isLessThan(tiles);
        assertThat(perSplit >= CudaHammingMatcher.FUSED_MIN_TILES || splits == 1).isTrue();
        int blocks = CudaHammingMatcher.ceilDiv(rows, CudaHammingMatcher.FUSED_ROWS_PER_BLOCK) * splits;
        assertThat(splits == 1 || blocks < 2L * target + CudaHammingMatcher.ceilDiv(rows, 128)).isTrue();
        // forced splits (tests of the merge) are honoured up to one per tile
        assertThat(CudaHammingMatcher.planFused(rows, cols, target, 3)[0]).isLessThanOrEqualTo(Math.min(3, tiles));
    }

    @Test
    void fusedPlanFor2000FillsAnH100() {
        // 132 SMs, FUSED_BLOCKS_PER_SM = 4: 16 row blocks x 32 splits of 8 tiles = 512 blocks, one wave
        int[] plan = CudaHammingMatcher.planFused(2000, 2000, CudaHammingMatcher.FUSED_BLOCKS_PER_SM * 132, 0);
        assertThat(plan).containsExactly(32, 8);
    }

    @Test
    void predictionIsTheHomographyInDoubles() {
        double[] h = {2, 0, 1, 0, 3, -1, 0, 0, 1};
        assertThat(CudaHammingMatcher.predict(h, 10, 20)).containsExactly(21f, 59f);
        double[] singular = {1, 0, 0, 0, 1, 0, 0, 0, 0};
        assertThat(Float.isFinite(CudaHammingMatcher.predict(singular, 1, 1)[0])).isFalse();
    }
}
