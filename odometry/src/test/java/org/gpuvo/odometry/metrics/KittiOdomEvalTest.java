package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class KittiOdomEvalTest {

    @Test
    void aScaledAndMovedEstimateStartingLateHasNoError() {
        Trajectory reference = TestTrajectories.randomWalk(21, 600);
        // frames 2.. of the reference, in another frame of reference and at a third of the scale (monocular)
        int[] frames = java.util.stream.IntStream.range(2, 600).toArray();
        Trajectory estimate = TestTrajectories.similarity(1.0 / 3, 0.2, -0.4, 2.0, 7, 8, 9)
                .transform(reference.select(frames));
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        KittiOdomEvalResult result = KittiOdomEval.evaluate(estimate, reference, pairs, AlignmentMode.SIM3);
        assertThat(result.frames()).isEqualTo(598);
        assertThat(result.alignment().scale).isCloseTo(3.0, within(1e-9));
        assertThat(result.ate()).isLessThan(1e-8);
        assertThat(result.rpeTrans()).isLessThan(1e-9);
        assertThat(result.rpeRotDeg()).isLessThan(1e-4);
        assertThat(result.kitti().segments()).isPositive();
        assertThat(result.kitti().translationError()).isLessThan(1e-9);
    }

    @Test
    void itsRpeIsTheMeanOfFrameToFrameErrors() {
        // steps of 1 m in the reference, alternately 1.1 m and 1.3 m in the estimate: errors 0.1, 0.3, 0.1, ...
        Trajectory reference = TestTrajectories.straightLine(11, 1.0, 0.1);
        Trajectory estimate = new Trajectory();
        double x = 0;
        for (int i = 0; i < 11; i++) {
            georegression.struct.se.Se3_F64 pose = new georegression.struct.se.Se3_F64();
            pose.T.x = x;
            estimate.add(0.1 * i, pose);
            x += i % 2 == 0 ? 1.1 : 1.3;
        }
        KittiOdomEvalResult result = KittiOdomEval.evaluate(estimate, reference,
                TrajectoryAssociation.byIndex(estimate, reference), AlignmentMode.NONE);
        assertThat(result.rpeTrans()).isCloseTo(0.2, within(1e-12));  // the mean; the RMSE would be 0.2236
        assertThat(result.kitti()).isNull();
    }
}
