package org.gpuvo.odometry.metrics;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * Every figure of {@code trajectories/EXPECTED.md} (results of evo, the TUM RGB-D tools, the KITTI devkit and
 * kitti-odom-eval on their own test files). Figures printed with all their digits must agree to a relative 1e-8
 * (far more than the 6 significant digits asked); figures printed with 5 or 6 digits must round to exactly what is
 * printed. Skips where the shared data is absent.
 */
class ReferenceFiguresTest {
    /** Relative tolerance, in percent, for figures printed with all their digits. */
    private static final double FULL_PRECISION_PERCENT = 1e-6;

    private static Trajectory read(String name) {
        return new TrajectoryReader().read(SharedData.require("trajectories").resolve(name));
    }

    @Test
    void evoApeOfKitti00WithSe3Alignment() {
        Trajectory estimate = read("KITTI_00_ORB.txt"), reference = read("KITTI_00_gt.txt");
        assertThat(estimate.size()).isEqualTo(4541);
        AssociatedPairs pairs = TrajectoryAssociation.byIndex(estimate, reference);
        ErrorStatistics s = AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SE3).statistics();
        assertThat(s.n()).isEqualTo(4541);
        assertFull(s.rmse(), 1.3034497145650266);
        assertFull(s.mean(), 1.1569971285389768);
        assertFull(s.median(), 1.065624769555848);
        assertFull(s.std(), 0.6002822693968323);
        assertFull(s.min(), 0.06931322021483087);
        assertFull(s.max(), 3.587949120678954);
        assertFull(s.sse(), 7715.073440292808);
    }

    @Test
    void evoRpeOfKitti00WithTenMetrePairs() {
        Trajectory estimate = read("KITTI_00_ORB.txt"), reference = read("KITTI_00_gt.txt");
        RpeResult rpe = RelativePoseError.evo(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference),
                10, DeltaUnit.METERS);
        assertThat(rpe.n()).isEqualTo(353);
        assertFull(rpe.transRmse(), 0.22626134329310163);
    }

    @Test
    void kittiDevkitDriftOfKitti00() {
        Trajectory estimate = read("KITTI_00_ORB.txt"), reference = read("KITTI_00_gt.txt");
        KittiResult kitti = KittiSegmentErrors.compute(estimate, reference, TrajectoryAssociation.byIndex(estimate, reference));
        assertThat(kitti.segments()).isEqualTo(3283);
        assertRounded(kitti.tErrPercent(), "0.69973");
        assertRounded(kitti.rErrDegPer100m(), "0.25333");
        assertThat(java.util.Arrays.stream(kitti.lengthSegments()).sum()).isEqualTo(3283);
    }

    @Test
    void tumAteWithGreedyAssociationAndHornAlignment() {
        Trajectory estimate = read("freiburg1_xyz-rgbdslam.txt"), reference = read("freiburg1_xyz-groundtruth.txt");
        AssociatedPairs pairs = TrajectoryAssociation.greedyOneToOne(estimate, reference, 0.02, 0);
        assertThat(pairs.size()).isEqualTo(786);
        assertRounded(AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SE3).rmse(), "0.013473");
    }

    @Test
    void evoAteOfTumFilesWithNearestAssociation() {
        Trajectory estimate = read("freiburg1_xyz-rgbdslam.txt"), reference = read("freiburg1_xyz-groundtruth.txt");
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        assertThat(pairs.size()).isEqualTo(785);
        assertRounded(AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SE3).rmse(), "0.013470");
    }

    @Test
    void rpeOfTumFilesOneFrameApart() {
        Trajectory estimate = read("freiburg1_xyz-rgbdslam.txt"), reference = read("freiburg1_xyz-groundtruth.txt");
        RpeResult tum = RelativePoseError.tum(estimate, reference, 1, DeltaUnit.FRAMES, 0);
        assertThat(tum.n()).isEqualTo(783);
        assertRounded(tum.transRmse(), "0.005763");
        RpeResult evo = RelativePoseError.evo(estimate, reference,
                TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0), 1, DeltaUnit.FRAMES);
        assertThat(evo.n()).isEqualTo(784);
        assertRounded(evo.transRmse(), "0.005764");
    }

    @Test
    void tumRpeOfTumFilesOneSecondApart() {
        Trajectory estimate = read("freiburg1_xyz-rgbdslam.txt"), reference = read("freiburg1_xyz-groundtruth.txt");
        RpeResult rpe = RelativePoseError.tum(estimate, reference, 1, DeltaUnit.SECONDS, 0);
        assertThat(rpe.n()).isEqualTo(753);
        assertRounded(rpe.transRmse(), "0.021217");
        assertRounded(rpe.rotRmseDeg(), "0.934480");
    }

    @Test
    void kittiOdomEvalOfSequence09() {
        KittiOdomEvalResult r = kittiOdomEval("09");
        assertFull(r.kitti().tErrPercent(), 2.884112511407129);
        assertFull(r.kitti().rErrDegPer100m(), 0.24905618674615418);
        assertFull(r.ate(), 8.38661922878607);
        assertFull(r.rpeTrans(), 0.34341307706920193);
        assertFull(r.rpeRotDeg(), 0.0633886066529585);
        assertThat(r.frames()).isEqualTo(1589);
    }

    @Test
    void kittiOdomEvalOfSequence10() {
        KittiOdomEvalResult r = kittiOdomEval("10");
        assertFull(r.kitti().tErrPercent(), 3.297839536933298);
        assertFull(r.kitti().rErrDegPer100m(), 0.3045899519453301);
        assertFull(r.ate(), 6.630158107185018);
        assertFull(r.rpeTrans(), 0.04735256371856307);
        assertFull(r.rpeRotDeg(), 0.06626406473816236);
        assertThat(r.frames()).isEqualTo(1197);
    }

    @Test
    void theWholeEvaluationOfKitti00MatchesTheSeparateFigures() {
        Trajectory estimate = read("KITTI_00_ORB.txt"), reference = read("KITTI_00_gt.txt");
        ConfigEvaluation config = new ConfigEvaluation();
        config.association = AssociationMethod.INDEX;
        config.rpeDelta = 10;
        config.rpeUnit = DeltaUnit.METERS;
        EvaluationResult result = TrajectoryEvaluation.evaluate(estimate, reference, config);
        assertFull(result.ate().rmse(), 1.3034497145650266);
        // SE(3) alignment leaves relative motion unchanged: the same figures as without alignment
        assertThat(result.rpe().n()).isEqualTo(353);
        assertThat(result.rpe().transRmse()).isCloseTo(0.22626134329310163, withinPercentage(1e-5));
        assertThat(result.kitti().segments()).isEqualTo(3283);
        assertRounded(result.kitti().tErrPercent(), "0.69973");
        assertThat(result.alignedEstimate().size()).isEqualTo(4541);
        assertThat(result.ateErrors()).hasSize(4541);
        assertThat(result.ateTimes()[1]).isEqualTo(0.1);
    }

    private static KittiOdomEvalResult kittiOdomEval(String sequence) {
        Trajectory estimate = read("kitti_" + sequence + "_example0.txt"), reference = read("kitti_" + sequence + "_gt.txt");
        // the estimate's first column is the frame number: read at the same period, times pair frame with frame
        AssociatedPairs pairs = TrajectoryAssociation.nearestInTime(estimate, reference, 0.01, 0);
        assertThat(pairs.size()).isEqualTo(estimate.size());
        assertThat(pairs.reference(0)).isEqualTo((int) Math.round(estimate.time(0) / 0.1));
        return KittiOdomEval.evaluate(estimate, reference, pairs, AlignmentMode.SIM3);
    }

    private static void assertFull(double actual, double expected) {
        assertThat(actual).isCloseTo(expected, withinPercentage(FULL_PRECISION_PERCENT));
    }

    /** {@code actual}, rounded half-up to as many decimals as {@code printed} has, is {@code printed}. */
    private static void assertRounded(double actual, String printed) {
        BigDecimal expected = new BigDecimal(printed);
        assertThat(BigDecimal.valueOf(actual).setScale(expected.scale(), RoundingMode.HALF_UP))
                .as("%s rounded to %d decimals", actual, expected.scale()).isEqualByComparingTo(expected);
    }
}
