package org.gpuvo.odometry.trajectory;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.odometry.dataset.TextFileOutput;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes trajectories in the {@link TrajectoryFormat formats} that {@link TrajectoryReader} reads and that the
 * common evaluation tools (evo, the TUM RGB-D tools, the KITTI devkit) read. Poses are written with all the digits
 * of a {@code double} (shortest exact decimal), so that reading a written file gives back the same numbers;
 * TUM times with 9 decimals (nanoseconds), EuRoC times as integer nanoseconds. KITTI files carry no time.
 * Quaternions are normalised and written with a non-negative w.
 */
public final class TrajectoryWriter {
    /** The header line of EuRoC's ground-truth csv, for its first eight columns. */
    public static final String EUROC_HEADER =
            "#timestamp [ns],p_RS_R_x [m],p_RS_R_y [m],p_RS_R_z [m],q_RS_w [],q_RS_x [],q_RS_y [],q_RS_z []";

    private TrajectoryWriter() {
    }

    public static void write(Trajectory trajectory, Path file, TrajectoryFormat format) throws IOException {
        try (BufferedWriter out = TextFileOutput.open(file)) {
            write(trajectory, out, format);
        }
    }

    public static void write(Trajectory trajectory, Writer out, TrajectoryFormat format) throws IOException {
        StringBuilder line = new StringBuilder(256);
        Quaternion_F64 q = new Quaternion_F64();
        if (format == TrajectoryFormat.TUM)
            out.write("# timestamp tx ty tz qx qy qz qw\n");
        else if (format == TrajectoryFormat.EUROC)
            out.write(EUROC_HEADER + "\n");
        for (int i = 0; i < trajectory.size(); i++) {
            Se3_F64 pose = trajectory.pose(i);
            double time = trajectory.time(i);
            line.setLength(0);
            switch (format) {
                case TUM -> {
                    quaternion(pose, q);
                    line.append(String.format(Locale.ROOT, "%.9f", time));
                    append(line, ' ', pose.T.x, pose.T.y, pose.T.z, q.x, q.y, q.z, q.w);
                }
                case KITTI -> {
                    double[] r = pose.R.data;
                    line.append(r[0]);
                    append(line, ' ', r[1], r[2], pose.T.x, r[3], r[4], r[5], pose.T.y, r[6], r[7], r[8], pose.T.z);
                }
                case EUROC -> {
                    quaternion(pose, q);
                    line.append(Math.round(time * 1e9));
                    append(line, ',', pose.T.x, pose.T.y, pose.T.z, q.w, q.x, q.y, q.z);
                }
            }
            line.append('\n');
            out.write(line.toString());
        }
    }

    private static void quaternion(Se3_F64 pose, Quaternion_F64 q) {
        ConvertRotation3D_F64.matrixToQuaternion(pose.R, q);
        q.normalize();
        if (q.w < 0)
            q.setTo(-q.w, -q.x, -q.y, -q.z);
    }

    private static void append(StringBuilder line, char separator, double... values) {
        for (double v : values)
            line.append(separator).append(v);
    }
}
