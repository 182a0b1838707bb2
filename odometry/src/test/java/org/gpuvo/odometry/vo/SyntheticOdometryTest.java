package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Accuracy on rendered sequences of 300 frames with exact ground truth: stereo and RGB-D within 1 % of the path
 * (ATE after SE(3) alignment), monocular within 0.5 % (after Sim(3) alignment); with five black frames the run
 * completes and tracking resumes after them.
 */
class SyntheticOdometryTest {
    @ParameterizedTest(name = "{0} {1}, black frames: {2}")
    @CsvSource({
            "STEREO, ROOM,   false, 0.01",
            "RGBD,   ROOM,   false, 0.01",
            "MONO,   ROOM,   false, 0.005",
            "STEREO, STREET, false, 0.01",
            "STEREO, ROOM,   true,  0.01",
            "MONO,   ROOM,   true,  0.005",
    })
    void driftStaysWithinTheTarget(VoMode mode, ConfigSynthetic.SceneKind scene, boolean blackFrames, double maxAteOfPath) {
        ConfigSynthetic render = scene == ConfigSynthetic.SceneKind.ROOM ? ConfigSynthetic.room() : ConfigSynthetic.street();
        render.seed = 7;
        if (blackFrames)
            render.blackFrames = new int[]{100, 101, 102, 103, 104};
        SyntheticSequence sequence = new SyntheticSequence(render);
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = Backend.CPU;
        config.orb.levels = Integer.getInteger("t.levels", config.orb.levels);
        config.inlierThresholdPixels = Double.parseDouble(System.getProperty("t.thr", "" + config.inlierThresholdPixels));
        config.bundleInterval = Integer.getInteger("t.bi", config.bundleInterval);
        config.useMotionPrior = Boolean.parseBoolean(System.getProperty("t.prior", "true"));
        config.match.searchRadius = Double.parseDouble(System.getProperty("t.radius", "64"));
        config.orb.maxFeatures = Integer.getInteger("t.features", 2000);
        render.frames = Integer.getInteger("t.frames", 300);
        SequenceRun run = SequenceOdometry.run(sequence, config, null);

        Trajectory truth = sequence.groundTruth().orElseThrow();
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = mode == VoMode.MONO ? AlignmentMode.SIM3 : AlignmentMode.SE3;
        EvaluationResult result = TrajectoryEvaluation.evaluate(run.trajectory(), truth, eval);
        double path = truth.pathLength();
        System.out.printf("synthetic %s %s black=%s: tracked %d/%d lost %d, ATE %.4f m = %.3f %% of %.1f m%n", scene, mode,
                blackFrames, run.framesTracked(), run.frames().size(), run.framesLost(), result.ate().rmse(),
                100 * result.ate().rmse() / path, path);
        assertThat(run.frames()).hasSize(render.frames);
        if (blackFrames) {
            assertThat(run.frames().subList(100, 105)).noneMatch(FrameResult::tracked);
            assertThat(run.frames().subList(110, 300)).allMatch(FrameResult::tracked);
        } else {
            assertThat(run.framesLost()).isZero();
        }
        assertThat(result.ate().rmse() / path).isLessThanOrEqualTo(maxAteOfPath);
    }
}
