package org.gpuvo.odometry.dataset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ImageFolderSequenceTest {
    @TempDir
    Path dir;

    private Path folder() {
        for (int i = 0; i < 4; i++)
            Fixtures.grayPng(dir.resolve("frame_" + i + ".png"), 20, 10, 10 * i);
        Fixtures.write(dir.resolve("camera_info.yaml"), Fixtures.cameraInfo(20, 10, 25, 26, 10, 5, "plumb_bob",
                new double[]{-0.1, 0.01, 0, 0, 0}));
        return dir;
    }

    @Test
    void readsImagesInNameOrderAtTheDefaultRate() {
        Sequence s = Datasets.open(folder());
        assertThat(s).isInstanceOf(ImageFolderSequence.class);
        assertThat(s.size()).isEqualTo(4);
        assertThat(s.timestamp(3)).isCloseTo(0.3, within(1e-12));
        assertThat(s.left(2).get(0, 0)).isEqualTo(20);
        assertThat(s.camera().fy).isEqualTo(26);
        assertThat(s.camera().distortion.coefficients()[0]).isEqualTo(-0.1);
    }

    @Test
    void readsPgmFiles() throws Exception {
        // binary PGM (P5), as some datasets and tools write frames
        for (int i = 0; i < 2; i++) {
            byte[] header = ("P5\n20 10\n255\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            byte[] pixels = new byte[200];
            java.util.Arrays.fill(pixels, (byte) (70 + i));
            java.nio.file.Files.write(dir.resolve("f" + i + ".pgm"), concat(header, pixels));
        }
        Fixtures.write(dir.resolve("cam.yml"), Fixtures.cameraInfo(20, 10, 25, 26, 10, 5, "", new double[0]));
        Sequence s = Datasets.open(dir);
        assertThat(s.size()).isEqualTo(2);
        assertThat(s.left(1).get(19, 9)).isEqualTo(71);
        assertThat(s.camera().hasDistortion()).isFalse();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void timesComeFromTimesTxtOrARate() {
        folder();
        assertThat(ImageFolderSequence.open(dir, 25).timestamp(2)).isCloseTo(0.08, within(1e-12));
        Fixtures.write(dir.resolve("times.txt"), "10.0\n10.5\n11.0\n11.25\n");
        assertThat(ImageFolderSequence.open(dir, 25).timestamp(3)).isEqualTo(11.25);
        Fixtures.write(dir.resolve("times.txt"), "10.0\n10.5\n10.5\n11.25\n");
        assertThatThrownBy(() -> ImageFolderSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("times.txt:3:").hasMessageContaining("not after the previous one");
    }

    @Test
    void calibrationMustBeThereAndFitTheImages() {
        folder();
        Fixtures.write(dir.resolve("camera_info.yaml"), Fixtures.cameraInfo(640, 480, 25, 26, 10, 5, "plumb_bob", new double[5]));
        assertThatThrownBy(() -> ImageFolderSequence.open(dir)).isInstanceOf(DatasetException.class)
                .hasMessageContaining("frame_0.png").hasMessageContaining("image is 20x10 but")
                .hasMessageContaining("camera_info.yaml says 640x480");
        Fixtures.write(dir.resolve("camera_info.yaml"), Fixtures.cameraInfo(20, 10, 25, 26, 10, 5, "plumb_bob", new double[5])
                .replace("data: [25.0, 0, 10.0", "data: [NaN, 0, 10.0"));
        assertThatThrownBy(() -> ImageFolderSequence.open(dir)).hasMessageContaining("camera_info.yaml:7:");
        try {
            java.nio.file.Files.delete(dir.resolve("camera_info.yaml"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertThatThrownBy(() -> ImageFolderSequence.open(dir)).hasMessageContaining("no camera calibration");
        // Datasets lists what it looked for, and notes the images without a calibration
        assertThatThrownBy(() -> Datasets.open(dir)).hasMessageContaining("unknown dataset layout")
                .hasMessageContaining("KITTI").hasMessageContaining("EuRoC").hasMessageContaining("TUM RGB-D")
                .hasMessageContaining("the folder has images but no camera_info.yaml");
        assertThatThrownBy(() -> Datasets.open(dir.resolve("nowhere"))).hasMessageContaining("does not exist");
    }
}
