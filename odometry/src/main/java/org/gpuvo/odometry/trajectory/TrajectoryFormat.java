package org.gpuvo.odometry.trajectory;

import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.TextFiles;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The trajectory file formats gpuvo reads and writes.
 * <ul>
 *     <li>{@link #TUM}: TUM RGB-D benchmark, one pose a line: {@code timestamp tx ty tz qx qy qz qw} (seconds,
 *     metres, Hamilton quaternion with w last); {@code #} starts a comment line.</li>
 *     <li>{@link #KITTI}: KITTI odometry devkit {@code poses.txt}, the first three rows of the 4×4 camera-to-world
 *     matrix row-major (12 numbers), no time; also kitti-odom-eval's variant with the frame index first
 *     (13 numbers).</li>
 *     <li>{@link #EUROC}: EuRoC MAV ground-truth csv ({@code state_groundtruth_estimate0/data.csv}):
 *     {@code timestamp [ns], p_RS_R_x, p_RS_R_y, p_RS_R_z, q_RS_w, q_RS_x, q_RS_y, q_RS_z, ...}; the
 *     columns after the quaternion (velocities, biases) are ignored.</li>
 * </ul>
 */
public enum TrajectoryFormat {
    TUM, KITTI, EUROC;

    /** The format named {@code name}, in any case ("tum", "kitti", "euroc"). */
    public static TrajectoryFormat parse(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown trajectory format '" + name + "': expected tum, kitti or euroc");
        }
    }

    /**
     * The format of {@code file}, judged from its first line with data: values separated by commas are EuRoC;
     * 8 values separated by blanks are TUM; 12 or 13 are KITTI. Anything else cannot be told apart, and is an
     * error that names the file and the line.
     */
    public static TrajectoryFormat detect(Path file) {
        {
            int number = 0;
            for (String line : TextFiles.lines(file)) {
                number++;
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#"))
                    continue;
                TrajectoryFormat format = detectLine(trimmed);
                if (format == null)
                    throw DatasetException.at(file, number, "cannot tell the trajectory format from this line ("
                            + columns(trimmed) + " values; TUM has 8, KITTI 12 or 13, EuRoC is comma-separated): "
                            + "name the format");
                return format;
            }
            throw DatasetException.at(file, 0, "no poses in the file (only blank or comment lines)");
        }
    }

    /** The format of one data line, or null where it is ambiguous. */
    static TrajectoryFormat detectLine(String line) {
        if (line.indexOf(',') >= 0)
            return columns(line) >= 8 ? EUROC : null;
        int n = columns(line);
        if (n == 8)
            return TUM;
        if (n == 12 || n == 13)
            return KITTI;
        return null;
    }

    private static int columns(String line) {
        return TrajectoryReader.split(line).length;
    }
}
