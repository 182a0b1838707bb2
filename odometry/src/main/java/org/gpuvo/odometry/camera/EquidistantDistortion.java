package org.gpuvo.odometry.camera;

import georegression.struct.point.Point2D_F64;

/**
 * The symmetric Kannala-Brandt fisheye model ("A Generic Camera Model and Calibration Method for Conventional,
 * Wide-Angle, and Fish-Eye Lenses", Kannala and Brandt, PAMI 2006) with four coefficients, as OpenCV's
 * {@code cv::fisheye} module and ROS's {@code equidistant} distortion model define it:
 * <pre>
 *   r  = sqrt(x² + y²),   θ = atan(r)
 *   θd = θ (1 + k1 θ² + k2 θ⁴ + k3 θ⁶ + k4 θ⁸)
 *   (x', y') = (θd / r) (x, y)
 * </pre>
 * {@link #undistort} solves θd(θ) = |x'| for θ with Newton's method, as OpenCV's {@code fisheye::undistortPoints}
 * does, but to |θd(θ) - |x'|| < 1e-13 instead of a fixed 10 steps. A point whose ray would be 90° or more off
 * the optical axis has no normalized coordinates: the result is NaN.
 */
public final class EquidistantDistortion implements LensDistortion {
    static final double TOLERANCE = 1e-13;
    static final int MAX_ITERATIONS = 50;

    private final double k1, k2, k3, k4;

    public EquidistantDistortion(double k1, double k2, double k3, double k4) {
        for (double v : new double[]{k1, k2, k3, k4})
            if (!Double.isFinite(v))
                throw new IllegalArgumentException("distortion coefficients must be finite, got "
                        + k1 + ", " + k2 + ", " + k3 + ", " + k4);
        this.k1 = k1;
        this.k2 = k2;
        this.k3 = k3;
        this.k4 = k4;
    }

    /** θd as a function of θ. */
    private double thetaDistorted(double theta) {
        double t2 = theta * theta;
        return theta * (1 + t2 * (k1 + t2 * (k2 + t2 * (k3 + t2 * k4))));
    }

    @Override
    public void distort(double x, double y, Point2D_F64 out) {
        double r = Math.sqrt(x * x + y * y);
        if (r < 1e-15) { // θd/r → 1 at the centre
            out.setTo(x, y);
            return;
        }
        double scale = thetaDistorted(Math.atan(r)) / r;
        out.setTo(x * scale, y * scale);
    }

    @Override
    public void undistort(double xd, double yd, Point2D_F64 out) {
        undistortFrom(xd, yd, Math.sqrt(xd * xd + yd * yd), out);
    }

    @Override
    public void undistort(double xd, double yd, double startX, double startY, Point2D_F64 out) {
        undistortFrom(xd, yd, Math.atan(Math.sqrt(startX * startX + startY * startY)), out);
    }

    /** Newton's method on θ from {@code start}. */
    private void undistortFrom(double xd, double yd, double start, Point2D_F64 out) {
        double thetaD = Math.sqrt(xd * xd + yd * yd);
        if (thetaD < 1e-15) {
            out.setTo(xd, yd);
            return;
        }
        double theta = Math.min(start, Math.PI / 2);
        for (int iter = 0; iter < MAX_ITERATIONS; iter++) {
            double t2 = theta * theta;
            double error = thetaDistorted(theta) - thetaD;
            double slope = 1 + t2 * (3 * k1 + t2 * (5 * k2 + t2 * (7 * k3 + t2 * 9 * k4)));
            if (Math.abs(error) < TOLERANCE) {
                // beyond 90° or where θd(θ) folds back (slope ≤ 0) the lens does not image the point
                if (!(theta >= 0 && theta < Math.PI / 2 && slope > 0))
                    break;
                double scale = Math.tan(theta) / thetaD;
                out.setTo(xd * scale, yd * scale);
                return;
            }
            theta -= error / slope;
            if (!Double.isFinite(theta))
                break;
        }
        out.setTo(Double.NaN, Double.NaN);
    }

    @Override
    public String name() {
        return "equidistant";
    }

    @Override
    public double[] coefficients() {
        return new double[]{k1, k2, k3, k4};
    }

    @Override
    public String toString() {
        return "equidistant[" + k1 + ", " + k2 + ", " + k3 + ", " + k4 + "]";
    }
}
