package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RelativePoseErrorTest {

    @ParameterizedTest
    @EnumSource(DeltaUnit.class)
    void identicalTrajectoriesHaveNoRelativeError(DeltaUnit unit) {
        Trajectory reference = TestTrajectories.randomWalk(11, 300);
        Trajectory estimate = reference.copy();
        double delta = unit == DeltaUnit.FRAMES ? 3 : unit == DeltaUnit.METERS ? 2.5 : 0.5;
        RpeResult tum = RelativePoseError.tum(estimate, reference, delta, unit, 0);
        assertThat(tum.n()).isGreaterThan(200);
        assertThat(tum.translation().max()).isLessThan(1e-9);
        assertThat(tum.rotationDeg().max()).isLessThan(1e-5);
        if (unit != DeltaUnit.SECONDS) {
            RpeResult evo = RelativePoseError.evo(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference),
                    delta, unit);
            assertThat(evo.n()).isGreaterThan(50);
            assertThat(evo.translation().max()).isLessThan(1e-9);
            assertThat(evo.rotationDeg().max()).isLessThan(1e-5);
        }
    }

    @Test
    void aRigidlyMovedCopyHasNoRelativeError() {
        Trajectory reference = TestTrajectories.randomWalk(12, 100);
        Trajectory estimate = TestTrajectories.similarity(1, 0.5, 1.0, -2.0, 10, -20, 30).transform(reference);
        RpeResult rpe = RelativePoseError.evo(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference),
                1, DeltaUnit.FRAMES);
        assertThat(rpe.n()).isEqualTo(99);
        assertThat(rpe.translation().max()).isLessThan(1e-9);
    }

    @Test
    void aTenPercentLongerStepIsATenPercentTranslationError() {
        Trajectory reference = TestTrajectories.straightLine(50, 1.0, 0.1);
        Trajectory estimate = TestTrajectories.straightLine(50, 1.1, 0.1);
        RpeResult evo = RelativePoseError.evo(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference),
                2, DeltaUnit.FRAMES);
        assertThat(evo.transRmse()).isCloseTo(0.2, within(1e-12));
        assertThat(evo.rotRmseDeg()).isZero();
        RpeResult tum = RelativePoseError.tum(estimate, reference, 1, DeltaUnit.FRAMES, 0);
        assertThat(tum.transRmse()).isCloseTo(0.1, within(1e-12));
    }

    @Test
    void evoFramePairsAreConsecutiveAndDoNotOverlap() {
        Trajectory line = TestTrajectories.straightLine(10, 1.0, 0.1);
        RpeResult rpe = RelativePoseError.evo(line, line, TrajectoryAssociation.byIndex(line, line), 3, DeltaUnit.FRAMES);
        assertThat(rpe.first()).containsExactly(0, 3, 6);
        assertThat(rpe.second()).containsExactly(3, 6, 9);
    }

    @Test
    void evoPathPairsStartAtTheFirstCut() {
        // positions 0, 1, ..., 9 m: the path reaches 2.5 m at 3, then 2.5 m more at 6 and 9
        Trajectory line = TestTrajectories.straightLine(10, 1.0, 0.1);
        RpeResult rpe = RelativePoseError.evo(line, line, TrajectoryAssociation.byIndex(line, line), 2.5, DeltaUnit.METERS);
        assertThat(rpe.first()).containsExactly(3, 6);
        assertThat(rpe.second()).containsExactly(6, 9);
        // a cut is made when the path reaches delta exactly (>=)
        RpeResult exact = RelativePoseError.evo(line, line, TrajectoryAssociation.byIndex(line, line), 3, DeltaUnit.METERS);
        assertThat(exact.first()).containsExactly(3, 6);
    }

    @Test
    void evoPairsAreIndicesOfTheEstimateThroughTheAssociation() {
        Trajectory reference = TestTrajectories.straightLine(20, 1.0, 0.1);
        Trajectory estimate = reference.select(new int[]{4, 5, 6, 7, 8});
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        RpeResult rpe = RelativePoseError.evo(estimate, reference, pairs, 2, DeltaUnit.FRAMES);
        assertThat(rpe.first()).containsExactly(0, 2);
        assertThat(rpe.translation().max()).isLessThan(1e-12);
    }

    @Test
    void tumPairsDropTheLastPoseAndPosesFarFromTheReference() {
        Trajectory line = TestTrajectories.straightLine(10, 1.0, 0.1);
        RpeResult all = RelativePoseError.tum(line, line, 1, DeltaUnit.FRAMES, 0);
        assertThat(all.first()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7);
        assertThat(all.second()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        // the reference (0.1 s period) has a hole from -0.25 s to 0.85 s: estimate poses more than twice its
        // period from any reference pose (those up to 0.6 s) start or end no pair
        Trajectory reference = new Trajectory();
        for (int i = 0; i < 30; i++)
            if (i < 3 || i > 12)
                reference.add(0.1 * i - 0.45, new Se3_F64());
        RpeResult some = RelativePoseError.tum(line, reference, 1, DeltaUnit.FRAMES, 0);
        assertThat(some.first()).containsExactly(7);
        // the tool's --offset moves the estimate's clock onto the reference's
        RpeResult shifted = RelativePoseError.tum(line, reference, 1, DeltaUnit.FRAMES, 1.0);
        assertThat(shifted.n()).isEqualTo(8);
    }

    @Test
    void tumSecondsPairEachPoseWithTheOneNearestOneSecondLater() {
        Trajectory line = TestTrajectories.straightLine(31, 1.0, 0.1);
        RpeResult rpe = RelativePoseError.tum(line, line, 1.0, DeltaUnit.SECONDS, 0);
        for (int k = 0; k < rpe.n(); k++)
            assertThat(rpe.second()[k] - rpe.first()[k]).isEqualTo(10);
        // j = 30 is the last pose: pairs ending there are dropped, and so are those whose nearest end is it
        assertThat(rpe.n()).isEqualTo(20);
    }

    @Test
    void findClosestIndexFollowsTheTumTools() {
        double[] values = {0, 1, 2, 3, 4};
        assertThat(RelativePoseError.findClosestIndex(values, 2.2)).isEqualTo(2);
        assertThat(RelativePoseError.findClosestIndex(values, 2.7)).isEqualTo(3);
        assertThat(RelativePoseError.findClosestIndex(values, -5)).isEqualTo(0);
        assertThat(RelativePoseError.findClosestIndex(values, 50)).isEqualTo(4);
        assertThat(RelativePoseError.findClosestIndex(values, 3)).isEqualTo(3);
    }

    @Test
    void badDeltasAreRefused() {
        Trajectory line = TestTrajectories.straightLine(10, 1.0, 0.1);
        AssociatedPairs pairs = TrajectoryAssociation.byIndex(line, line);
        assertThatThrownBy(() -> RelativePoseError.evo(line, line, pairs, 1.5, DeltaUnit.FRAMES)).hasMessageContaining("whole number");
        assertThatThrownBy(() -> RelativePoseError.evo(line, line, pairs, 0, DeltaUnit.METERS)).hasMessageContaining("positive");
        assertThatThrownBy(() -> RelativePoseError.evo(line, line, pairs, 1, DeltaUnit.SECONDS)).hasMessageContaining("TUM");
    }
}
