package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class EurocSequenceTest {
    @TempDir
    Path dir;

    @Test
    void readsTheRealStereoSequence() {
        Path folder = SharedData.require("euroc-v101-micro");
        Sequence s = Datasets.open(folder);
        assertThat(s).isInstanceOf(EurocSequence.class);
        assertThat(s.name()).isEqualTo("euroc-v101-micro");
        // cam0 lists 95 images, cam1 99 (four without files): the pairs with identical stamps are the 95
        assertThat(s.size()).isEqualTo(95);
        assertThat(s.timestamp(0)).isCloseTo(1403715273.262142976, within(1e-6));
        for (int i = 1; i < s.size(); i++)
            assertThat(s.timestamp(i) - s.timestamp(i - 1)).isCloseTo(0.05, within(1e-6));
        var c = s.camera();
        assertThat(new double[]{c.width, c.height, c.fx, c.fy, c.cx, c.cy})
                .containsExactly(752, 480, 458.654, 457.296, 367.215, 248.375);
        assertThat(c.distortion.name()).isEqualTo("plumb_bob");
        assertThat(s.left(0).width).isEqualTo(752);
        assertThat(s.right(94).height).isEqualTo(480);

        StereoCalibration stereo = s.stereo().orElseThrow();
        assertThat(stereo.right.fx).isEqualTo(457.587);
        assertThat(stereo.right.distortion.coefficients()).containsExactly(-0.28368365, 0.07451284, -0.00010473, -3.55590700e-05, 0);
        // T_C0C1 of the EuRoC rig: 11.0 cm to the right, nearly parallel
        Se3_F64 rightToLeft = stereo.rightToLeft();
        assertThat(rightToLeft.T.x).isCloseTo(0.110074, within(1e-6));
        assertThat(rightToLeft.T.y).isCloseTo(-0.000157, within(1e-6));
        assertThat(rightToLeft.T.z).isCloseTo(0.000889, within(1e-6));
    }

    /** Rotates v by the unit quaternion (w, x, y, z): v + 2w (q × v) + 2 q × (q × v). */
    static double[] rotate(double w, double x, double y, double z, double[] v) {
        double cx = y * v[2] - z * v[1], cy = z * v[0] - x * v[2], cz = x * v[1] - y * v[0];
        double ccx = y * cz - z * cy, ccy = z * cx - x * cz, ccz = x * cy - y * cx;
        return new double[]{v[0] + 2 * (w * cx + ccx), v[1] + 2 * (w * cy + ccy), v[2] + 2 * (w * cz + ccz)};
    }

    @Test
    void groundTruthIsTheLeftCameraPose() throws Exception {
        Path folder = SharedData.require("euroc-v101-micro");
        Sequence s = EurocSequence.open(folder);
        Trajectory gt = s.groundTruth().orElseThrow();
        List<String> rows = Files.readAllLines(folder.resolve("mav0/state_groundtruth_estimate0/data.csv"));
        rows.removeIf(r -> r.startsWith("#"));
        assertThat(gt.size()).isEqualTo(rows.size());
        Se3_F64 tbs = EurocCalibration.read(folder.resolve("mav0/cam0/sensor.yaml")).cameraToBody();
        double[] tBS = {tbs.T.x, tbs.T.y, tbs.T.z};
        for (int i = 0; i < rows.size(); i += 7) {
            String[] f = rows.get(i).split(",");
            double w = Double.parseDouble(f[4]), x = Double.parseDouble(f[5]), y = Double.parseDouble(f[6]), z = Double.parseDouble(f[7]);
            double n = Math.sqrt(w * w + x * x + y * y + z * z);
            // camera centre in the world = body position + R_WB t_BS, with the quaternion rotation written out here
            double[] offset = rotate(w / n, x / n, y / n, z / n, tBS);
            Se3_F64 pose = gt.pose(i);
            assertThat(pose.T.x).isCloseTo(Double.parseDouble(f[1]) + offset[0], within(1e-12));
            assertThat(pose.T.y).isCloseTo(Double.parseDouble(f[2]) + offset[1], within(1e-12));
            assertThat(pose.T.z).isCloseTo(Double.parseDouble(f[3]) + offset[2], within(1e-12));
            assertThat(gt.time(i)).isCloseTo(Long.parseLong(f[0]) * 1e-9, within(1e-6));
            // the camera's image-down axis (its y) points down in the Vicon world (z up): a level MAV
            assertThat(pose.R.get(2, 1)).isLessThan(-0.9);
            // the optical axis is near horizontal, looking slightly down
            assertThat(pose.R.get(2, 2)).isBetween(-0.5, 0.0);
        }
        // the camera is 6.6 cm from the IMU
        assertThat(gt.pose(0).T.distance(Double.parseDouble(rows.get(0).split(",")[1]),
                Double.parseDouble(rows.get(0).split(",")[2]), Double.parseDouble(rows.get(0).split(",")[3])))
                .isCloseTo(Math.sqrt(tBS[0] * tBS[0] + tBS[1] * tBS[1] + tBS[2] * tBS[2]), within(1e-12));
    }

    static final String SENSOR = "%YAML:1.0\n"
            + "sensor_type: camera\n"
            + "T_BS:\n"
            + "  cols: 4\n"
            + "  rows: 4\n"
            + "  data: [0, -1, 0, 0.01,\n"
            + "         1, 0, 0, 0.05,\n"
            + "         0, 0, 1, 0.0,\n"
            + "         0.0, 0.0, 0.0, 1.0]\n"
            + "rate_hz: 20\n"
            + "resolution: [32, 24]\n"
            + "camera_model: pinhole\n"
            + "intrinsics: [30.0, 30.5, 16.0, 12.0] #fu, fv, cu, cv\n"
            + "distortion_model: equidistant\n"
            + "distortion_coefficients: [0.01, 0.002, 0.0, 0.0]\n";

    /** A mono EuRoC folder with three 32×24 frames at 20 Hz. */
    private Path monoFolder() {
        Fixtures.write(dir.resolve("mav0/cam0/sensor.yaml"), SENSOR);
        StringBuilder csv = new StringBuilder("#timestamp [ns],filename\n");
        for (int i = 0; i < 3; i++) {
            long t = 1_000_000_000_000L + i * 50_000_000L;
            csv.append(t).append(',').append(t).append(".png\n");
            Fixtures.grayPng(dir.resolve("mav0/cam0/data/" + t + ".png"), 32, 24, i);
        }
        Fixtures.write(dir.resolve("mav0/cam0/data.csv"), csv.toString());
        return dir;
    }

    @Test
    void readsAMonoFolderWithAFisheyeCamera() {
        Sequence s = Datasets.open(monoFolder().resolve("mav0"));
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.hasRight()).isFalse();
        assertThat(s.timestamp(2) - s.timestamp(0)).isCloseTo(0.1, within(1e-9));
        assertThat(s.camera().distortion.name()).isEqualTo("equidistant");
        assertThat(s.left(1).get(2, 0)).isEqualTo(3);
        assertThat(s.groundTruth()).isEmpty();
    }

    @Test
    void badInputNamesTheFileAndLine() {
        monoFolder();
        Path csv = dir.resolve("mav0/cam0/data.csv");
        Fixtures.write(csv, "#timestamp [ns],filename\n1000000000100000000,a.png\n1000000000050000000,b.png\n");
        assertThatThrownBy(() -> EurocSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("data.csv:3:").hasMessageContaining("increase strictly");
        Fixtures.write(csv, "#timestamp [ns],filename\n1000000000000000000,missing.png\n");
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("data.csv:2: image missing.png does not exist");
        Fixtures.write(csv, "#timestamp [ns],filename\n1.5e18,x.png\n");
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("data.csv:2:")
                .hasMessageContaining("not an integer time in nanoseconds");

        monoFolder();
        Path yaml = dir.resolve("mav0/cam0/sensor.yaml");
        Fixtures.write(yaml, SENSOR.replace("resolution: [32, 24]", "resolution: [752, 480]"));
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("data.csv:2: image")
                .hasMessageContaining("is 32x24 but").hasMessageContaining("sensor.yaml says resolution 752x480");
        Fixtures.write(yaml, SENSOR.replace("[30.0, 30.5,", "[.nan, 30.5,"));
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("sensor.yaml:13:")
                .hasMessageContaining("intrinsics[0]");
        Fixtures.write(yaml, SENSOR.replace("equidistant", "fov"));
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("sensor.yaml:14:")
                .hasMessageContaining("unknown distortion model 'fov'");
        Fixtures.write(yaml, SENSOR.replace("data: [0, -1, 0, 0.01,", "data: [0, -1, 0.5, 0.01,"));
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("sensor.yaml:6:")
                .hasMessageContaining("T_BS: not a rigid transform");
        Fixtures.write(yaml, SENSOR.replace("camera_model: pinhole", "camera_model: omni"));
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("sensor.yaml:12:")
                .hasMessageContaining("camera_model 'omni' is not supported");

        monoFolder();
        Fixtures.write(dir.resolve("mav0/state_groundtruth_estimate0/data.csv"),
                "#time(ns),px,py,pz,qw,qx,qy,qz\n1000000000000000000,1,2,3,1,0,0,0\n1000000000010000000,1,2,3,0.5,0,0,0\n");
        assertThatThrownBy(() -> EurocSequence.open(dir)).hasMessageContaining("state_groundtruth_estimate0/data.csv:3:")
                .hasMessageContaining("quaternion has norm 0.5");
    }
}
