package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Deterministic mapping a few frames behind tracking, on a thread of its own (the stereo default): runs repeat bit for
 * bit, however the two threads happen to interleave, and the trajectory stays within the room's target of 0.5 % of the
 * path; without a bundle adjustment the lag changes nothing at all.
 */
class MappingLagOdometryTest {
    private static final int FRAMES = 80;

    @Test
    void laggedDeterministicRunsRepeatBitForBit() {
        ConfigSynthetic render = ConfigSynthetic.room();
        render.frames = FRAMES;
        Sequence sequence = CachedSequence.of(new SyntheticSequence(render));
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        assertThat(config.mappingLag).isEqualTo(config.bundleInterval);

        SequenceRun first = SequenceOdometry.run(sequence, config, null);
        SequenceRun second = SequenceOdometry.run(sequence, config, null);
        assertThat(first.mapping()).isNotEmpty();
        assertThat(poses(second.trajectory())).containsExactlyElementsOf(poses(first.trajectory()));
        assertThat(poses(second.refined())).containsExactlyElementsOf(poses(first.refined()));

        Trajectory truth = sequence.groundTruth().orElseThrow();
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = AlignmentMode.SE3;
        double ate = TrajectoryEvaluation.evaluate(first.trajectory(), truth, eval).ate().rmse();
        System.out.printf("room stereo, mapping %d frames behind: ATE %.5f m = %.3f %% of the path%n",
                config.mappingLag, ate, 100 * ate / truth.pathLength());
        assertThat(first.framesTracked()).isEqualTo(FRAMES);
        assertThat(ate / truth.pathLength()).isLessThanOrEqualTo(0.005);
    }

    /**
     * Without a bundle adjustment, nothing mapping does changes what tracking sees: frames and points not yet taken in
     * are held where mapping will place them (PendingPoints, PendingRefinements, TrackedPoses). So a run with mapping
     * behind tracking must give the trajectory of one with mapping after each frame, up to rounding (a monocular point
     * held in its frame's camera comes back from there rounded differently); a position held differently (a refined
     * monocular point tracked at its old position: centimetres; a pose off orthonormal) breaks it.
     */
    @ParameterizedTest
    @EnumSource(VoMode.class)
    void withoutBundleAdjustmentTheLagChangesNothing(VoMode mode) {
        Sequence sequence = CachedSequence.of(new SyntheticSequence(ConfigSynthetic.room(320, 240, 50)));
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = Backend.CPU;
        config.deterministic = true;
        config.bundleWindow = 0;
        config.mappingLag = 0;
        SequenceRun inline = SequenceOdometry.run(sequence, config, null);
        config.mappingLag = 3;
        SequenceRun behind = SequenceOdometry.run(sequence, config, null);
        assertThat(inline.framesTracked()).isGreaterThan(sequence.size() / 2);
        assertThat(behind.trajectory().size()).isEqualTo(inline.trajectory().size());
        for (int i = 0; i < inline.trajectory().size(); i++) {
            Se3_F64 a = inline.trajectory().pose(i), b = behind.trajectory().pose(i);
            assertThat(a.T.distance(b.T)).as("frame %d", i).isLessThan(1e-6);
            for (int k = 0; k < 9; k++)
                assertThat(Math.abs(a.R.data[k] - b.R.data[k])).as("frame %d", i).isLessThan(1e-8);
        }
    }

    /** Each pose as text with every digit, so that equality is bit for bit. */
    private static List<String> poses(Trajectory trajectory) {
        return IntStream.range(0, trajectory.size()).mapToObj(i -> exact(trajectory.pose(i))).toList();
    }

    private static String exact(Se3_F64 p) {
        StringBuilder s = new StringBuilder();
        for (double v : p.R.data)
            s.append(Double.toHexString(v)).append(' ');
        return s.append(Double.toHexString(p.T.x)).append(' ').append(Double.toHexString(p.T.y)).append(' ')
                .append(Double.toHexString(p.T.z)).toString();
    }
}
