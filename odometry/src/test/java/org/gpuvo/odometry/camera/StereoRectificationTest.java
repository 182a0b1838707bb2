package org.gpuvo.odometry.camera;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.EurocCalibration;
import org.gpuvo.odometry.dataset.KittiCalibration;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class StereoRectificationTest {

    /** Worst row difference (px), relative depth error and 3D error (m) over points seen by both raw cameras. */
    static double[] checkCorrespondences(StereoRectification rect, long seed, int count) {
        return checkCorrespondences(rect, seed, count, 90);
    }

    /** As above, with points whose rays are at most {@code maxOffAxisDeg} off both cameras' optical axes. */
    static double[] checkCorrespondences(StereoRectification rect, long seed, int count, double maxOffAxisDeg) {
        double maxTan = Math.tan(Math.toRadians(Math.min(maxOffAxisDeg, 89.999)));
        StereoCalibration cal = rect.calibration();
        Se3_F64 rightToLeft = cal.rightToLeft();
        Random random = new Random(seed);
        Point2D_F64 n = new Point2D_F64(), pl = new Point2D_F64(), pr = new Point2D_F64();
        Point2D_F64 rl = new Point2D_F64(), rr = new Point2D_F64();
        Point3D_F64 left = new Point3D_F64(), right = new Point3D_F64(), back = new Point3D_F64();
        double rowError = 0, depthError = 0, pointError = 0;
        int used = 0;
        while (used < count) {
            // a random left pixel at a random depth (0.5 .. 30 m)
            double u = 5 + random.nextDouble() * (cal.left.width - 10), v = 5 + random.nextDouble() * (cal.left.height - 10);
            double z = 0.5 + random.nextDouble() * 29.5;
            cal.left.pixelToNormalized(u, v, n);
            left.setTo(n.x * z, n.y * z, z);
            rightToLeft.transformReverse(left, right);
            if (Math.hypot(left.x, left.y) > maxTan * left.z || Math.hypot(right.x, right.y) > maxTan * right.z)
                continue;
            if (!cal.right.project(right.x, right.y, right.z, pr) || pr.x < 0 || pr.y < 0
                    || pr.x > cal.right.width - 1 || pr.y > cal.right.height - 1)
                continue;
            cal.left.project(left.x, left.y, left.z, pl);
            rect.rectifyLeft(pl.x, pl.y, rl);
            rect.rectifyRight(pr.x, pr.y, rr);
            rowError = Math.max(rowError, Math.abs(rl.y - rr.y));
            double disparity = rl.x - rr.x;
            // depth along the rectified axis = the point's z after rotating it into the rectified frame
            double[] r = rect.leftToRectified().data;
            double zRect = r[6] * left.x + r[7] * left.y + r[8] * left.z;
            depthError = Math.max(depthError, Math.abs(rect.depth(disparity) - zRect) / zRect);
            assertThat(rect.triangulate(rl.x, rl.y, disparity, back)).isTrue();
            pointError = Math.max(pointError, back.distance(left));
            used++;
        }
        return new double[]{rowError, depthError, pointError};
    }

    @Test
    void eurocCorrespondingPointsLandOnOneRowAndGiveTheirDepth() {
        Path mav0 = SharedData.require("euroc-v101-micro").resolve("mav0");
        StereoCalibration cal = EurocCalibration.stereo(EurocCalibration.read(mav0.resolve("cam0/sensor.yaml")),
                EurocCalibration.read(mav0.resolve("cam1/sensor.yaml")));
        StereoRectification rect = StereoRectification.compute(cal);
        // the EuRoC rig: 11 cm baseline, focal lengths near 457 px
        assertThat(rect.baseline()).isCloseTo(0.110, within(0.001));
        assertThat(rect.focalLength()).isCloseTo((458.654 + 457.587) / 2, within(1e-9));
        // a raw pixel moves: the rig is not rectified
        Point2D_F64 out = new Point2D_F64();
        rect.rectifyLeft(100, 100, out);
        assertThat(out.distance(100, 100)).isGreaterThan(5);

        double[] e = checkCorrespondences(rect, 1, 2000);
        assertThat(e[0]).as("row difference, px").isLessThan(1e-6);
        assertThat(e[1]).as("relative depth error").isLessThan(1e-9);
        assertThat(e[2]).as("3D point error, m").isLessThan(1e-7);
    }

    @Test
    void unrectifyLeftInvertsRectifyLeft() {
        Path mav0 = SharedData.require("euroc-v101-micro").resolve("mav0");
        StereoRectification rect = StereoRectification.compute(EurocCalibration.stereo(
                EurocCalibration.read(mav0.resolve("cam0/sensor.yaml")), EurocCalibration.read(mav0.resolve("cam1/sensor.yaml"))));
        Point2D_F64 r = new Point2D_F64(), back = new Point2D_F64();
        for (int v = 0; v <= 480; v += 40)
            for (int u = 0; u <= 752; u += 47) {
                rect.rectifyLeft(u, v, r);
                rect.unrectifyLeft(r.x, r.y, back);
                assertThat(back.distance(u, v)).isLessThan(1e-8);
            }
    }

    @Test
    void aRectifiedPairIsTheIdentity() {
        Path kitti = SharedData.require("kitti-06-0050");
        StereoCalibration cal = KittiCalibration.read(kitti.resolve("calib.txt"), 1226, 370).stereo().orElseThrow();
        StereoRectification rect = StereoRectification.compute(cal);
        assertThat(rect.focalLength()).isEqualTo(707.0912);
        assertThat(rect.baseline()).isCloseTo(379.8145 / 707.0912, within(1e-12));
        double[] r = rect.leftToRectified().data;
        for (int i = 0; i < 9; i++)
            assertThat(r[i]).isCloseTo(i % 4 == 0 ? 1 : 0, within(1e-15));
        Point2D_F64 out = new Point2D_F64();
        for (double u = 0; u <= 1226; u += 61.3)
            for (double v = 0; v <= 370; v += 37) {
                rect.rectifyLeft(u, v, out);
                assertThat(out.distance(u, v)).isLessThan(1e-9);
                rect.rectifyRight(u, v, out);
                assertThat(out.distance(u, v)).isLessThan(1e-9);
            }
        // depth = f B / d: KITTI's 0.537 m baseline and 707 px focal give 10 m at 37.98 px
        assertThat(rect.depth(707.0912 * 0.5371506 / 10)).isCloseTo(10, within(1e-5));
    }

    @Test
    void aFisheyeRigWithAVerticalAndRotatedBaseline() {
        // a synthetic rig unlike EuRoC: fisheye lenses, the right camera 8 cm right, 3 cm down and 5 cm behind,
        // turned 6° about y and 3° about x: rows must still agree after rectification
        CameraModel left = LensDistortionTest.TUM_VI;
        CameraModel right = new CameraModel(512, 512, 191.5, 191.2, 252.1, 258.3,
                new EquidistantDistortion(0.0041, 0.0005, -0.0019, 0.0002));
        Se3_F64 rightToLeft = new Se3_F64();
        rightToLeft.setTo(0.08, 0.03, -0.05, georegression.struct.EulerType.XYZ, Math.toRadians(3), Math.toRadians(6), 0);
        StereoRectification rect = StereoRectification.compute(new StereoCalibration(left, right, rightToLeft));
        // a pinhole view (the rectified one) holds rays up to 90° off its axis only: keep to 60° of both raw axes
        double[] e = checkCorrespondences(rect, 7, 2000, 60);
        assertThat(e[0]).isLessThan(1e-6);
        assertThat(e[1]).isLessThan(1e-9);
        assertThat(rect.baseline()).isCloseTo(Math.sqrt(0.08 * 0.08 + 0.03 * 0.03 + 0.05 * 0.05), within(1e-15));
    }
}
