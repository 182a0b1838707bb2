package org.gpuvo.odometry.geometry;

import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PnpEstimatorTest {
    private static final double F = SyntheticScene.FOCAL;

    private static PnpEstimator estimator() {
        return new PnpEstimator(new ConfigRansac(), F);
    }

    private static double translationError(Se3_F64 a, Se3_F64 b) {
        return a.T.distance(b.T);
    }

    /** The truth moved by a small rotation about a random axis and a small translation. */
    private static Se3_F64 perturbed(Se3_F64 truth, double degrees, double meters, long seed) {
        Se3_F64 delta = SyntheticScene.motion(new java.util.Random(seed), degrees, 1, -1, 0.5);
        delta.T.scale(meters);
        return truth.concat(delta, null);
    }

    @ParameterizedTest(name = "seed {0}, {1} points")
    @CsvSource({"1, 100", "2, 200", "3, 500", "4, 1000", "5, 1000", "6, 2000"})
    void recoversPoseAndInliersWith30PercentOutliers(long seed, int n) {
        SyntheticScene s = SyntheticScene.pnp(seed, n, 0.3, 0.5);
        PnpEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();

        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, n, found)).isTrue();
        assertThat(alg.status()).isEqualTo(EstimationStatus.SUCCESS);
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
        // points 4–40 m away: a few centimetres at most
        assertThat(translationError(found, s.truth)).isLessThan(0.05);
        double[] pr = SyntheticScene.precisionRecall(s.inlier, alg::isInlier, n);
        assertThat(pr[0]).as("precision").isGreaterThanOrEqualTo(0.95);
        assertThat(pr[1]).as("recall").isGreaterThanOrEqualTo(0.95);
        int flagged = 0;
        for (int i = 0; i < n; i++)
            if (alg.isInlier(i))
                flagged++;
        assertThat(alg.inlierCount()).isEqualTo(flagged);
        for (int k = 1; k < alg.inlierCount(); k++)
            assertThat(alg.inlier(k)).isGreaterThan(alg.inlier(k - 1));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void adaptiveTerminationStopsEarlyOnCleanData(long seed) {
        SyntheticScene s = SyntheticScene.pnp(seed, 1000, 0.0, 0.5);
        PnpEstimator alg = estimator();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.iterations()).isLessThanOrEqualTo(5);
    }

    @Test
    void iterationsFollowTheStoppingRule() {
        // k(0.7) for samples of three: log(0.001)/log(1 − 0.343) = 17
        assertThat(RansacSampler.requiredIterations(700, 1000, 3, 0.999, 300)).isEqualTo(17);
        int total = 0;
        for (long seed = 21; seed < 31; seed++) {
            SyntheticScene s = SyntheticScene.pnp(seed, 1000, 0.3, 0.5);
            PnpEstimator alg = estimator();
            assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
            assertThat(alg.iterations()).isLessThan(60);
            total += alg.iterations();
        }
        assertThat(total / 10.0).isLessThan(30);
    }

    @Test
    void minimumIterationsAreHonouredUpToTheMaximum() {
        SyntheticScene s = SyntheticScene.pnp(11, 1000, 0.0, 0.5);
        ConfigRansac config = new ConfigRansac();
        config.minIterations = 40;
        PnpEstimator alg = new PnpEstimator(config, F);
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.iterations()).isEqualTo(40);
        config.minIterations = 100_000;
        alg = new PnpEstimator(config, F);
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, new Se3_F64())).isTrue();
        assertThat(alg.iterations()).isEqualTo(config.maxIterations);
    }

    @ParameterizedTest(name = "{0}% outliers")
    @ValueSource(ints = {10, 30})
    void goodPriorEndsRansacAfterFewIterations(int outlierPercent) {
        int total = 0;
        for (long seed = 41; seed < 51; seed++) {
            SyntheticScene s = SyntheticScene.pnp(seed, 1000, outlierPercent / 100.0, 0.5);
            Se3_F64 prior = perturbed(s.truth, 0.3, 0.05, seed);
            PnpEstimator alg = estimator();
            Se3_F64 found = new Se3_F64();
            assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, prior, found)).isTrue();
            // the prior, refined, holds (nearly) the final inlier set, so the stopping rule is met after k(w)
            // samples, w the final inlier fraction; the loop's count may be a few inliers short, hence + 1
            int k = RansacSampler.requiredIterations(alg.inlierCount(), s.n, 3, 0.999, 300);
            assertThat(alg.iterations()).isLessThanOrEqualTo(k + 1);
            assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
            assertThat(translationError(found, s.truth)).isLessThan(0.05);
            total += alg.iterations();
        }
        // k(0.9 · 0.99) = 7 for 10 % outliers, k(0.7 · 0.99) = 18 for 30 %
        assertThat(total / 10.0).isLessThanOrEqualTo(outlierPercent == 10 ? 7 : 18);
    }

    @Test
    void priorWithoutInliersStillFindsThePose() {
        SyntheticScene s = SyntheticScene.pnp(42, 1000, 0.1, 0.5);
        Se3_F64 prior = perturbed(s.truth, 0.3, 0.05, 42);
        prior.T.x += 100; // nothing projects near its observation
        PnpEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, prior, found)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
    }

    @Test
    void wrongPriorDoesNotHurt() {
        SyntheticScene s = SyntheticScene.pnp(52, 800, 0.3, 0.5);
        Se3_F64 prior = perturbed(s.truth, 40, 3, 52);
        PnpEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, prior, found)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
        assertThat(translationError(found, s.truth)).isLessThan(0.05);
    }

    @Test
    void priorMayBeTheOutput() {
        SyntheticScene s = SyntheticScene.pnp(53, 500, 0.2, 0.5);
        Se3_F64 pose = perturbed(s.truth, 0.5, 0.1, 53);
        PnpEstimator alg = estimator();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pose, pose)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(pose, s.truth)).isLessThan(0.05);
    }

    @ParameterizedTest(name = "{0} points")
    @ValueSource(ints = {0, 3, 5})
    void tooFewPointsReturnFalse(int n) {
        SyntheticScene s = SyntheticScene.pnp(61, Math.max(1, n), 0, 0.5);
        PnpEstimator alg = estimator();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, n, new Se3_F64())).isFalse();
        assertThat(alg.status()).isEqualTo(EstimationStatus.TOO_FEW_POINTS);
        assertThat(alg.inlierCount()).isZero();
    }

    @ParameterizedTest(name = "{0} random observations")
    @ValueSource(ints = {10, 200, 2000})
    void allOutliersReturnFalse(int n) {
        SyntheticScene s = SyntheticScene.pnp(71, n, 1.0, 0.5);
        PnpEstimator alg = estimator();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, n, new Se3_F64())).isFalse();
        assertThat(alg.status()).isEqualTo(EstimationStatus.TOO_FEW_INLIERS);
        assertThat(alg.inlierCount()).isZero();
    }

    @Test
    void pointsBehindTheCameraAreOutliers() {
        SyntheticScene s = SyntheticScene.pnp(81, 400, 0.0, 0.5);
        // mirror some points through the camera centre: same ray, behind the camera
        Se3_F64 c2w = s.truth.invert(null);
        georegression.struct.point.Point3D_F64 p = new georegression.struct.point.Point3D_F64();
        for (int i = 0; i < s.n; i += 5) {
            p.setTo(s.wx[i], s.wy[i], s.wz[i]);
            georegression.transform.se.SePointOps_F64.transform(s.truth, p, p);
            p.scale(-1);
            georegression.transform.se.SePointOps_F64.transform(c2w, p, p);
            s.wx[i] = p.x;
            s.wy[i] = p.y;
            s.wz[i] = p.z;
            s.inlier[i] = false;
        }
        PnpEstimator alg = estimator();
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, found)).isTrue();
        for (int i = 0; i < s.n; i += 5)
            assertThat(alg.isInlier(i)).isFalse();
        assertThat(SyntheticScene.rotationErrorDeg(found, s.truth)).isLessThan(0.05);
    }

    @Test
    void fixedSeedGivesIdenticalResults() {
        SyntheticScene s = SyntheticScene.pnp(91, 1000, 0.3, 0.5);
        PnpEstimator a = estimator(), b = estimator();
        Se3_F64 pa = new Se3_F64(), pa2 = new Se3_F64(), pb = new Se3_F64();
        assertThat(a.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pa)).isTrue();
        int iterations = a.iterations();
        int[] inliers = inliers(a);
        SyntheticScene other = SyntheticScene.pnp(92, 300, 0.1, 0.5);
        a.process(other.wx, other.wy, other.wz, other.x2, other.y2, other.n, new Se3_F64());
        assertThat(a.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pa2)).isTrue();
        assertThat(b.process(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pb)).isTrue();
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
    void badArgumentsAreRejectedClearly() {
        double[] a = new double[10];
        PnpEstimator alg = estimator();
        assertThatThrownBy(() -> alg.process(a, a, a, a, new double[3], 10, new Se3_F64()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fewer than n = 10");
        assertThatThrownBy(() -> alg.process(a, a, a, a, a, 10, null, new Se3_F64()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("prior");
        assertThatThrownBy(() -> alg.setMinimumInliers(3)).isInstanceOf(IllegalArgumentException.class);
    }

    private static int[] inliers(PnpEstimator alg) {
        int[] out = new int[alg.inlierCount()];
        for (int k = 0; k < out.length; k++)
            out[k] = alg.inlier(k);
        return Arrays.copyOf(out, out.length);
    }
}
