package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TrajectoryAssociationTest {

    @Test
    void nearestIsNotOneToOneAndKeepsDifferencesUpToTheTolerance() {
        Trajectory estimate = TestTrajectories.atTimes(1.000, 1.004, 2.0, 3.0095, 4.0200);
        Trajectory reference = TestTrajectories.atTimes(0.5, 1.002, 3.0, 4.0, 5.0, 6.0);
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        // 1.000 and 1.004 both take 1.002; 2.0 has none within 0.01; 3.0095 is within; 4.02 is not
        assertThat(pairs.estimateIndices()).containsExactly(0, 1, 3);
        assertThat(pairs.referenceIndices()).containsExactly(1, 1, 2);
    }

    @Test
    void nearestIncludesADifferenceEqualToTheTolerance() {
        Trajectory estimate = TestTrajectories.atTimes(1.5);
        Trajectory reference = TestTrajectories.atTimes(1.0, 1.25, 3.0);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, reference, 0.25, 0).size()).isEqualTo(1);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, reference, 0.2499, 0).size()).isZero();
    }

    @Test
    void nearestTakesTheEarlierOnATie() {
        Trajectory estimate = TestTrajectories.atTimes(1.5);
        Trajectory reference = TestTrajectories.atTimes(1.0, 1.25, 1.75, 3.0);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, reference, 0.5, 0).referenceIndices()).containsExactly(1);
    }

    @Test
    void theShorterTrajectoryDrivesAsInEvo() {
        // the estimate has more poses: each reference pose takes its nearest estimate pose
        Trajectory estimate = TestTrajectories.atTimes(0.0, 0.01, 0.02, 0.03, 0.04, 0.05);
        Trajectory reference = TestTrajectories.atTimes(0.011, 0.049);
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        assertThat(pairs.estimateIndices()).containsExactly(1, 5);
        assertThat(pairs.referenceIndices()).containsExactly(0, 1);
    }

    @Test
    void theOffsetIsAddedToEstimateTimes() {
        Trajectory estimate = TestTrajectories.atTimes(10.0, 11.0, 12.0);
        Trajectory reference = TestTrajectories.atTimes(0.0, 1.0, 2.0, 3.0);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0).size()).isZero();
        AssociatedPairs nearest = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, -9.0);
        assertThat(nearest.referenceIndices()).containsExactly(1, 2, 3);
        AssociatedPairs greedy = TrajectoryAssociation.greedyOneToOne(estimate, reference, 0.02, -9.0);
        assertThat(greedy.referenceIndices()).containsExactly(1, 2, 3);
        // the same with the estimate longer than the reference (the other side drives)
        Trajectory few = TestTrajectories.atTimes(1.0, 2.0);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, few, 0.01, -9.0).estimateIndices()).containsExactly(0, 1);
    }

    @Test
    void greedyIsOneToOneClosestFirstAndStrictlyBelowTheTolerance() {
        Trajectory estimate = TestTrajectories.atTimes(1.000, 1.004, 2.000, 3.000);
        Trajectory reference = TestTrajectories.atTimes(1.003, 1.010, 2.020, 2.981);
        AssociatedPairs pairs = TrajectoryAssociation.greedyOneToOne(estimate, reference, 0.02, 0);
        // (1.004, 1.003) is the closest candidate, so 1.000 gets 1.010; 2.000-2.020 is not below 0.02
        assertThat(pairs.estimateIndices()).containsExactly(0, 1, 3);
        assertThat(pairs.referenceIndices()).containsExactly(1, 0, 3);
    }

    @Test
    void byIndexPairsUpToTheShorter() {
        Trajectory a = TestTrajectories.straightLine(5, 1, 0.1), b = TestTrajectories.straightLine(3, 1, 7);
        AssociatedPairs pairs = TrajectoryAssociation.byIndex(a, b);
        assertThat(pairs.estimateIndices()).containsExactly(0, 1, 2);
        assertThat(pairs.referenceIndices()).containsExactly(0, 1, 2);
    }

    @Test
    void disjointTimesGiveNoPairs() {
        Trajectory estimate = TestTrajectories.atTimes(100, 101), reference = TestTrajectories.atTimes(0, 1, 2);
        assertThat(TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0).isEmpty()).isTrue();
        assertThat(TrajectoryAssociation.greedyOneToOne(estimate, reference, 0.02, 0).isEmpty()).isTrue();
    }
}
