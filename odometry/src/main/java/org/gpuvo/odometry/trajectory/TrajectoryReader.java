package org.gpuvo.odometry.trajectory;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.odometry.dataset.CameraInfoYaml;
import org.gpuvo.odometry.dataset.DatasetException;

import org.gpuvo.odometry.dataset.TextFiles;

import java.nio.file.Path;

/**
 * Reads trajectory files in the {@link TrajectoryFormat formats} gpuvo knows. Blank lines and lines starting with
 * {@code #} are skipped in every format. Whatever cannot be read exactly as written is an error naming the file and
 * the line ({@link DatasetException}): a wrong number of values, something that is not a finite number, a
 * quaternion whose norm differs from 1 by more than {@link #QUATERNION_TOLERANCE} (within it, the quaternion is
 * normalised silently: files print 4 to 6 decimals), timestamps that do not increase strictly.
 * <p>
 * KITTI files carry no time: the pose in data line k (from 0) gets the time k × {@link #framePeriod}; in
 * kitti-odom-eval's 13-column variant the leading frame index replaces k, so that the times of an estimate that
 * starts at frame 2 line up with those of a ground truth that starts at frame 0. Rotation matrices of KITTI files
 * must be rotations within {@link #ROTATION_TOLERANCE} and are kept as written (not re-orthonormalised), as the
 * reference tools use them.
 */
public final class TrajectoryReader {
    /** How far a quaternion's norm may be from 1 before the line is rejected. */
    public static final double QUATERNION_TOLERANCE = 1e-3;
    /** How far R·Rᵀ of a KITTI line's rotation block may be from I (files print 6 to 9 digits). */
    public static final double ROTATION_TOLERANCE = 1e-3;
    /** KITTI's frame period: the sequences were recorded at 10 Hz. */
    public static final double KITTI_FRAME_PERIOD = 0.1;

    /** Seconds between consecutive frames of a KITTI file. */
    private final double framePeriod;

    public TrajectoryReader() {
        this(KITTI_FRAME_PERIOD);
    }

    /** @param framePeriod seconds between frames of KITTI files (their time is frame index × period) */
    public TrajectoryReader(double framePeriod) {
        if (!(framePeriod > 0) || !Double.isFinite(framePeriod))
            throw new IllegalArgumentException("frame period must be positive and finite, not " + framePeriod);
        this.framePeriod = framePeriod;
    }

    public double framePeriod() {
        return framePeriod;
    }

    /** Reads {@code file} in the format {@link TrajectoryFormat#detect detected} from its first data line. */
    public Trajectory read(Path file) {
        return read(file, TrajectoryFormat.detect(file));
    }

    public Trajectory read(Path file, TrajectoryFormat format) {
        Trajectory trajectory = new Trajectory();
        {
            LineParser parser = switch (format) {
                case TUM -> new TumParser();
                case KITTI -> new KittiParser();
                case EUROC -> new EurocParser();
            };
            int number = 0;
            int dataLines = 0;
            Se3_F64 pose = new Se3_F64();
            double previousTime = Double.NaN;
            int previousLine = 0;
            for (String line : TextFiles.lines(file)) {
                number++;
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#"))
                    continue;
                Line values = new Line(file, number, split(trimmed));
                double time = parser.parse(values, dataLines, pose);
                if (dataLines > 0 && !(time > previousTime))
                    throw values.error("timestamp " + time + " is not after the previous one, " + previousTime
                            + " (line " + previousLine + "): timestamps must increase strictly");
                trajectory.add(time, pose);
                previousTime = time;
                previousLine = number;
                dataLines++;
            }
        }
        if (trajectory.isEmpty())
            throw DatasetException.at(file, 0, "no poses in the file (only blank or comment lines)");
        return trajectory;
    }

    /** The values of a data line, separated by blanks, tabs or commas (any run of them). */
    static String[] split(String trimmedLine) {
        String[] values = new String[16];
        int n = 0, start = -1;
        for (int i = 0; i <= trimmedLine.length(); i++) {
            boolean separator = i == trimmedLine.length() || isSeparator(trimmedLine.charAt(i));
            if (separator && start >= 0) {
                if (n == values.length)
                    values = java.util.Arrays.copyOf(values, 2 * n);
                values[n++] = trimmedLine.substring(start, i);
                start = -1;
            } else if (!separator && start < 0) {
                start = i;
            }
        }
        return java.util.Arrays.copyOf(values, n);
    }

