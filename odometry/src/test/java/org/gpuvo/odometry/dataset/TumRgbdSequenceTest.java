package org.gpuvo.odometry.dataset;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class TumRgbdSequenceTest {
    @TempDir
    Path tmp;

    static final int W = 16, H = 12;

    /** rgb.txt at 1.000 1.033 1.066 1.100; depth.txt at 0.995 1.040 1.050 1.0605 1.200. */
    private Path folder(String name) {
        Path dir = tmp.resolve(name);
        String[] rgb = {"1.000000", "1.033000", "1.066000", "1.100000"};
        String[] depth = {"0.995000", "1.040000", "1.050000", "1.060500", "1.200000"};
        StringBuilder rgbTxt = new StringBuilder("# color images\n# file: 'fixture'\n# timestamp filename\n");
        for (int i = 0; i < rgb.length; i++) {
            rgbTxt.append(rgb[i]).append(" rgb/").append(rgb[i]).append(".png\n");
            Fixtures.colourPng(dir.resolve("rgb/" + rgb[i] + ".png"), W, H, 200, 100, 50 + i);
        }
        StringBuilder depthTxt = new StringBuilder("# depth maps\n# timestamp filename\n");
        for (int i = 0; i < depth.length; i++) {
            depthTxt.append(depth[i]).append(" depth/").append(depth[i]).append(".png\n");
            int[] values = new int[W * H];
            values[0] = 5000;             // 1 m
            values[1] = 12345;            // 2.469 m
            values[2] = 0;                // no measurement
            values[3] = 65535;            // 13.107 m
            values[4] = 1000 * (i + 1);   // tells the files apart
            Fixtures.depthPng(dir.resolve("depth/" + depth[i] + ".png"), W, H, values);
        }
        Fixtures.write(dir.resolve("rgb.txt"), rgbTxt.toString());
        Fixtures.write(dir.resolve("depth.txt"), depthTxt.toString());
        // second pose: 90° about z, quaternion (qx qy qz qw) = (0, 0, sin 45°, cos 45°)
        double s = Math.sqrt(0.5);
        Fixtures.write(dir.resolve("groundtruth.txt"), "# ground truth trajectory\n# timestamp tx ty tz qx qy qz qw\n"
                + "0.9900 1.0 2.0 3.0 0 0 0 1\n"
                + "1.0100 1.5 2.0 3.0 0 0 " + s + " " + s + "\n");
        return dir;
    }

    @Test
    void readsFramesDepthAndGroundTruth() {
        Sequence seq = Datasets.open(folder("rgbd_dataset_freiburg1_fixture"));
        assertThat(seq).isInstanceOf(TumRgbdSequence.class);
        // rgb 1.100 has no depth within 20 ms; 1.033 takes 1.040 (7 ms) and 1.066 takes 1.0605 (5.5 ms), not 1.050
        assertThat(seq.size()).isEqualTo(3);
        assertThat(seq.timestamp(0)).isEqualTo(1.0);
        assertThat(seq.timestamp(1)).isEqualTo(1.033);
        assertThat(seq.timestamp(2)).isEqualTo(1.066);
        assertThat(seq.hasDepth()).isTrue();
        assertThat(seq.depth(0).at(4, 0)).isEqualTo(0.2f);       // 0.995
        assertThat(seq.depth(1).at(4, 0)).isEqualTo(0.4f);       // 1.040
        assertThat(seq.depth(2).at(4, 0)).isEqualTo(0.8f);       // 1.0605

        DepthImage d = seq.depth(0);
        assertThat(d.width).isEqualTo(W);
        assertThat(d.at(0, 0)).isEqualTo(1.0f);
        assertThat(d.at(1, 0)).isCloseTo(2.469f, within(1e-6f));
        assertThat(d.at(2, 0)).isNaN();
        assertThat(d.at(3, 0)).isCloseTo(13.107f, within(1e-5f));

        // colour is read as grey with the BT.601 weights (0.299 R + 0.587 G + 0.114 B)
        assertThat(seq.left(1).get(5, 5)).isCloseTo((int) Math.round(0.299 * 200 + 0.587 * 100 + 0.114 * 51), within(1));

        // freiburg1 from the folder name
        assertThat(seq.camera().fx).isEqualTo(517.3);
        assertThat(seq.camera().distortion.coefficients()).containsExactly(0.2624, -0.9531, -0.0054, 0.0026, 1.1633);
        assertThat(seq.camera().width).isEqualTo(W);

        Trajectory gt = seq.groundTruth().orElseThrow();
        assertThat(gt.size()).isEqualTo(2);
        Se3_F64 p = gt.pose(1);
        assertThat(p.T.x).isEqualTo(1.5);
        // x axis of the camera points along world y after 90° about z
        assertThat(p.R.get(0, 0)).isCloseTo(0, within(1e-15));
        assertThat(p.R.get(1, 0)).isCloseTo(1, within(1e-15));
        assertThat(p.R.get(0, 1)).isCloseTo(-1, within(1e-15));
    }

    @Test
    void associationIsGreedyAndOneToOneAsAssociatePy() {
        // nearest-per-colour would give 0.004 to both; associate.py gives it to the closer and leaves 0.010 alone
        int[][] pairs = TumAssociation.associate(new double[]{0.0, 0.010}, new double[]{0.004}, 0.02);
        assertThat(pairs).hasDimensions(1, 2);
        assertThat(pairs[0]).containsExactly(0, 0);
        // |dt| must be strictly below the limit
        assertThat(TumAssociation.associate(new double[]{1.0}, new double[]{1.02 + 1e-12}, 0.02)).isEmpty();
        // the second colour image takes the second depth, even though the first colour image is closer to it than
        // to its own: the pairs are taken in order of |dt|
        int[][] chain = TumAssociation.associate(new double[]{0.0, 0.030}, new double[]{0.012, 0.033}, 0.02);
        assertThat(chain).hasDimensions(2, 2);
        assertThat(chain[0]).containsExactly(0, 0);
        assertThat(chain[1]).containsExactly(1, 1);
    }

    @Test
    void theCameraComesFromTheFolderNameOrACameraInfoFile() {
        Path named = folder("rgbd_dataset_freiburg3_long_office_household");
        assertThat(TumRgbdSequence.open(named).camera().hasDistortion()).isFalse();
        assertThat(TumRgbdSequence.open(named).camera().fy).isEqualTo(539.2);

        Path plain = folder("my_recording");
        assertThatThrownBy(() -> TumRgbdSequence.open(plain)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("freiburg1, freiburg2 or freiburg3").hasMessageContaining("camera_info.yaml");
        Fixtures.write(plain.resolve("camera_info.yaml"), Fixtures.cameraInfo(W, H, 20, 21, 8, 6, "plumb_bob", new double[5]));
        assertThat(TumRgbdSequence.open(plain).camera().fx).isEqualTo(20);
        Fixtures.write(plain.resolve("camera_info.yaml"), Fixtures.cameraInfo(640, 480, 20, 21, 8, 6, "plumb_bob", new double[5]));
        assertThatThrownBy(() -> TumRgbdSequence.open(plain)).hasMessageContaining("camera_info.yaml")
                .hasMessageContaining("640x480 images but the colour images are 16x12");
    }

    @Test
    void badInputNamesTheFileAndLine() {
        Path dir = folder("rgbd_dataset_freiburg2_bad");
        Fixtures.write(dir.resolve("rgb.txt"), "# c\n1.0 rgb/1.000000.png\n0.9 rgb/1.033000.png\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("rgb.txt:3:").hasMessageContaining("increase strictly");
        Fixtures.write(dir.resolve("rgb.txt"), "1.0 rgb/1.000000.png\n1.033 rgb/1.033000.png extra\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).hasMessageContaining("rgb.txt:2:").hasMessageContaining("expected 2 fields");
        Fixtures.write(dir.resolve("rgb.txt"), "1.0 rgb/1.000000.png\n1.033 rgb/nothing.png\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).hasMessageContaining("rgb.txt:2: image nothing.png does not exist");
        Fixtures.write(dir.resolve("rgb.txt"), "5.0 rgb/1.000000.png\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).hasMessageContaining("no colour image of rgb.txt has a depth image");

        Fixtures.write(dir.resolve("rgb.txt"), "1.0 rgb/1.000000.png\n1.033 rgb/1.033000.png\n");
        Fixtures.write(dir.resolve("rgb/1.033000.png"), "\u0089PNG truncated");
        Fixtures.grayPng(dir.resolve("depth/1.040000.png"), W, H, 0); // 8 bits: not a depth image
        Sequence seq = TumRgbdSequence.open(dir);
        assertThatThrownBy(() -> seq.left(1)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("rgb.txt:2: image 1.033000.png cannot be read");
        assertThatThrownBy(() -> seq.depth(1)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("depth.txt:4: image 1.040000.png is not a 16-bit single-channel depth image");

        Fixtures.write(dir.resolve("groundtruth.txt"), "1.0 1 2 3 0 0 0 1\n1.1 1 2 NaN 0 0 0 1\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).hasMessageContaining("groundtruth.txt:2:")
                .hasMessageContaining("not finite");
        Fixtures.write(dir.resolve("groundtruth.txt"), "1.0 1 2 3 0 0 0 1\n1.1 1 2 3 0 0 1\n");
        assertThatThrownBy(() -> TumRgbdSequence.open(dir)).hasMessageContaining("groundtruth.txt:2:")
                .hasMessageContaining("expected 8 fields");
    }
}
