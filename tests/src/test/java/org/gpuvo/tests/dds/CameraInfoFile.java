package org.gpuvo.tests.dds;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoProjections;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The fields of a sensor_msgs/CameraInfo as {@code gpuvo_camera --info} reads them: one {@code key values...} line
 * each. Numbers are written with {@link Double#toString}, which strtod reads back to the same double (NaN and
 * Infinity included, for malformed infos sent on purpose).
 *
 * @param d distortion coefficients in the order of the ROS model
 * @param k 3×3 row major
 * @param r 3×3 row major rectification rotation
 * @param p 3×4 row major projection of the rectified image
 */
public record CameraInfoFile(long width, long height, String distortionModel, double[] d, double[] k, double[] r,
                             double[] p) {
    private static final double[] IDENTITY = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    public CameraInfoFile {
        if (k.length != 9 || r.length != 9 || p.length != 12)
            throw new IllegalArgumentException("K and R hold 9 numbers, P 12");
        if (!distortionModel.matches("\\S+"))
            throw new IllegalArgumentException("a distortion model without blanks is needed, got '" + distortionModel + "'");
    }

    /** A single camera: its K and D, R = identity, P = [K | 0]. A lens without distortion is plumb_bob, D = 0. */
    public static CameraInfoFile mono(CameraModel camera) {
        return new CameraInfoFile(camera.width, camera.height, model(camera.distortion), coefficients(camera.distortion),
                k(camera), IDENTITY.clone(), new double[]{camera.fx, 0, camera.cx, 0, 0, camera.fy, camera.cy, 0, 0, 0, 1, 0});
    }

    /**
     * The two infos of a raw stereo rig, as ROS's stereo calibration writes them: each camera's K and D, and R and P
     * of the common rectification (the right P with Tx = -fx'·B), from {@link StereoProjections#of}.
     */
    public static CameraInfoFile[] stereo(StereoCalibration rig) {
        StereoProjections rect = StereoProjections.of(rig);
        return new CameraInfoFile[]{
                new CameraInfoFile(rig.left.width, rig.left.height, model(rig.left.distortion),
                        coefficients(rig.left.distortion), k(rig.left), rect.leftR, rect.leftP),
                new CameraInfoFile(rig.right.width, rig.right.height, model(rig.right.distortion),
                        coefficients(rig.right.distortion), k(rig.right), rect.rightR, rect.rightP)};
    }

    private static String model(LensDistortion distortion) {
        return distortion == LensDistortion.NONE ? "plumb_bob" : distortion.name();
    }

    private static double[] coefficients(LensDistortion distortion) {
        return distortion == LensDistortion.NONE ? new double[5] : distortion.coefficients();
    }

    private static double[] k(CameraModel c) {
        return new double[]{c.fx, 0, c.cx, 0, c.fy, c.cy, 0, 0, 1};
    }

    /** Writes the file. */
    public Path write(Path file) {
        String text = "width " + width + "\nheight " + height + "\ndistortion_model " + distortionModel + "\n"
                + line("d", d) + line("k", k) + line("r", r) + line("p", p);
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }

    private static String line(String key, double[] values) {
        StringBuilder b = new StringBuilder(key);
        for (double v : values)
            b.append(' ').append(v);
        return b.append('\n').toString();
    }
}
