package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class TrajectoryEvaluationTest {

    @Test
    void aMonocularEstimateIsRecoveredBySim3Alignment() {
        Trajectory reference = TestTrajectories.randomWalk(31, 400);
        Trajectory estimate = TestTrajectories.similarity(0.25, 1, 2, 3, -5, 0, 5).transform(reference);
        ConfigEvaluation config = new ConfigEvaluation();
        config.alignment = AlignmentMode.SIM3;
        EvaluationResult result = TrajectoryEvaluation.evaluate(estimate, reference, config);
        assertThat(result.pairs().size()).isEqualTo(400);
        assertThat(result.alignment().scale).isCloseTo(4.0, within(1e-9));
        assertThat(result.ate().statistics().max()).isLessThan(1e-8);
        assertThat(result.rpe().n()).isEqualTo(399);
        assertThat(result.rpe().transRmse()).isLessThan(1e-9);
        assertThat(result.kitti()).isNotNull();
        assertThat(result.kitti().translationError()).isLessThan(1e-9);
        // the aligned estimate lies on the reference
        assertThat(result.alignedEstimate().pose(123).T.distance(reference.pose(123).T)).isLessThan(1e-8);
        assertThat(result.ateTimes()).hasSize(400);
        assertThat(result.ateTimes()[10]).isEqualTo(reference.time(10));
    }

    @Test
    void rigidAlignmentLeavesTheScaleErrorInTheFigures() {
        Trajectory reference = TestTrajectories.randomWalk(32, 200);
        Trajectory estimate = TestTrajectories.similarity(0.5, 0, 0, 0, 0, 0, 0).transform(reference);
        EvaluationResult result = TrajectoryEvaluation.evaluate(estimate, reference, new ConfigEvaluation());
        assertThat(result.ate().rmse()).isGreaterThan(1);
        assertThat(result.rpe().transRmse()).isGreaterThan(0.1);
    }

    @Test
    void shortPathsHaveNoKittiFiguresAndSecondsUseTheTumStyle() {
        Trajectory reference = TestTrajectories.straightLine(50, 0.1, 0.1);
        ConfigEvaluation config = new ConfigEvaluation();
        config.rpeUnit = DeltaUnit.SECONDS;
        config.rpeDelta = 1;
        config.alignment = AlignmentMode.NONE;
        EvaluationResult result = TrajectoryEvaluation.evaluate(reference.copy(), reference, config);
        assertThat(result.kitti()).isNull();
        assertThat(result.rpe().style()).isEqualTo(RpeStyle.TUM);
        assertThat(result.rpe().n()).isPositive();
        assertThat(result.ate().rmse()).isZero();
    }

    @Test
    void aReferenceThatCoversNoneOfTheEstimateIsAClearError() {
        Trajectory estimate = TestTrajectories.straightLine(20, 1, 0.1);
        Trajectory reference = TestTrajectories.atTimes(100, 101, 102, 103);
        assertThatThrownBy(() -> TrajectoryEvaluation.evaluate(estimate, reference, new ConfigEvaluation()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("covers none of the estimate's times")
                .hasMessageContaining("0.000000 .. 1.900000 s")
                .hasMessageContaining("100.000000 .. 103.000000 s");
    }

    @Test
    void tooFewPairsToAlignIsAClearError() {
        Trajectory estimate = TestTrajectories.straightLine(2, 1, 0.1);
        assertThatThrownBy(() -> TrajectoryEvaluation.evaluate(estimate, estimate.copy(), new ConfigEvaluation()))
                .hasMessageContaining("only 2 associated poses");
        ConfigEvaluation none = new ConfigEvaluation();
        none.alignment = AlignmentMode.NONE;
        assertThat(TrajectoryEvaluation.evaluate(estimate, estimate.copy(), none).ate().n()).isEqualTo(2);
    }

    @Test
    void invalidSettingsAreRefused() {
        Trajectory line = TestTrajectories.straightLine(20, 1, 0.1);
        ConfigEvaluation config = new ConfigEvaluation();
        config.rpeDelta = 2.5;
        assertThatThrownBy(() -> TrajectoryEvaluation.evaluate(line, line, config)).hasMessageContaining("whole number");
        ConfigEvaluation negative = new ConfigEvaluation();
        negative.maxTimeDifference = -1;
        assertThatThrownBy(() -> TrajectoryEvaluation.evaluate(line, line, negative))
                .hasMessageContaining("maxTimeDifference");
    }
}
