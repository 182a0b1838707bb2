package org.gpuvo.odometry.geometry;

import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MotionOnlyRefinementTest {
    private static final double F = SyntheticScene.FOCAL;

    private static Se3_F64 perturbed(Se3_F64 truth, double degrees, double meters, long seed) {
        Se3_F64 delta = SyntheticScene.motion(new Random(seed), degrees, -0.3, 1, 0.7);
        delta.T.scale(meters);
        return truth.concat(delta, null);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4})
    void huberCostConvergesDespiteOutliers(long seed) {
        SyntheticScene s = SyntheticScene.pnp(seed, 1000, 0.1, 0.5);
        Se3_F64 pose = perturbed(s.truth, 1.0, 0.2, seed);
        MotionOnlyRefinement huber = new MotionOnlyRefinement(1.5, F).setMaxIterations(20);
        assertThat(huber.refine(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pose)).isTrue();
        assertThat(huber.finalCost()).isLessThan(huber.initialCost());
        assertThat(SyntheticScene.rotationErrorDeg(pose, s.truth)).isLessThan(0.05);
        assertThat(pose.T.distance(s.truth.T)).isLessThan(0.05);
    }

    @Test
    void huberBeatsLeastSquaresOnContaminatedData() {
        double huberError = 0, squaresError = 0;
        for (long seed = 11; seed < 16; seed++) {
            SyntheticScene s = SyntheticScene.pnp(seed, 1000, 0.1, 0.5);
            Se3_F64 a = perturbed(s.truth, 0.5, 0.1, seed), b = a.copy();
            new MotionOnlyRefinement(1.5, F).setMaxIterations(20).refine(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, a);
            new MotionOnlyRefinement(Double.POSITIVE_INFINITY, F).setMaxIterations(20)
                    .refine(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, b);
            huberError += SyntheticScene.rotationErrorDeg(a, s.truth);
            squaresError += SyntheticScene.rotationErrorDeg(b, s.truth);
        }
        assertThat(huberError).isLessThan(0.25 * squaresError);
    }

    @Test
    void refinesOnTheGivenIndicesOnly() {
        SyntheticScene s = SyntheticScene.pnp(21, 600, 0.4, 0.5);
        int[] inliers = new int[s.n];
        int count = 0;
        for (int i = 0; i < s.n; i++)
            if (s.inlier[i])
                inliers[count++] = i;
        Se3_F64 pose = perturbed(s.truth, 1.0, 0.2, 21);
        MotionOnlyRefinement alg = new MotionOnlyRefinement(Double.POSITIVE_INFINITY, F).setMaxIterations(20);
        assertThat(alg.refine(s.wx, s.wy, s.wz, s.x2, s.y2, inliers, count, pose)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(pose, s.truth)).isLessThan(0.05);
        assertThat(pose.T.distance(s.truth.T)).isLessThan(0.05);
        assertThat(alg.iterations()).isLessThanOrEqualTo(20);
    }

    @Test
    void noiseFreeDataConvergesToTheTruth() {
        SyntheticScene s = SyntheticScene.pnp(31, 200, 0.0, 0.0);
        Se3_F64 pose = perturbed(s.truth, 2.0, 0.3, 31);
        MotionOnlyRefinement alg = new MotionOnlyRefinement(1.5, F).setMaxIterations(30);
        assertThat(alg.refine(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, pose)).isTrue();
        assertThat(SyntheticScene.rotationErrorDeg(pose, s.truth)).isLessThan(1e-6);
        assertThat(pose.T.distance(s.truth.T)).isLessThan(1e-6);
    }

    @Test
    void degenerateInputLeavesThePoseUnchanged() {
        SyntheticScene s = SyntheticScene.pnp(41, 10, 0.0, 0.5);
        Se3_F64 pose = perturbed(s.truth, 1.0, 0.1, 41), before = pose.copy();
        MotionOnlyRefinement alg = new MotionOnlyRefinement(1.5, F);
        assertThat(alg.refine(s.wx, s.wy, s.wz, s.x2, s.y2, 2, pose)).isFalse();
        assertThat(pose.R.data).containsExactly(before.R.data);
        assertThat(pose.T.x).isEqualTo(before.T.x);
        // every point behind the camera
        Se3_F64 flipped = s.truth.copy();
        flipped.T.z -= 1000;
        Se3_F64 unchanged = flipped.copy();
        assertThat(alg.refine(s.wx, s.wy, s.wz, s.x2, s.y2, s.n, flipped)).isFalse();
        assertThat(flipped.T.z).isEqualTo(unchanged.T.z);
        assertThatThrownBy(() -> new MotionOnlyRefinement(1.5, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> alg.refine(s.wx, s.wy, s.wz, s.x2, s.y2, new int[3], 5, pose))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
