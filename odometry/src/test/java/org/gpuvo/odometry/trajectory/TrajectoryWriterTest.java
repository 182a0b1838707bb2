package org.gpuvo.odometry.trajectory;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TrajectoryWriterTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TrajectoryFormat.class)
    void whatIsWrittenIsReadBack(TrajectoryFormat format) throws IOException {
        Random random = new Random(format.ordinal());
        Trajectory trajectory = new Trajectory();
        Se3_F64 pose = new Se3_F64();
        double start = format == TrajectoryFormat.EUROC ? 1403715273.25 : 0;
        for (int i = 0; i < 50; i++) {
            ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 6 * random.nextDouble() - 3,
                    3 * random.nextDouble() - 1.5, 6 * random.nextDouble() - 3, pose.R);
            pose.T.setTo(100 * random.nextGaussian(), random.nextGaussian(), 1e-7 * random.nextGaussian());
            trajectory.add(start + 0.1 * i, pose);
        }
        Path file = dir.resolve("t." + format.name().toLowerCase());
        TrajectoryWriter.write(trajectory, file, format);
        assertThat(TrajectoryFormat.detect(file)).isEqualTo(format);
        Trajectory back = new TrajectoryReader().read(file);
        assertThat(back.size()).isEqualTo(50);
        for (int i = 0; i < 50; i++) {
            assertThat(back.time(i)).isCloseTo(trajectory.time(i), within(format == TrajectoryFormat.EUROC ? 1e-6 : 1e-9));
            assertThat(back.pose(i).T.distance(trajectory.pose(i).T)).isLessThan(1e-12);
            for (int k = 0; k < 9; k++)
                assertThat(back.pose(i).R.data[k]).isCloseTo(trajectory.pose(i).R.data[k], within(1e-12));
        }
        if (format == TrajectoryFormat.KITTI)  // written exactly: rotation entries are the doubles given
            assertThat(back.pose(7).R.data).containsExactly(trajectory.pose(7).R.data);
    }

    @ParameterizedTest
    @EnumSource(value = TrajectoryFormat.class, names = {"TUM", "EUROC"})
    void headersNameTheColumns(TrajectoryFormat format) throws IOException {
        Trajectory one = new Trajectory();
        one.add(2.0, new Se3_F64());
        Path file = dir.resolve("h.txt");
        TrajectoryWriter.write(one, file, format);
        String first = Files.readAllLines(file).get(0);
        assertThat(first).startsWith("#").contains(format == TrajectoryFormat.TUM ? "qw" : "q_RS_w");
        String data = Files.readAllLines(file).get(1);
        assertThat(data).isEqualTo(format == TrajectoryFormat.TUM ? "2.000000000 0.0 0.0 0.0 0.0 0.0 0.0 1.0"
                : "2000000000,0.0,0.0,0.0,1.0,0.0,0.0,0.0");
    }
}
