package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.AteResult;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rendered highway (its preset: 30 m/s at 20 Hz, 1.5 m a frame, 4 ms of motion blur, a 0.54 m stereo rig), 120
 * frames (180 m) at 480×360, on the CPU backend with deterministic mapping: every frame has a pose and the ATE after
 * SE(3) alignment stays within 1 % of the path. Nearly all of the scene's texture lies beyond 40 m; the stereo map
 * keeps points down to a disparity of 1 px ({@link ConfigVisualOdometry#stereoMinDisparityPixels}).
 */
class HighwayOdometryTest {
    private static final int FRAMES = 120;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            // mode, features, max ATE / path, max frames lost
            "STEREO, ORB,  0.01, 0",
            // SIFT's contrast threshold starts at its ceiling and adapts down over the first frames (few features
            // there), and fewer of its features are matched from frame to frame (about a fifth; ORB's about half)
            "STEREO, SIFT, 0.01, 12",
    })
    void driftStaysWithinOnePercentOfThePath(VoMode mode, FeatureType features, double maxAteOfPath, int maxLost) {
        ConfigSynthetic render = ConfigSynthetic.highway();
        render.frames = FRAMES;
        render.width = 480;
        render.height = 360;
        render.focalLength = 375;
        render.seed = 7;
        SyntheticSequence sequence = new SyntheticSequence(render);
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.deterministic = true;
        config.backend = Backend.CPU;
        config.features = features;
        SequenceRun run = SequenceOdometry.run(sequence, config, null);
        Trajectory truth = sequence.groundTruth().orElseThrow();
        double ateOfPath = ate(run, truth, mode == VoMode.MONO ? AlignmentMode.SIM3 : AlignmentMode.SE3).rmse()
                / truth.pathLength();
        System.out.printf("highway %s %s: tracked %d/%d, lost %d, ATE %.3f %% of %.1f m%n", mode, features,
                run.framesTracked(), run.frames().size(), run.framesLost(), 100 * ateOfPath, truth.pathLength());

        assertThat(run.frames()).hasSize(FRAMES).allMatch(FrameResult::hasPose);
        assertThat(run.framesLost()).isLessThanOrEqualTo(maxLost);
        assertThat(ateOfPath).isLessThanOrEqualTo(maxAteOfPath);
    }

    /** The ATE over every frame: each has a pose, so each is associated with the ground truth. */
    private static AteResult ate(SequenceRun run, Trajectory truth, AlignmentMode alignment) {
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = alignment;
        AteResult ate = TrajectoryEvaluation.evaluate(run.trajectory(), truth, eval).ate();
        assertThat(ate.n()).isEqualTo(run.frames().size());
        return ate;
    }
}
