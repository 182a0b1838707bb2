package org.gpuvo.odometry.dataset;

import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.Umeyama;
import org.gpuvo.odometry.trajectory.TrajectoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Text inputs that a careless user or an attacker gives: a line of megabytes, a binary or UTF-16 file, YAML of two
 * documents, an absurd focal length, a rotation block of zeros, a ground truth that never moves. Each is refused
 * with an error naming the file and line, before anything large is allocated for it.
 */
class TextFilesTest {
    @TempDir
    Path dir;

    @Test
    void aLineOverTheLimitIsRefusedWithFileAndLine() throws IOException {
        Path file = dir.resolve("long.txt");
        String line = "1 ".repeat(TextFiles.DEFAULT_LINE_CHARS / 2 + 10);
        Files.writeString(file, "# header\n" + line + "\n");
        assertThatThrownBy(() -> new TrajectoryReader().read(file)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(file + ":2: the line has").hasMessageContaining(TextFiles.LINE_PROPERTY);
    }

    @Test
    void binaryAndUtf16FilesAreNamedWithTheirLine() throws IOException {
        Path binary = dir.resolve("poses.txt");
        Files.write(binary, new byte[]{'1', ' ', '2', '\n', '3', (byte) 0xFF, (byte) 0xFE, 0, 7});
        assertThatThrownBy(() -> new TrajectoryReader().read(binary)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(binary + ":2: not UTF-8 text: byte 0xFF at byte offset 5")
                .hasMessageNotContaining("Input length");
        Path utf16 = dir.resolve("calib.txt");
        Files.write(utf16, "P0: 1 0 0 0 0 1 0 0 0 0 1 0\n".getBytes(StandardCharsets.UTF_16));
        assertThatThrownBy(() -> KittiCalibration.read(utf16, 10, 10)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(utf16 + ":1:").hasMessageContaining("UTF-16");
    }

    @Test
    void yamlOfTwoDocumentsOrALanguageTagIsOneLineNamingTheFile() throws IOException {
        Path yaml = dir.resolve("camera.yaml");
        Files.writeString(yaml, "image_width: 4\n---\nimage_width: 5\n");
        assertThatThrownBy(() -> CameraInfoYaml.read(yaml)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(yaml + ":").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(yaml, "image_width: !!python/object/apply:os.system [ls]\n");
        assertThatThrownBy(() -> CameraInfoYaml.read(yaml)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(yaml + ":").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void anAbsurdFocalLengthIsNamedAsSuch() throws IOException {
        Path calib = dir.resolve("calib.txt");
        Files.writeString(calib, "P0: 1e308 0 600 0 0 1e308 180 0 0 0 1 0\n"
                + "P1: 1e308 0 600 -386 0 1e308 180 0 0 0 1 0\n");
        assertThatThrownBy(() -> KittiCalibration.read(calib, 1241, 376)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(calib + ":1:")
                .hasMessageContaining("focal lengths must be positive and at most");
    }

    @Test
    void aKittiLineWhoseRotationIsZerosIsRefused() throws IOException {
        Path poses = dir.resolve("est.txt");
        Files.writeString(poses, "1 0 0 0 0 1 0 0 0 0 1 0\n0 0 0 1 0 0 0 0 0 0 0 0\n");
        assertThatThrownBy(() -> new TrajectoryReader().read(poses)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(poses + ":2: the 3x3 block is not a rotation");
    }

    @Test
    void aSim3AlignmentOntoOnePointIsRefused() {
        double[] estimate = {0, 0, 0, 1, 0, 0, 2, 1, 0, 3, 1, 1};
        double[] still = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
        assertThatThrownBy(() -> Umeyama.align(estimate, still, AlignmentMode.SIM3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reference positions all coincide");
        double[] huge = {0, 0, 0, 1e300, 0, 0, 0, 1e300, 0, 0, 0, 1e300};
        assertThatThrownBy(() -> Umeyama.align(huge, huge, AlignmentMode.SE3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too large");
    }

    @Test
    void aLineOfOnlySeparatorsIsTakenAsBlank() throws IOException {
        // found by fuzzing (kittiCalibration): a line "," gave an ArrayIndexOutOfBoundsException
        Path calib = dir.resolve("calib.txt");
        Files.writeString(calib, "P0: 7e2 0 600 0 0 7e2 180 0 0 0 1 0\n,\n");
        assertThat(KittiCalibration.read(calib, 1241, 376).left().fx).isEqualTo(700);
        Files.writeString(calib, "P\n,");
        assertThatThrownBy(() -> KittiCalibration.read(calib, 1241, 376)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(calib + ":1:");
    }
}
