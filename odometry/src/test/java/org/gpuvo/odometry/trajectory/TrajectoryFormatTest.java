package org.gpuvo.odometry.trajectory;

import org.gpuvo.odometry.dataset.DatasetException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TrajectoryFormatTest {
    @TempDir
    Path dir;

    @Test
    void detectedFromTheFirstDataLine() throws IOException {
        assertThat(detect("# c\n\n1.0 1 2 3 0 0 0 1\n")).isEqualTo(TrajectoryFormat.TUM);
        assertThat(detect("1 0 0 0 0 1 0 0 0 0 1 0\n")).isEqualTo(TrajectoryFormat.KITTI);
        assertThat(detect("0 1 0 0 0 0 1 0 0 0 0 1 0\n")).isEqualTo(TrajectoryFormat.KITTI);
        assertThat(detect("#timestamp,x\n1403715273262142976,0,0,0,1,0,0,0,0,0,0\n")).isEqualTo(TrajectoryFormat.EUROC);
    }

    @Test
    void ambiguousFilesAskForTheFormat() throws IOException {
        Path seven = Files.writeString(dir.resolve("seven.txt"), "\n1 2 3 4 5 6 7\n");
        assertThatThrownBy(() -> TrajectoryFormat.detect(seven)).isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(seven + ":2: ").hasMessageContaining("7 values").hasMessageContaining("name the format");
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing\n");
        assertThatThrownBy(() -> TrajectoryFormat.detect(empty)).hasMessageContaining("no poses");
    }

    @Test
    void namesInAnyCase() {
        assertThat(TrajectoryFormat.parse("Kitti")).isEqualTo(TrajectoryFormat.KITTI);
        assertThat(TrajectoryFormat.parse("euroc")).isEqualTo(TrajectoryFormat.EUROC);
        assertThatThrownBy(() -> TrajectoryFormat.parse("csv")).hasMessageContaining("tum, kitti or euroc");
    }

    private TrajectoryFormat detect(String text) throws IOException {
        return TrajectoryFormat.detect(Files.writeString(dir.resolve("f.txt"), text));
    }
}
