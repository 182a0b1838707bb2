package org.gpuvo.odometry.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The rule of {@link AdaptiveSiftThreshold}: down on too few features, to the floor; up on the cap, to the ceiling. */
class AdaptiveSiftThresholdTest {
    private static final int ASKED = 2000;

    private static AdaptiveSiftThreshold defaults() {
        return new AdaptiveSiftThreshold(0.04, new ConfigSiftThreshold());
    }

    @Test
    void theStepsArePowersOfTheFactorDownToTheFloor() {
        AdaptiveSiftThreshold t = defaults();
        double[] steps = t.thresholds();
        assertThat(steps).hasSize(7);
        for (int k = 0; k < 6; k++)
            assertThat(steps[k]).isCloseTo(0.04 * Math.pow(0.7, k), within(1e-15));
        assertThat(steps[6]).isEqualTo(0.005);
        assertThat(t.threshold()).as("the first frame's: the configured one").isEqualTo(0.04);
        assertThat(t.step()).isZero();
    }

    @Test
    void tooFewFeaturesLowerTheThresholdOneStepAFrameDownToTheFloor() {
        AdaptiveSiftThreshold t = defaults();
        double[] steps = t.thresholds();
        for (int k = 1; k < steps.length; k++)
            assertThat(t.update(350, ASKED)).as("after %d sparse frames", k).isEqualTo(steps[k]);
        for (int k = 0; k < 5; k++)
            assertThat(t.update(0, ASKED)).as("at the floor").isEqualTo(0.005);
        assertThat(t.step()).isEqualTo(steps.length - 1);
    }

    @Test
    void countsBetweenTheLowMarkAndTheCapKeepTheThreshold() {
        AdaptiveSiftThreshold t = defaults();
        t.update(100, ASKED);
        t.update(100, ASKED);
        double held = t.threshold();
        for (int found : new int[]{1400, 1999, 1500, 1400, 1700})
            assertThat(t.update(found, ASKED)).isEqualTo(held);
        assertThat(t.update(1399, ASKED)).as("just below 70 %").isLessThan(held);
    }

    @Test
    void theCapReachedRaisesItBackAfterFiveFramesInARowNeverAboveTheCeiling() {
        AdaptiveSiftThreshold t = defaults();
        double[] steps = t.thresholds();
        for (int k = 0; k < 3; k++)
            t.update(200, ASKED);
        assertThat(t.step()).isEqualTo(3);
        for (int k = 0; k < 4; k++)
            assertThat(t.update(ASKED, ASKED)).as("saturated frame %d", k + 1).isEqualTo(steps[3]);
        assertThat(t.update(ASKED, ASKED)).as("the fifth in a row").isEqualTo(steps[2]);
        // a frame in between starts the count again
        for (int k = 0; k < 4; k++)
            t.update(ASKED, ASKED);
        t.update(1600, ASKED);
        for (int k = 0; k < 4; k++)
            assertThat(t.update(ASKED, ASKED)).isEqualTo(steps[2]);
        assertThat(t.update(ASKED, ASKED)).isEqualTo(steps[1]);
        for (int k = 0; k < 50; k++)
            assertThat(t.update(ASKED, ASKED)).isLessThanOrEqualTo(0.04);
        assertThat(t.threshold()).isEqualTo(0.04);
        assertThat(t.step()).isZero();
    }

    @Test
    void raisingAfterEveryCappedFrameWhenConfiguredSo() {
        ConfigSiftThreshold c = new ConfigSiftThreshold();
        c.raiseAfterFrames = 1;
        AdaptiveSiftThreshold t = new AdaptiveSiftThreshold(0.04, c);
        t.update(10, ASKED);
        t.update(10, ASKED);
        assertThat(t.update(ASKED, ASKED)).isEqualTo(t.thresholds()[1]);
        assertThat(t.update(ASKED, ASKED)).isEqualTo(0.04);
        assertThat(t.update(ASKED, ASKED)).isEqualTo(0.04);
    }

    @Test
    void theSameCountsGiveTheSameThresholds() {
        SplittableRandom random = new SplittableRandom(7);
        int[] counts = new int[500];
        for (int i = 0; i < counts.length; i++)
            counts[i] = random.nextInt(4) == 0 ? ASKED : random.nextInt(ASKED + 1);
        List<Double> first = run(counts), second = run(counts);
        assertThat(second).isEqualTo(first);
        assertThat(first).allSatisfy(v -> assertThat(new AdaptiveSiftThreshold(0.04, new ConfigSiftThreshold())
                .thresholds()).contains(v));
        assertThat(first.stream().distinct().count()).as("it moved").isGreaterThan(1);
    }

    private static List<Double> run(int[] counts) {
        AdaptiveSiftThreshold t = defaults();
        List<Double> out = new ArrayList<>();
        for (int c : counts)
            out.add(t.update(c, ASKED));
        return out;
    }

    @Test
    void fixedOrAtTheFloorItNeverMoves() {
        AdaptiveSiftThreshold fixed = new AdaptiveSiftThreshold(0.04, ConfigSiftThreshold.fixed());
        AdaptiveSiftThreshold low = new AdaptiveSiftThreshold(0.004, new ConfigSiftThreshold());
        for (int k = 0; k < 10; k++) {
            assertThat(fixed.update(0, ASKED)).isEqualTo(0.04);
            assertThat(low.update(0, ASKED)).isEqualTo(0.004);
        }
        assertThat(fixed.thresholds()).containsExactly(0.04);
    }

    @Test
    void badParametersAreRefusedByName() {
        ConfigSiftThreshold c = new ConfigSiftThreshold();
        c.step = 1;
        assertThatThrownBy(() -> new AdaptiveSiftThreshold(0.04, c)).hasMessageContaining("step");
        ConfigSiftThreshold floor = new ConfigSiftThreshold();
        floor.minContrastThreshold = 0;
        assertThatThrownBy(() -> new AdaptiveSiftThreshold(0.04, floor)).hasMessageContaining("minContrastThreshold");
        ConfigSiftThreshold low = new ConfigSiftThreshold();
        low.lowFraction = 1.5;
        assertThatThrownBy(() -> new AdaptiveSiftThreshold(0.04, low)).hasMessageContaining("lowFraction");
        ConfigSiftThreshold raise = new ConfigSiftThreshold();
        raise.raiseAfterFrames = 0;
        assertThatThrownBy(() -> new AdaptiveSiftThreshold(0.04, raise)).hasMessageContaining("raiseAfterFrames");
        assertThatThrownBy(() -> new AdaptiveSiftThreshold(1.0, new ConfigSiftThreshold()))
                .hasMessageContaining("contrastThreshold");
        assertThatThrownBy(() -> defaults().update(-1, ASKED)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> defaults().update(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
