package org.gpuvo.odometry.camera;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class StereoProjectionsTest {
    /** A raw rig like EuRoC's: distorted cameras, the right one turned by a few tenths of a degree and off the x axis. */
    private static StereoCalibration tiltedRig() {
        CameraModel left = new CameraModel(752, 480, 458.654, 457.296, 367.215, 248.375,
                FactoryLensDistortion.create("plumb_bob", new double[]{-0.2834, 0.0739, 0.0002, 1.76e-05, 0}));
        CameraModel right = new CameraModel(752, 480, 457.587, 456.134, 379.999, 255.238,
                FactoryLensDistortion.create("plumb_bob", new double[]{-0.2836, 0.0745, -0.0001, -3.56e-05, 0}));
        Se3_F64 rightToLeft = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.004, -0.003, 0.0025, rightToLeft.R);
        rightToLeft.T.setTo(0.1101, -0.0004, 0.0009);
        return new StereoCalibration(left, right, rightToLeft);
    }

    @Test
    void projectionsOfARawRigGiveTheRigBack() {
        StereoCalibration rig = tiltedRig();
        StereoProjections p = StereoProjections.of(rig);
        StereoCalibration back = p.raw(rig.left, rig.right);

        Se3_F64 expected = rig.rightToLeft(), actual = back.rightToLeft();
        for (int i = 0; i < 9; i++)
            assertThat(actual.R.data[i]).isCloseTo(expected.R.data[i], within(1e-12));
        assertThat(actual.T.distance(expected.T)).isLessThan(1e-12);
        assertThat(p.baseline()).isCloseTo(rig.baseline(), within(1e-12));
        // the right projection carries Tx = -fx' B; the rectified views share K'
        assertThat(p.rightP[3]).isCloseTo(-p.rightP[0] * rig.baseline(), within(1e-9));
        assertThat(p.leftP[3]).isZero();
        assertThat(p.rightP[0]).isEqualTo(p.leftP[0]);
    }

    @Test
    void rectifiedPairIsPinholeWithTheBaselineAlongX() {
        StereoProjections p = StereoProjections.of(tiltedRig());
        StereoCalibration rect = p.rectified(752, 480);
        assertThat(rect.left.hasDistortion()).isFalse();
        assertThat(rect.left.fx).isEqualTo(p.leftP[0]);
        assertThat(rect.right.cy).isEqualTo(p.rightP[6]);
        assertThat(rect.rightToLeft().T.x).isCloseTo(p.baseline(), within(1e-15));
        assertThat(rect.rightToLeft().T.y).isZero();
    }

    @Test
    void swappedCamerasAreNamed() {
        StereoProjections p = StereoProjections.of(tiltedRig());
        StereoProjections swapped = new StereoProjections(p.rightR, p.rightP, p.leftR, p.leftP);
        assertThatThrownBy(swapped::baseline).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("left and right");
    }
}
