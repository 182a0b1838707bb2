package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live mapping (local mapping on its own thread, the node's default) on the rendered room, fed as fast as the CPU
 * front end goes, which is about a camera's rate: both the trajectory as tracked and the refined one stay within
 * 1.2 times the deterministic target of 0.5 % of the path, every frame tracked and refined.
 */
class LiveMappingOdometryTest {
    private static final int FRAMES = 200;

    @ParameterizedTest
    @EnumSource(value = VoMode.class, names = {"STEREO", "RGBD"})
    void liveMappingStaysWithinTheTarget(VoMode mode) {
        ConfigSynthetic render = ConfigSynthetic.room();
        render.frames = FRAMES;
        render.seed = 7;
        SyntheticSequence sequence = new SyntheticSequence(render);
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = Backend.CPU;
        assertThat(config.deterministic).isFalse();
        SequenceRun run = SequenceOdometry.run(sequence, config, null);

        Trajectory truth = sequence.groundTruth().orElseThrow();
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = AlignmentMode.SE3;
        double ate = TrajectoryEvaluation.evaluate(run.trajectory(), truth, eval).ate().rmse();
        double refined = TrajectoryEvaluation.evaluate(run.refined(), truth, eval).ate().rmse();
        double path = truth.pathLength();
        System.out.printf("live room %s: tracked %d/%d, ATE %.4f m = %.3f %%, refined %.4f m = %.3f %%, %d bundle "
                        + "adjustments%n", mode, run.framesTracked(), FRAMES, ate, 100 * ate / path, refined,
                100 * refined / path, run.mapping().size());

        assertThat(run.framesTracked()).isEqualTo(FRAMES);
        assertThat(run.refined().size()).isEqualTo(FRAMES);
        assertThat(run.mapping()).isNotEmpty();
        assertThat(ate / path).isLessThanOrEqualTo(1.2 * 0.005);
        assertThat(refined / path).isLessThanOrEqualTo(1.2 * 0.005);
    }
}
