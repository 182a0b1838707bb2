package org.gpuvo.odometry.vo;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The constant-velocity prediction stays a rotation: chained frame after frame (predict, then update from the
 * prediction, as tracking does between bundle adjustments), a rotation slightly off orthonormal must not drift further
 * off. Before predictions were orthonormalized the error grew about 2.4-fold a frame.
 */
class MotionPriorTest {
    @Test
    void chainedPredictionsStayOrthonormal() {
        Se3_F64 previous = new Se3_F64(), current = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.01, -0.02, 0.005, current.R);
        current.T.setTo(0.01, 0.0, 0.2);
        // a rotation as a long chain of products leaves it: 1e-9 off
        current.R.data[0] += 1e-9;
        MotionPrior prior = new MotionPrior();
        prior.update(previous, current);
        double speed = prior.speed();
        Se3_F64 next = new Se3_F64();
        for (int frame = 0; frame < 60; frame++) {
            prior.predict(current, next);
            assertThat(orthonormalityError(next.R)).as("frame %d", frame).isLessThan(1e-12);
            prior.update(current, next);
            previous.setTo(current);
            current.setTo(next);
        }
        // and the motion is still the one it started with
        assertThat(prior.speed()).isCloseTo(speed, within(1e-9));
    }

    private static double orthonormalityError(DMatrixRMaj r) {
        DMatrixRMaj rtr = new DMatrixRMaj(3, 3);
        CommonOps_DDRM.multTransA(r, r, rtr);
        double worst = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                worst = Math.max(worst, Math.abs(rtr.get(i, j) - (i == j ? 1 : 0)));
        return worst;
    }
}
