package org.gpuvo.odometry.metrics;

import org.ejml.dense.row.CommonOps_DDRM;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class UmeyamaTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aKnownSimilarityAppliedToARandomTrajectoryIsRecovered(long seed) {
        Random random = new Random(seed);
        Trajectory reference = TestTrajectories.randomWalk(seed, 200);
        SimilarityTransform truth = TestTrajectories.similarity(0.05 + 20 * random.nextDouble(),
                6 * random.nextDouble() - 3, 3 * random.nextDouble() - 1.5, 6 * random.nextDouble() - 3,
                100 * random.nextGaussian(), 100 * random.nextGaussian(), 100 * random.nextGaussian());
        // the estimate is the reference seen through the inverse map: aligning it must give back `truth`
        SimilarityTransform inverse = inverse(truth);
        Trajectory estimate = inverse.transform(reference);
        AssociatedPairs pairs = TrajectoryAssociation.byIndex(estimate, reference);
        SimilarityTransform found = Umeyama.align(AbsoluteTrajectoryError.positions(estimate, pairs, true),
                AbsoluteTrajectoryError.positions(reference, pairs, false), AlignmentMode.SIM3);
        assertThat(found.scale).isCloseTo(truth.scale, within(1e-9 * truth.scale));
        for (int i = 0; i < 9; i++)
            assertThat(found.R.data[i]).isCloseTo(truth.R.data[i], within(1e-9));
        assertThat(found.T.distance(truth.T)).isLessThan(1e-7);
        AteResult ate = AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SIM3);
        assertThat(ate.statistics().max()).isLessThan(1e-8);
    }

    @Test
    void rigidAlignmentKeepsTheScaleAndLeavesTheScaleErrorVisible() {
        Trajectory reference = TestTrajectories.randomWalk(7, 100);
        Trajectory estimate = TestTrajectories.similarity(0.5, 0.3, -0.2, 1.0, 4, 5, 6).transform(reference);
        AssociatedPairs pairs = TrajectoryAssociation.byIndex(estimate, reference);
        AteResult se3 = AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SE3);
        AteResult sim3 = AbsoluteTrajectoryError.compute(estimate, reference, pairs, AlignmentMode.SIM3);
        assertThat(se3.alignment().scale).isEqualTo(1.0);
        assertThat(CommonOps_DDRM.det(se3.alignment().R)).isCloseTo(1.0, within(1e-12));
        assertThat(se3.rmse()).isGreaterThan(0.1);
        assertThat(sim3.rmse()).isLessThan(1e-9);
        assertThat(sim3.alignment().scale).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void mirroredPointsStillGiveARotation() {
        // y is x mirrored in the plane z = 0: the best proper rotation, not the reflection, must come out
        double[] x = new double[3 * 50], y = new double[3 * 50];
        Random random = new Random(3);
        for (int i = 0; i < 50; i++) {
            x[3 * i] = random.nextGaussian();
            x[3 * i + 1] = random.nextGaussian();
            x[3 * i + 2] = 0.1 * random.nextGaussian();
            y[3 * i] = x[3 * i];
            y[3 * i + 1] = x[3 * i + 1];
            y[3 * i + 2] = -x[3 * i + 2];
        }
        SimilarityTransform t = Umeyama.align(x, y, AlignmentMode.SIM3);
        assertThat(CommonOps_DDRM.det(t.R)).isCloseTo(1.0, within(1e-12));
        assertThat(t.scale).isLessThan(1.0);
    }

    @Test
    void noAlignmentIsTheIdentityAndTooFewPointsAreRefused() {
        SimilarityTransform none = Umeyama.align(new double[]{1, 2, 3}, new double[]{4, 5, 6}, AlignmentMode.NONE);
        assertThat(none.scale).isEqualTo(1.0);
        assertThat(none.T.norm()).isZero();
        assertThat(org.ejml.dense.row.MatrixFeatures_DDRM.isIdentity(none.R, 0)).isTrue();
        assertThatThrownBy(() -> Umeyama.align(new double[6], new double[6], AlignmentMode.SE3))
                .hasMessageContaining("at least 3");
        assertThatThrownBy(() -> Umeyama.align(new double[9], new double[9], AlignmentMode.SIM3))
                .hasMessageContaining("coincide");
    }

    /** x = (R⁻¹ (y − t)) / s. */
    private static SimilarityTransform inverse(SimilarityTransform s) {
        SimilarityTransform inv = new SimilarityTransform();
        CommonOps_DDRM.transpose(s.R, inv.R);
        inv.scale = 1 / s.scale;
        double[] r = inv.R.data;
        inv.T.setTo(-(r[0] * s.T.x + r[1] * s.T.y + r[2] * s.T.z) / s.scale,
                -(r[3] * s.T.x + r[4] * s.T.y + r[5] * s.T.z) / s.scale,
                -(r[6] * s.T.x + r[7] * s.T.y + r[8] * s.T.z) / s.scale);
        return inv;
    }
}
