package org.gpuvo.odometry.dataset;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.nio.file.Path;

/**
 * Small parsers of the ground-truth trajectory files the dataset readers need (TUM, KITTI poses, EuRoC csv). Kept in
 * one place so that the general readers of {@code org.gpuvo.odometry.trajectory} can replace them.
 */
final class GroundTruthFiles {
    private GroundTruthFiles() {
    }

    /** TUM: {@code timestamp tx ty tz qx qy qz qw} per line, '#' comments; camera-to-world. */
    static Trajectory readTum(Path file) {
        Trajectory out = new Trajectory();
        double previous = Double.NEGATIVE_INFINITY;
        for (TextTable.Row row : TextTable.read(file).rows) {
            row.expectExactly(8, "timestamp tx ty tz qx qy qz qw");
            double t = row.number(0);
            TextTable.requireIncreasing(row, previous, t);
            previous = t;
            Se3_F64 pose = new Se3_F64();
            pose.T.setTo(row.number(1), row.number(2), row.number(3));
            quaternion(row, row.number(7), row.number(4), row.number(5), row.number(6), pose);
            out.add(t, pose);
        }
        return out;
    }

    /**
     * KITTI {@code poses.txt}: one 3×4 row-major [R | t] per line (camera-to-world of the left camera), frame by
     * frame; {@code times} gives each line its time and its length the number of lines required.
     */
    static Trajectory readKitti(Path file, double[] times) {
        TextTable table = TextTable.read(file);
        if (table.size() != times.length)
            throw DatasetException.at(file, 0, "holds " + table.size() + " poses for " + times.length + " frames");
        Trajectory out = new Trajectory();
        for (int i = 0; i < table.size(); i++) {
            TextTable.Row row = table.rows.get(i).expectExactly(12, "a 3x4 row-major [R | t]");
            double[] r = new double[9];
            Se3_F64 pose = new Se3_F64();
            for (int k = 0; k < 12; k++) {
                double v = row.number(k);
                if (k % 4 == 3)
                    pose.T.setIdx(k / 4, v);
                else
                    r[k / 4 * 3 + k % 4] = v;
            }
            String problem = CameraInfoYaml.rotationProblem(r);
            if (problem != null)
                throw row.error("the 3x3 block is not a rotation: " + problem);
            pose.R.setData(r);
            out.add(times[i], pose);
        }
        return out;
    }

    /**
     * EuRoC {@code state_groundtruth_estimate0/data.csv}: {@code ns, px, py, pz, qw, qx, qy, qz, ...}: the body
     * (IMU) frame in the world, body-to-world.
     */
    static Trajectory readEurocBody(Path file) {
        Trajectory out = new Trajectory();
        double previous = Double.NEGATIVE_INFINITY;
        for (TextTable.Row row : TextTable.read(file).rows) {
            row.expect(8, "timestamp [ns], p_x, p_y, p_z, q_w, q_x, q_y, q_z, ...");
            double t = TextTable.seconds(row.nanoseconds(0));
            TextTable.requireIncreasing(row, previous, t);
            previous = t;
            Se3_F64 pose = new Se3_F64();
            pose.T.setTo(row.number(1), row.number(2), row.number(3));
            quaternion(row, row.number(4), row.number(5), row.number(6), row.number(7), pose);
            out.add(t, pose);
        }
        return out;
    }

    /** Sets the rotation from a unit quaternion (w, x, y, z), normalising it; rejects one far from unit length. */
    private static void quaternion(TextTable.Row row, double w, double x, double y, double z, Se3_F64 pose) {
        double n = Math.sqrt(w * w + x * x + y * y + z * z);
        if (Math.abs(n - 1) > 1e-3)
            throw row.error("quaternion has norm " + n + ", expected a unit quaternion");
        ConvertRotation3D_F64.quaternionToMatrix(w / n, x / n, y / n, z / n, pose.R);
    }
}
