package org.gpuvo.ros.camera;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.EurocCalibration;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.RegionOfInterest;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CameraInfoMessagesTest {
    private static final Header LEFT = new Header(new Time(1, 0), "cam0"), RIGHT = new Header(new Time(1, 0), "cam1");

    @Test
    void aPinholeCameraRoundTripsExactly() {
        // KITTI 06's P0 (calib.txt)
        CameraModel kitti = CameraModel.pinhole(1226, 370, 707.0912, 707.0912, 601.8873, 183.1104);
        CameraInfo info = CameraInfoMessages.of(kitti, LEFT);
        assertThat(info.distortionModel()).isEqualTo("plumb_bob");
        assertThat(info.d()).containsExactly(0, 0, 0, 0, 0);
        CameraModel back = CameraInfoMessages.camera(info);
        assertThat(back.distortion).isSameAs(LensDistortion.NONE);
        assertThat(new double[]{back.fx, back.fy, back.cx, back.cy, back.width, back.height})
                .containsExactly(kitti.fx, kitti.fy, kitti.cx, kitti.cy, kitti.width, kitti.height);
        assertThat(CameraInfoMessages.rectifiedCamera(info).fx).isEqualTo(kitti.fx);
    }

    @Test
    void theEurocRigRoundTripsThroughItsMessages() {
        Path mav0 = SharedData.require("euroc-v101-micro").resolve("mav0");
        StereoCalibration rig = EurocCalibration.stereo(EurocCalibration.read(mav0.resolve("cam0/sensor.yaml")),
                EurocCalibration.read(mav0.resolve("cam1/sensor.yaml")));
        CameraInfo[] infos = CameraInfoMessages.of(rig, LEFT, RIGHT);
        assertThat(infos[0].distortionModel()).isEqualTo("plumb_bob");
        StereoCalibration back = CameraInfoMessages.stereo(infos[0], infos[1], false);
        Se3_F64 a = rig.rightToLeft(), b = back.rightToLeft();
        for (int i = 0; i < 9; i++)
            assertThat(b.R.data[i]).isCloseTo(a.R.data[i], within(1e-12));
        assertThat(b.T.distance(a.T)).isLessThan(1e-12);
        assertThat(back.right.distortion.coefficients()).isEqualTo(rig.right.distortion.coefficients());

        StereoCalibration rect = CameraInfoMessages.stereo(infos[0], infos[1], true);
        assertThat(rect.left.hasDistortion()).isFalse();
        assertThat(rect.baseline()).isCloseTo(rig.baseline(), within(1e-12));
    }

    private static CameraInfo withK(double[] k) {
        return new CameraInfo(LEFT, 480, 640, "plumb_bob", new double[5], k, new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1},
                new double[]{500, 0, 320, 0, 0, 500, 240, 0, 0, 0, 1, 0}, 0, 0, RegionOfInterest.FULL);
    }

    @Test
    void badCalibrationsAreNamed() {
        assertThatThrownBy(() -> CameraInfoMessages.camera(withK(new double[9])))
                .hasMessageContaining("K is all zero");
        assertThatThrownBy(() -> CameraInfoMessages.camera(withK(new double[]{Double.NaN, 0, 320, 0, 500, 240, 0, 0, 1})))
                .hasMessageContaining("non-finite");
        CameraInfo zeroSize = new CameraInfo(LEFT, 0, 0, "plumb_bob", new double[5],
                new double[]{500, 0, 320, 0, 500, 240, 0, 0, 1}, new double[9], new double[12], 0, 0, RegionOfInterest.FULL);
        assertThatThrownBy(() -> CameraInfoMessages.camera(zeroSize)).hasMessageContaining("size 0x0");
        CameraInfo noP = new CameraInfo(LEFT, 480, 640, "plumb_bob", new double[5],
                new double[]{500, 0, 320, 0, 500, 240, 0, 0, 1}, new double[9], new double[12], 0, 0, RegionOfInterest.FULL);
        assertThatThrownBy(() -> CameraInfoMessages.rectifiedCamera(noP)).hasMessageContaining("P has no focal lengths");
    }
}
