package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The warm-up runs the pipeline over rendered frames a bounded number of times and reports a failure, never throws. */
class PipelineWarmUpTest {
    @Test
    void runsTwoToSixPassesOnTheBackendAskedFor() {
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.backend = Backend.CPU;
        PipelineWarmUp.Result w = PipelineWarmUp.run(config, 4);
        assertThat(w.ran()).as(String.valueOf(w.failure())).isTrue();
        assertThat(w.frames()).isEqualTo(4);
        assertThat(w.passes()).isBetween(PipelineWarmUp.MIN_PASSES, PipelineWarmUp.MAX_PASSES);
        assertThat(w.backend()).isEqualTo("cpu");
        assertThat(w.seconds()).isPositive();
    }

    @Test
    void noFramesIsNoWarmUpAndAFailingPipelineIsReportedNotThrown() {
        assertThat(PipelineWarmUp.run(new ConfigVisualOdometry(VoMode.MONO), 0).ran()).isFalse();

        ConfigVisualOdometry broken = new ConfigVisualOdometry(VoMode.MONO);
        broken.backend = Backend.CPU;
        broken.minTrackedPoints = 0;
        PipelineWarmUp.Result w = PipelineWarmUp.run(broken, 2);
        assertThat(w.ran()).isFalse();
        assertThat(w.failure()).contains("minTrackedPoints");
    }
}