    private static boolean isSeparator(char c) {
        return c == ',' || Character.isWhitespace(c);
    }

    /** Parses one data line into {@code pose} and returns its time in seconds. */
    private interface LineParser {
        double parse(Line line, int index, Se3_F64 pose);
    }

    private static final class TumParser implements LineParser {
        @Override
        public double parse(Line line, int index, Se3_F64 pose) {
            line.requireColumns(8, 8, "TUM: timestamp tx ty tz qx qy qz qw");
            double time = line.number(0);
            pose.T.setTo(line.number(1), line.number(2), line.number(3));
            setRotation(line, line.number(7), line.number(4), line.number(5), line.number(6), pose);
            return time;
        }
    }

    private final class KittiParser implements LineParser {
        /** 12 or 13 values a line, as the first data line has. */
        private int columns;

        @Override
        public double parse(Line line, int index, Se3_F64 pose) {
            if (columns == 0) {
                line.requireColumns(12, 13, "KITTI: 12 values of a 3x4 matrix, or a frame index and those 12");
                columns = line.values.length;
            } else {
                line.requireColumns(columns, columns, "KITTI, as in the first data line");
            }
            int first = columns - 12;
            double frame = index;
            if (first == 1) {
                frame = line.number(0);
                if (frame < 0 || frame != Math.rint(frame))
                    throw line.error("frame index '" + line.values[0] + "' is not a non-negative integer");
            }
            double[] r = pose.R.data;
            for (int row = 0; row < 3; row++) {
                for (int col = 0; col < 3; col++)
                    r[row * 3 + col] = line.number(first + row * 4 + col);
            }
            String notRotation = CameraInfoYaml.rotationProblem(r, ROTATION_TOLERANCE);
            if (notRotation != null)
                throw line.error("the 3x3 block is not a rotation: " + notRotation);
            pose.T.setTo(line.number(first + 3), line.number(first + 7), line.number(first + 11));
            return frame * framePeriod;
        }
    }

    private static final class EurocParser implements LineParser {
        @Override
        public double parse(Line line, int index, Se3_F64 pose) {
            line.requireColumns(8, Integer.MAX_VALUE, "EuRoC: timestamp [ns], p x y z, q w x y z, ...");
            long nanos;
            try {
                nanos = Long.parseLong(line.values[0]);
            } catch (NumberFormatException e) {
                throw line.error("timestamp '" + line.values[0] + "' is not an integer count of nanoseconds");
            }
            pose.T.setTo(line.number(1), line.number(2), line.number(3));
            setRotation(line, line.number(4), line.number(5), line.number(6), line.number(7), pose);
            return nanos * 1e-9;
        }
    }

    private static void setRotation(Line line, double w, double x, double y, double z, Se3_F64 pose) {
        double norm = Math.sqrt(w * w + x * x + y * y + z * z);
        if (!(Math.abs(norm - 1) <= QUATERNION_TOLERANCE))
            throw line.error("quaternion (w " + w + ", x " + x + ", y " + y + ", z " + z + ") has norm " + norm
                    + ", not 1 (tolerance " + QUATERNION_TOLERANCE + ")");
        Quaternion_F64 q = new Quaternion_F64(w / norm, x / norm, y / norm, z / norm);
        ConvertRotation3D_F64.quaternionToMatrix(q, pose.R);
    }

    /** A data line of a file, split into values, that knows where it came from for its error messages. */
    private record Line(Path file, int number, String[] values) {
        void requireColumns(int min, int max, String expected) {
            int n = values.length;
            if (n < min || n > max)
                throw error(n + " values, expected " + (min == max ? String.valueOf(min)
                        : max == Integer.MAX_VALUE ? "at least " + min : min + " or " + max) + " (" + expected + ")");
        }

        double number(int column) {
            String text = values[column];
            double value;
            try {
                value = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw error("value " + (column + 1) + " '" + text + "' is not a number");
            }
            if (!Double.isFinite(value))
                throw error("value " + (column + 1) + " '" + text + "' is not a finite number");
            return value;
        }

        DatasetException error(String what) {
            return DatasetException.at(file, number, what);
        }
    }
}
