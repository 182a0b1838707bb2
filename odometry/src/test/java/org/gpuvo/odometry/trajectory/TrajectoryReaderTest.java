package org.gpuvo.odometry.trajectory;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.DatasetException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class TrajectoryReaderTest {
    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    /** Where the pose maps the unit x axis. */
    private static Point3D_F64 mapX(Se3_F64 pose) {
        double[] r = pose.R.data;
        return new Point3D_F64(r[0], r[3], r[6]);
    }

    @Test
    void tumWithCommentsBlankLinesAndQuaternionWLast() throws IOException {
        double s = Math.sqrt(0.5);
        Path tum = file("a.txt", "# timestamp tx ty tz qx qy qz qw\n\n"
                + "1.5 1 2 3 0 0 " + s + " " + s + "\n"
                + "  \t\n"
                + "1.6\t4 5 6 0 0 0 1\n");
        Trajectory t = new TrajectoryReader().read(tum);
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.time(0)).isEqualTo(1.5);
        assertThat(t.pose(0).T.z).isEqualTo(3.0);
        // 90 degrees about z: x goes to y
        assertThat(mapX(t.pose(0)).distance(new Point3D_F64(0, 1, 0))).isLessThan(1e-12);
        assertThat(mapX(t.pose(1)).distance(new Point3D_F64(1, 0, 0))).isLessThan(1e-12);
    }

    @Test
    void eurocWithNanosecondsQuaternionWFirstAndExtraColumns() throws IOException {
        double s = Math.sqrt(0.5);
        Path euroc = file("data.csv", "#timestamp, p_RS_R_x [m], p_RS_R_y [m], p_RS_R_z [m], q_RS_w [], q_RS_x [], q_RS_y [], q_RS_z [], v_RS_R_x\n"
                + "1403715273262142976,0.5,2.25,0.75," + s + ",0,0," + s + ",0.1,0.2\n"
                + "1403715273312143104, 0.6, 2.2, 0.9, 1, 0, 0, 0, 0.3, 0.1\n");
        Trajectory t = new TrajectoryReader().read(euroc);
        assertThat(TrajectoryFormat.detect(euroc)).isEqualTo(TrajectoryFormat.EUROC);
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.time(0)).isCloseTo(1403715273.262142976, within(1e-6));
        assertThat(t.time(1) - t.time(0)).isCloseTo(0.050000128, within(1e-6));
        assertThat(t.pose(0).T.y).isEqualTo(2.25);
        assertThat(mapX(t.pose(0)).distance(new Point3D_F64(0, 1, 0))).isLessThan(1e-12);
    }

    @Test
    void kittiTimesAreFrameIndexTimesThePeriod() throws IOException {
        String identity = "1 0 0 %s 0 1 0 0 0 0 1 0\n";
        Path kitti = file("poses.txt", String.format(identity, "0") + String.format(identity, "1.5") + String.format(identity, "3"));
        Trajectory t = new TrajectoryReader().read(kitti);
        assertThat(t.size()).isEqualTo(3);
        assertThat(t.time(2)).isCloseTo(0.2, within(1e-15));
        assertThat(t.pose(1).T.x).isEqualTo(1.5);
        Trajectory slow = new TrajectoryReader(0.5).read(kitti, TrajectoryFormat.KITTI);
        assertThat(slow.time(2)).isEqualTo(1.0);
    }

    @Test
    void kittiRowMajorLayout() throws IOException {
        // a rotation whose entries tell the rows apart
        Path kitti = file("poses.txt", "0 -1 0 4 0 0 -1 8 1 0 0 12\n");
        Se3_F64 pose = new TrajectoryReader().read(kitti).pose(0);
        assertThat(pose.R.data).containsExactly(0, -1, 0, 0, 0, -1, 1, 0, 0);
        assertThat(new double[]{pose.T.x, pose.T.y, pose.T.z}).containsExactly(4, 8, 12);
    }

    @Test
    void kittiWithFrameIndicesTakesTheirTimes() throws IOException {
        Path kitti = file("est.txt", "2 1 0 0 0 0 1 0 0 0 0 1 0\n3 1 0 0 0.5 0 1 0 0 0 0 1 0\n7 1 0 0 1 0 1 0 0 0 0 1 0\n");
        Trajectory t = new TrajectoryReader().read(kitti);
        assertThat(t.time(0)).isCloseTo(0.2, within(1e-15));
        assertThat(t.time(2)).isCloseTo(0.7, within(1e-15));
        assertThat(t.pose(1).T.x).isEqualTo(0.5);
    }

    @Test
    void aQuaternionSlightlyOffUnitIsNormalisedAndOneFarOffIsRejected() throws IOException {
        Path near = file("near.txt", "0 0 0 0 0 0 0 1.0009\n");
        Se3_F64 pose = new TrajectoryReader().read(near).pose(0);
        assertThat(pose.R.data[0]).isCloseTo(1.0, within(1e-15));
        Path far = file("far.txt", "0 0 0 0 0 0 0 1\n1 0 0 0 0 0 0 1.002\n");
        assertThatThrownBy(() -> new TrajectoryReader().read(far))
                .isInstanceOf(DatasetException.class).hasMessageStartingWith(far + ":2: ").hasMessageContaining("norm 1.002");
        Path zero = file("zero.txt", "0 0 0 0 0 0 0 0\n");
        assertThatThrownBy(() -> new TrajectoryReader().read(zero)).hasMessageStartingWith(zero + ":1: ");
    }

    @Test
    void badLinesAreReportedWithFileAndLine() throws IOException {
        assertError("# c\n0 0 0 0 0 0 0 1\n0.1 0 0 0 0 0 1\n", TrajectoryFormat.TUM, ":3: ", "7 values, expected 8");
        assertError("0 0 0 0 0 0 0 1\n0.1 0 zero 0 0 0 0 1\n", TrajectoryFormat.TUM, ":2: ", "'zero' is not a number");
        assertError("0 0 0 0 0 0 0 1\n0.1 0 NaN 0 0 0 0 1\n", TrajectoryFormat.TUM, ":2: ", "not a finite number");
        assertError("0 0 0 0 0 0 0 1\n0.2 0 0 0 0 0 0 1\n0.1 0 0 0 0 0 0 1\n", TrajectoryFormat.TUM, ":3: ", "not after the previous one");
        assertError("0 0 0 0 0 0 0 1\n0 0 0 0 0 0 0 1\n", TrajectoryFormat.TUM, ":2: ", "increase strictly");
        assertError("1 0 0 0 0 1 0 0 0 0 1 0\n1 0 0 0 0 1 0 0 0 0 1\n", TrajectoryFormat.KITTI, ":2: ", "11 values, expected 12");
        assertError("1 0 0 0 0 1 0 0 0 0 1 0\n2 1 0 0 0 0 1 0 0 0 0 1 0\n", TrajectoryFormat.KITTI, ":2: ", "13 values, expected 12");
        assertError("1.5 1 0 0 0 0 1 0 0 0 0 1 0\n", TrajectoryFormat.KITTI, ":1: ", "frame index '1.5'");
        assertError("3 1 0 0 0 0 1 0 0 0 0 1 0\n2 1 0 0 0 0 1 0 0 0 0 1 0\n", TrajectoryFormat.KITTI, ":2: ", "not after");
        assertError("#h\n1.5e18,0,0,0,1,0,0,0\n", TrajectoryFormat.EUROC, ":2: ", "not an integer count of nanoseconds");
        assertError("10,0,0,0,1,0,0\n", TrajectoryFormat.EUROC, ":1: ", "7 values, expected at least 8");
        assertError("# only a comment\n\n", TrajectoryFormat.TUM, ": ", "no poses");
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nothing.txt");
        assertThatThrownBy(() -> new TrajectoryReader().read(missing, TrajectoryFormat.TUM))
                .isInstanceOf(DatasetException.class).hasMessage(missing + ": no such file");
        assertThatThrownBy(() -> new TrajectoryReader().read(missing)).isInstanceOf(DatasetException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void badPeriodsAreRefused() {
        assertThatThrownBy(() -> new TrajectoryReader(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TrajectoryReader(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }

    private void assertError(String text, TrajectoryFormat format, String where, String what) throws IOException {
        Path file = file("bad.txt", text);
        assertThatThrownBy(() -> new TrajectoryReader().read(file, format))
                .isInstanceOf(DatasetException.class)
                .hasMessageStartingWith(file + where)
                .hasMessageContaining(what);
    }

    @Test
    void realEurocGroundTruth() throws IOException {
        Path csv = SharedData.require("euroc-v101-micro").resolve("mav0/state_groundtruth_estimate0/data.csv");
        long lines = Files.readAllLines(csv).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).count();
        Trajectory t = new TrajectoryReader().read(csv);
        assertThat(t.size()).isEqualTo((int) lines);
        assertThat(t.time(0)).isCloseTo(1403715273.262142976, within(1e-6));
        assertThat(t.pose(0).T.x).isEqualTo(0.878895);
        // first line: q w x y z = 0.069433, -0.824237, -0.106942, -0.551702
        Se3_F64 expected = new Se3_F64();
        Quaternion_F64 q = new Quaternion_F64(0.069433, -0.824237, -0.106942, -0.551702);
        q.normalize();
        ConvertRotation3D_F64.quaternionToMatrix(q, expected.R);
        for (int k = 0; k < 9; k++)
            assertThat(t.pose(0).R.data[k]).isCloseTo(expected.R.data[k], within(1e-12));
    }

    @Test
    void realKittiPoses() {
        Trajectory t = new TrajectoryReader().read(SharedData.require("kitti-06-0050").resolve("poses.txt"));
        assertThat(t.size()).isEqualTo(51);
        assertThat(t.time(50)).isCloseTo(5.0, within(1e-12));
        assertThat(t.pose(0).T.norm()).isLessThan(1e-6);
        assertThat(t.pathLength()).isCloseTo(59.9, within(0.1));
    }
}
