package org.gpuvo.odometry.dataset;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class CameraInfoYamlTest {
    @TempDir
    Path dir;

    static final double[] D = {-0.28340811, 0.07395907, 0.00019359, 1.76187114e-05, 0.0};

    @Test
    void readsAMonoCalibration() {
        Path file = Fixtures.write(dir.resolve("cam.yaml"),
                Fixtures.cameraInfo(752, 480, 458.654, 457.296, 367.215, 248.375, "plumb_bob", D));
        CameraInfoYaml info = CameraInfoYaml.read(file);
        CameraModel c = info.camera;
        assertThat(info.cameraName).isEqualTo("test_camera");
        assertThat(new double[]{c.width, c.height, c.fx, c.fy, c.cx, c.cy})
                .containsExactly(752, 480, 458.654, 457.296, 367.215, 248.375);
        assertThat(c.distortion.name()).isEqualTo("plumb_bob");
        assertThat(c.distortion.coefficients()).containsExactly(D);
        assertThat(info.rectifiedCamera().hasDistortion()).isFalse();
    }

    @Test
    void readsFisheyeAndRationalModels() {
        Path fisheye = Fixtures.write(dir.resolve("f.yaml"),
                Fixtures.cameraInfo(512, 512, 190.98, 190.97, 254.93, 256.90, "equidistant", new double[]{0.0035, 0.0007, -0.002, 0.0002}));
        assertThat(CameraInfoYaml.read(fisheye).camera.distortion.name()).isEqualTo("equidistant");
        Path rational = Fixtures.write(dir.resolve("r.yaml"),
                Fixtures.cameraInfo(640, 480, 500, 500, 320, 240, "rational_polynomial", new double[]{0.1, 0.01, 0, 0, 0.001, 0.2, 0.02, 0.002}));
        assertThat(CameraInfoYaml.read(rational).camera.distortion.coefficients()).hasSize(8);
    }

    /** Replaces one projection/rectification block of a camera_info text. */
    private static String withMatrices(String text, double[] r, double[] p) {
        String out = text.replace("data: [1, 0, 0, 0, 1, 0, 0, 0, 1]", "data: " + list(r));
        int at = out.indexOf("projection_matrix:");
        int data = out.indexOf("data:", at);
        return out.substring(0, data) + "data: " + list(p) + "\n";
    }

    private static String list(double[] v) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < v.length; i++)
            b.append(i > 0 ? ", " : "").append(v[i]);
        return b.append(']').toString();
    }

    @Test
    void aStereoPairFollowsRosConventions() {
        // rectification rotations of a slightly converging pair and a common P with Tx = -fx·B
        double f = 450, b = 0.12;
        DMatrixRMaj rl = ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.01, -0.02, 0.005, null);
        DMatrixRMaj rr = ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.012, 0.015, 0.004, null);
        double[] pl = {f, 0, 370, 0, 0, f, 250, 0, 0, 0, 1, 0};
        double[] pr = {f, 0, 370, -f * b, 0, f, 250, 0, 0, 0, 1, 0};
        Path left = Fixtures.write(dir.resolve("left.yaml"), withMatrices(
                Fixtures.cameraInfo(752, 480, 458, 457, 367, 248, "plumb_bob", D), rl.data, pl));
        Path right = Fixtures.write(dir.resolve("right.yaml"), withMatrices(
                Fixtures.cameraInfo(752, 480, 457, 456, 380, 255, "plumb_bob", D), rr.data, pr));
        StereoCalibration stereo = CameraInfoYaml.readStereo(left, right);
        assertThat(stereo.baseline()).isCloseTo(b, within(1e-12));

        // ROS semantics: P_r projects a point given in the LEFT rectified frame (R_l X_left) into the right
        // rectified image; the same point taken to the right camera with our extrinsics and rectified with R_r
        // must land on the same pixel through P_r's intrinsics alone
        Se3_F64 rightToLeft = stereo.rightToLeft();
        Point3D_F64 x = new Point3D_F64(0.4, -0.3, 3.0), xr = new Point3D_F64();
        rightToLeft.transformReverse(x, xr);
        double[] a = mult(rl, x), c = mult(rr, xr);
        double uRos = (pr[0] * a[0] + pr[2] * a[2] + pr[3]) / a[2], vRos = (pr[5] * a[1] + pr[6] * a[2]) / a[2];
        assertThat(pr[0] * c[0] / c[2] + pr[2]).isCloseTo(uRos, within(1e-9));
        assertThat(pr[5] * c[1] / c[2] + pr[6]).isCloseTo(vRos, within(1e-9));

        StereoCalibration rect = CameraInfoYaml.rectifiedStereo(CameraInfoYaml.read(left), CameraInfoYaml.read(right));
        assertThat(rect.left.fx).isEqualTo(f);
        assertThat(rect.rightToLeft().T.x).isCloseTo(b, within(1e-12));
        // left and right swapped: a negative baseline is an error that names the file
        assertThatThrownBy(() -> CameraInfoYaml.readStereo(right, left))
                .isInstanceOf(DatasetException.class).hasMessageContaining("left.yaml").hasMessageContaining("baseline");
    }

    private static double[] mult(DMatrixRMaj r, Point3D_F64 p) {
        return new double[]{r.get(0, 0) * p.x + r.get(0, 1) * p.y + r.get(0, 2) * p.z,
                r.get(1, 0) * p.x + r.get(1, 1) * p.y + r.get(1, 2) * p.z,
                r.get(2, 0) * p.x + r.get(2, 1) * p.y + r.get(2, 2) * p.z};
    }

    private void assertError(String text, String... expected) {
        Path file = Fixtures.write(dir.resolve("bad.yaml"), text);
        var thrown = assertThatThrownBy(() -> CameraInfoYaml.read(file)).isInstanceOf(DatasetException.class);
        for (String e : expected)
            thrown.hasMessageContaining(e);
    }

    @Test
    void badFilesNameTheFileAndLine() {
        String good = Fixtures.cameraInfo(640, 480, 500, 501, 320, 240, "plumb_bob", new double[]{0.1, 0, 0, 0, 0});
        // line 4 is camera_matrix:, 7 its data, 8 distortion_model, 12 the coefficients, 16 the rectification data
        assertError(good.replace("data: [500.0, 0,", "data: [.nan, 0,"), "bad.yaml:7:", "camera_matrix.data[0]", "finite");
        assertError(good.replace("data: [500.0, 0,", "data: [0.0, 0,"), "bad.yaml:7:", "focal lengths must be positive");
        assertError(good.replace("  rows: 3\n  cols: 3\n  data: [500.0", "  rows: 2\n  cols: 3\n  data: [500.0"),
                "bad.yaml:5:", "'camera_matrix' must be 3x3, got 2x3");
        assertError(good.replace("0, 0, 1]\ndistortion_model", "0, 0]\ndistortion_model"),
                "bad.yaml:7:", "'camera_matrix' is 3x3 but its data holds 8 numbers");
        assertError(good.replace("plumb_bob", "kannala_brandt8"), "bad.yaml:8:", "unknown distortion model 'kannala_brandt8'");
        assertError(good.replace("cols: 5", "cols: 4"), "bad.yaml:12:", "'distortion_coefficients' is 1x4 but its data holds 5");
        assertError(good.replace("image_width: 640\n", ""), "bad.yaml", "no 'image_width' entry");
        assertError(good.replace("image_height: 480", "image_height: -480"), "bad.yaml:1:", "image size must be positive");
        assertError(good.replace("camera_name: test_camera", "camera_name: [unclosed"), "bad.yaml:", "not valid YAML");
        assertError(good.replace("data: [1, 0, 0, 0, 1, 0, 0, 0, 1]", "data: [1, 0, 0, 0, 1, 0, 0, 0, -1]"),
                "bad.yaml:16:", "rectification_matrix is not a rotation");
    }

    @Test
    void messageFieldsBecomeACamera() {
        CameraModel c = CameraInfoYaml.cameraModel(640, 480, new double[]{500, 0, 320, 0, 500, 240, 0, 0, 1}, "plumb_bob",
                new double[5]);
        assertThat(c.hasDistortion()).isFalse();
        assertThatThrownBy(() -> CameraInfoYaml.cameraModel(640, 480, new double[]{Double.NaN, 0, 320, 0, 500, 240, 0, 0, 1},
                "plumb_bob", new double[5])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("finite");
    }
}
