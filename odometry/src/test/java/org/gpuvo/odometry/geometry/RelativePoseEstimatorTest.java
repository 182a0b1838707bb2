package org.gpuvo.odometry.geometry;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RelativePoseEstimatorTest {
    private static final double F = SyntheticScene.FOCAL;

    private static RelativePoseEstimator estimator() {
        return new RelativePoseEstimator(new ConfigRansac(), F);
    }

    @ParameterizedTest(name = "seed {0}, {1} points")
    @CsvSource({"1, 200", "2, 200", "3, 500", "4, 500", "5, 1000", "6, 1000", "7, 2000", "8, 2000"})
    void recoversMotionAndInliersWith30PercentOutliers(long seed, int n) {
        SyntheticScene s = SyntheticScene.twoView(seed, n, 0.3, 0.5);
        RelativePoseEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();

        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, n, found)).isTrue();
        assertThat(alg.status()).isEqualTo(EstimationStatus.SUCCESS);
        assertThat(found.T.norm()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
        assertThat(SyntheticScene.translationAngleDeg(found, s.truth)).isLessThan(0.5);
        double[] pr = SyntheticScene.precisionRecall(s.inlier, alg::isInlier, n);
        assertThat(pr[0]).as("precision").isGreaterThanOrEqualTo(0.95);
        assertThat(pr[1]).as("recall").isGreaterThanOrEqualTo(0.95);
        assertThat(alg.iterations()).isLessThan(new ConfigRansac().maxIterations);
    }

    @Test
    void inlierListIsIncreasingAndMatchesTheFlags() {
        SyntheticScene s = SyntheticScene.twoView(11, 300, 0.3, 0.5);
        RelativePoseEstimator alg = estimator();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        int flagged = 0;
        for (int i = 0; i < s.n; i++)
            if (alg.isInlier(i))
                flagged++;
        assertThat(alg.inlierCount()).isEqualTo(flagged);
        for (int k = 0; k < alg.inlierCount(); k++) {
            assertThat(alg.isInlier(alg.inlier(k))).isTrue();
            if (k > 0)
                assertThat(alg.inlier(k)).isGreaterThan(alg.inlier(k - 1));
        }
        assertThatThrownBy(() -> alg.inlier(alg.inlierCount())).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {21, 22, 23})
    void adaptiveTerminationStopsEarlyOnCleanData(long seed) {
        SyntheticScene s = SyntheticScene.twoView(seed, 1000, 0.0, 0.5);
        RelativePoseEstimator alg = estimator();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        // every point an inlier: k(w ≈ 0.997) = 2 once a good model is found; minimal samples of close points
        // may give poorer models first
        assertThat(alg.iterations()).isLessThanOrEqualTo(10);
    }

    @Test
    void iterationsFollowTheStoppingRule() {
        // 30 % outliers: k(0.7) = log(0.001)/log(1 − 0.7⁵) = 38 once the best model holds all true inliers
        int expected = RansacSampler.requiredIterations(700, 1000, 5, 0.999, 300);
        assertThat(expected).isEqualTo(38);
        int total = 0;
        for (long seed = 31; seed < 41; seed++) {
            SyntheticScene s = SyntheticScene.twoView(seed, 1000, 0.3, 0.5);
            RelativePoseEstimator alg = estimator();
            assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
            assertThat(alg.iterations()).isLessThan(120);
            total += alg.iterations();
        }
        assertThat(total / 10.0).isLessThan(70);
    }

    @Test
    void minimumIterationsAreHonouredUpToTheMaximum() {
        SyntheticScene s = SyntheticScene.twoView(41, 500, 0.0, 0.5);
        ConfigRansac config = new ConfigRansac();
        config.minIterations = 60;
        RelativePoseEstimator alg = new RelativePoseEstimator(config, F);
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.iterations()).isEqualTo(60);
        config.minIterations = 100_000;
        alg = new RelativePoseEstimator(config, F);
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.iterations()).isEqualTo(new ConfigRansac().maxIterations);
    }

    /** Forward, backward, sideways and vertical motion: the decomposition in front of both cameras is chosen. */
    @ParameterizedTest(name = "translation ({0}, {1}, {2})")
    @CsvSource({"0, 0, 1", "0, 0, -1", "1, 0, 0", "-1, 0, 0.2", "0, 1, 0", "0.3, -0.5, -1"})
    void cheiralityPicksTheDecompositionWithPointsInFront(double tx, double ty, double tz) {
        Random random = new Random(51);
        Se3_F64 truth = SyntheticScene.motion(random, 8, tx, ty, tz);
        SyntheticScene s = SyntheticScene.twoView(52, 500, 0.2, 0.5, truth);
        RelativePoseEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, found)).isTrue();
        assertThat(SyntheticScene.translationAngleDeg(found, truth)).isLessThan(0.5);
        assertThat(SyntheticScene.rotationErrorDeg(found, truth)).isLessThan(0.05);
        // the inliers triangulate in front of both cameras
        Point3D_F64 p = new Point3D_F64();
        int inFront = 0;
        for (int k = 0; k < alg.inlierCount(); k++) {
            int i = alg.inlier(k);
            if (Triangulation.triangulate(s.x1[i], s.y1[i], s.x2[i], s.y2[i], found, 0, 1, p))
                inFront++;
        }
        assertThat(inFront).isGreaterThan((int) (0.95 * alg.inlierCount()));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {61, 62, 63})
    void pureRotationIsFlaggedAndItsRotationRecovered(long seed) {
        Random random = new Random(seed);
        Se3_F64 truth = SyntheticScene.motion(random, 10, 1, 0, 0);
        truth.T.setTo(0, 0, 0);
        SyntheticScene s = SyntheticScene.twoView(seed, 800, 0.3, 0.5, truth);
        RelativePoseEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();

        boolean result = alg.process(s.x1, s.y1, s.x2, s.y2, s.n, found);
        assertThat(result).as("median parallax %.4f°, inliers %d", alg.medianParallaxDeg(), alg.inlierCount()).isFalse();
        assertThat(alg.status()).isEqualTo(EstimationStatus.INSUFFICIENT_PARALLAX);
        assertThat(alg.medianParallaxDeg()).isLessThan(alg.minimumParallaxDeg());
        assertThat(found.T.norm()).isZero();
        assertThat(SyntheticScene.rotationErrorDeg(found, truth)).isLessThan(0.05);
        double[] pr = SyntheticScene.precisionRecall(s.inlier, alg::isInlier, s.n);
        assertThat(pr[0]).isGreaterThanOrEqualTo(0.95);
        assertThat(pr[1]).isGreaterThanOrEqualTo(0.95);
    }

    @Test
    void generalMotionPassesTheParallaxTest() {
        SyntheticScene s = SyntheticScene.twoView(64, 800, 0.3, 0.5);
        RelativePoseEstimator alg = estimator();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.medianParallaxDeg()).isGreaterThan(alg.minimumParallaxDeg());
    }

    @ParameterizedTest(name = "{0} points")
    @ValueSource(ints = {0, 1, 4, 5, 14})
    void tooFewPointsReturnFalse(int n) {
        SyntheticScene s = SyntheticScene.twoView(71, Math.max(n, 1), 0, 0.5);
        RelativePoseEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, n, found)).isFalse();
        assertThat(alg.status()).isEqualTo(EstimationStatus.TOO_FEW_POINTS);
        assertThat(alg.inlierCount()).isZero();
        assertThat(alg.iterations()).isZero();
    }

    @ParameterizedTest(name = "{0} random pairs")
    @ValueSource(ints = {20, 200, 2000})
    void allOutliersReturnFalse(int n) {
        SyntheticScene s = SyntheticScene.twoView(81, n, 1.0, 0.5);
        RelativePoseEstimator alg = estimator();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, n, new Se3_F64())).isFalse();
        assertThat(alg.status()).isEqualTo(EstimationStatus.TOO_FEW_INLIERS);
        assertThat(alg.inlierCount()).isZero();
        assertThat(alg.iterations()).isEqualTo(new ConfigRansac().maxIterations);
    }

    @Test
    void nonFiniteObservationsAreNeverInliers() {
        SyntheticScene s = SyntheticScene.twoView(91, 400, 0.2, 0.5);
        for (int i = 0; i < s.n; i += 7) {
            s.x2[i] = Double.NaN;
            s.inlier[i] = false;
        }
        s.y1[3] = Double.POSITIVE_INFINITY;
        s.inlier[3] = false;
        RelativePoseEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.x1, s.y1, s.x2, s.y2, s.n, found)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
        for (int i = 0; i < s.n; i += 7)
            assertThat(alg.isInlier(i)).isFalse();
        assertThat(alg.isInlier(3)).isFalse();
    }

    @Test
    void fixedSeedGivesIdenticalResults() {
        SyntheticScene s = SyntheticScene.twoView(101, 1000, 0.3, 0.5);
        RelativePoseEstimator a = estimator(), b = estimator();
        Se3_F64 pa = new Se3_F64(), pb = new Se3_F64(), pa2 = new Se3_F64();
        assertThat(a.process(s.x1, s.y1, s.x2, s.y2, s.n, pa)).isTrue();
        int iterations = a.iterations();
        int[] inliers = inliers(a);
        // a different call in between must not change the next result
        SyntheticScene other = SyntheticScene.twoView(102, 300, 0.1, 0.5);
        a.process(other.x1, other.y1, other.x2, other.y2, other.n, new Se3_F64());
        assertThat(a.process(s.x1, s.y1, s.x2, s.y2, s.n, pa2)).isTrue();
        assertThat(b.process(s.x1, s.y1, s.x2, s.y2, s.n, pb)).isTrue();
        for (Se3_F64 p : new Se3_F64[]{pa2, pb}) {
            assertThat(p.R.data).containsExactly(pa.R.data);
            assertThat(new double[]{p.T.x, p.T.y, p.T.z}).containsExactly(pa.T.x, pa.T.y, pa.T.z);
        }
        assertThat(a.iterations()).isEqualTo(iterations);
        assertThat(b.iterations()).isEqualTo(iterations);
        assertThat(inliers(a)).containsExactly(inliers);
        assertThat(inliers(b)).containsExactly(inliers);
    }

    @Test
    void differentSeedsSampleDifferently() {
        SyntheticScene s = SyntheticScene.twoView(103, 1000, 0.3, 0.5);
        ConfigRansac other = new ConfigRansac();
        other.seed = 12345;
        RelativePoseEstimator a = estimator(), b = new RelativePoseEstimator(other, F);
        Se3_F64 pa = new Se3_F64(), pb = new Se3_F64();
        assertThat(a.process(s.x1, s.y1, s.x2, s.y2, s.n, pa)).isTrue();
        assertThat(b.process(s.x1, s.y1, s.x2, s.y2, s.n, pb)).isTrue();
        // both right, reached along different samples
        assertThat(SyntheticScene.rotationErrorDeg(pa, pb)).isLessThan(0.05);
        assertThat(a.iterations() != b.iterations() || !java.util.Arrays.equals(pa.R.data, pb.R.data)).isTrue();
    }

    @Test
    void badArgumentsAreRejectedClearly() {
        double[] a = new double[10];
        RelativePoseEstimator alg = estimator();
        assertThatThrownBy(() -> alg.process(a, a, a, new double[5], 10, new Se3_F64()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fewer than n = 10");
        assertThatThrownBy(() -> alg.process(a, null, a, a, 10, new Se3_F64()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
        assertThatThrownBy(() -> alg.process(a, a, a, a, -1, new Se3_F64()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RelativePoseEstimator(new ConfigRansac(), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("focal");
        ConfigRansac bad = new ConfigRansac();
        bad.confidence = 1;
        assertThatThrownBy(() -> new RelativePoseEstimator(bad, F))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("confidence");
    }

    private static int[] inliers(RelativePoseEstimator alg) {
        int[] out = new int[alg.inlierCount()];
        for (int k = 0; k < out.length; k++)
            out[k] = alg.inlier(k);
        return out;
    }
}
