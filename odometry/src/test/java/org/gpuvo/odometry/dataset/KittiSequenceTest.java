package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class KittiSequenceTest {
    @TempDir
    Path dir;

    @Test
    void readsTheRealSequence() {
        Path folder = SharedData.require("kitti-06-0050");
        Sequence s = Datasets.open(folder);
        assertThat(s).isInstanceOf(KittiSequence.class);
        assertThat(s.name()).isEqualTo("kitti-06-0050");
        assertThat(s.size()).isEqualTo(51);
        // no times.txt: 10 Hz
        assertThat(s.timestamp(0)).isZero();
        assertThat(s.timestamp(50)).isCloseTo(5.0, within(1e-12));
        assertThat(new double[]{s.camera().width, s.camera().height, s.camera().fx, s.camera().fy, s.camera().cx, s.camera().cy})
                .containsExactly(1226, 370, 707.0912, 707.0912, 601.8873, 183.1104);
        assertThat(s.camera().hasDistortion()).isFalse();
        // calib.txt holds P1 but the folder has no right images: mono
        assertThat(s.hasRight()).isFalse();
        GrayImage first = s.left(0);
        assertThat(first.width).isEqualTo(1226);
        assertThat(first.height).isEqualTo(370);

        Trajectory gt = s.groundTruth().orElseThrow();
        assertThat(gt.size()).isEqualTo(51);
        assertThat(gt.pose(0).T.norm()).isLessThan(1e-9);
        assertThat(gt.time(10)).isEqualTo(s.timestamp(10));
        // the last pose is the last line of poses.txt, read here independently
        String[] last = lastLine(folder.resolve("poses.txt")).trim().split("\\s+");
        Se3_F64 p50 = gt.pose(50);
        assertThat(p50.T.x).isEqualTo(Double.parseDouble(last[3]));
        assertThat(p50.T.z).isEqualTo(Double.parseDouble(last[11]));
        assertThat(p50.R.get(1, 2)).isEqualTo(Double.parseDouble(last[6]));
        // docs/status.md: 59.9 m driven
        assertThat(gt.pathLength()).isCloseTo(59.9, within(0.1));

        KittiCalibration calib = KittiCalibration.read(folder.resolve("calib.txt"), 1226, 370);
        assertThat(calib.stereo().orElseThrow().baseline()).isCloseTo(379.8145 / 707.0912, within(1e-12));
    }

    private static String lastLine(Path file) {
        try {
            var lines = Files.readAllLines(file);
            return lines.get(lines.size() - 1);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static final String P0 = "7.070912e+02 0 6.018873e+02 0 0 7.070912e+02 1.831104e+02 0 0 0 1 0";
    static final String P1 = "7.070912e+02 0 6.018873e+02 -3.798145e+02 0 7.070912e+02 1.831104e+02 0 0 0 1 0";

    /** A labelled stereo KITTI folder with three 40×30 frames. */
    private Path stereoFolder() {
        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0 + "\nP1: " + P1 + "\nP2: " + P0 + "\nTr: 1 0 0 0 0 1 0 0 0 0 1 0\n");
        for (int i = 0; i < 3; i++) {
            Fixtures.grayPng(dir.resolve(String.format("image_0/%06d.png", i)), 40, 30, i);
            Fixtures.grayPng(dir.resolve(String.format("image_1/%06d.png", i)), 40, 30, 100 + i);
        }
        Fixtures.write(dir.resolve("times.txt"), "0.000000e+00\n1.036840e-01\n2.072560e-01\n");
        return dir;
    }

    @Test
    void readsAStereoFolderWithLabelledCalibAndTimes() {
        Sequence s = Datasets.open(stereoFolder());
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.timestamp(2)).isEqualTo(0.207256);
        StereoCalibration stereo = s.stereo().orElseThrow();
        assertThat(stereo.baseline()).isCloseTo(0.5371506, within(1e-6));
        assertThat(stereo.rightToLeft().T.y).isZero();
        assertThat(s.right(1).get(0, 0)).isEqualTo(101);
        assertThat(s.left(2).get(1, 1)).isEqualTo(1 + 3 + 2);
        assertThat(s.groundTruth()).isEmpty();
    }

    @Test
    void badInputNamesTheFileAndLine() {
        stereoFolder();
        Fixtures.write(dir.resolve("times.txt"), "0.0\n0.2\n0.1\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("times.txt:3:").hasMessageContaining("increase strictly");
        Fixtures.write(dir.resolve("times.txt"), "0.0\n0.1\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("times.txt: holds 2 times for 3 images");
        Fixtures.write(dir.resolve("times.txt"), "0.0\n0.1\n0.2\n");

        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0.replace("7.070912e+02 0 6", "NaN 0 6") + "\nP1: " + P1 + "\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("calib.txt:1:").hasMessageContaining("not finite");
        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0 + "\nP1: " + P1.replace("7.070912e+02 0 6", "7.1e+02 0 6") + "\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("calib.txt:2:").hasMessageContaining("differ from P0");
        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0 + "\nP1: 1 2 3\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("calib.txt:2:").hasMessageContaining("expected 12 fields");
        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0 + "\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("calib.txt").hasMessageContaining("has no P1");
        Fixtures.write(dir.resolve("calib.txt"), "P0: " + P0 + "\nP1: " + P1 + "\n");

        Fixtures.write(dir.resolve("poses.txt"), "1 0 0 0 0 1 0 0 0 0 1 0\n1 0 0 0 0 1 0 0 0 0 1 1\n1 0 0 0 0 1 0 0 0 0 2 2\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("poses.txt:3:").hasMessageContaining("not a rotation");
        Fixtures.write(dir.resolve("poses.txt"), "1 0 0 0 0 1 0 0 0 0 1 0\n");
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("poses.txt: holds 1 poses for 3 frames");
        Fixtures.write(dir.resolve("poses.txt"), "1 0 0 0 0 1 0 0 0 0 1 0\n1 0 0 0 0 1 0 0 0 0 1 1\n1 0 0 0 0 1 0 0 0 0 1 2\n");
        assertThat(KittiSequence.open(dir).groundTruth().orElseThrow().pose(2).T.z).isEqualTo(2);

        // a frame of another size, and a frame that is not an image: reading it names the file
        Fixtures.grayPng(dir.resolve("image_0/000001.png"), 41, 30, 0);
        Fixtures.write(dir.resolve("image_0/000002.png"), "not a png");
        Sequence s = KittiSequence.open(dir);
        assertThatThrownBy(() -> s.left(1)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("000001.png").hasMessageContaining("is 41x30 but the calibration says 40x30");
        assertThatThrownBy(() -> s.left(2)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("image_0/000002.png").hasMessageContaining("cannot be read");

        Fixtures.grayPng(dir.resolve("image_1/000003.png"), 40, 30, 0);
        assertThatThrownBy(() -> KittiSequence.open(dir)).hasMessageContaining("image_1: holds 4 images but image_0 holds 3");
    }

    @Test
    void missingCalibrationIsReported() throws Exception {
        Fixtures.grayPng(dir.resolve("image_0/000000.png"), 40, 30, 0);
        assertThatThrownBy(() -> KittiSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("no calib.txt");
        // Datasets does not take it for KITTI at all without calib.txt
        assertThatThrownBy(() -> Datasets.open(dir)).hasMessageContaining("unknown dataset layout")
                .hasMessageContaining("calib.txt and image_0/");
    }
}
