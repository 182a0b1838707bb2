package org.gpuvo.odometry.camera;

import georegression.struct.point.Point2D_F64;

/**
 * Lens distortion in normalized image coordinates (x = X/Z, y = Y/Z of a point in the camera frame).
 * {@link #distort} maps an ideal pinhole point to where the lens puts it; {@link #undistort} inverts it.
 * Implementations are immutable and thread safe.
 */
public interface LensDistortion {
    /** No distortion. */
    LensDistortion NONE = new LensDistortion() {
        @Override
        public void distort(double x, double y, Point2D_F64 out) {
            out.setTo(x, y);
        }

        @Override
        public void undistort(double x, double y, Point2D_F64 out) {
            out.setTo(x, y);
        }

        @Override
        public String name() {
            return "none";
        }

        @Override
        public double[] coefficients() {
            return new double[0];
        }
    };

    /** Ideal normalized point to distorted normalized point. */
    void distort(double x, double y, Point2D_F64 out);

    /**
     * Distorted normalized point to ideal normalized point; NaN where the model has no inverse (a point beyond
     * what the lens can image, e.g. a fisheye ray 90° or more off the optical axis).
     */
    void undistort(double x, double y, Point2D_F64 out);

    /**
     * As {@link #undistort(double, double, Point2D_F64)}, starting the inversion at ({@code startX}, {@code startY}),
     * an estimate of the answer (from {@link CameraModel}'s grid), to the same tolerance. By default the estimate is
     * not used.
     */
    default void undistort(double x, double y, double startX, double startY, Point2D_F64 out) {
        undistort(x, y, out);
    }

    /** The model's ROS name: "none", "plumb_bob", "rational_polynomial", "equidistant". */
    String name();

    /** The coefficients in ROS camera_info order (a copy). */
    double[] coefficients();
}
