package org.gpuvo.app.conformance;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.geometry.EssentialResiduals;
import org.gpuvo.odometry.geometry.Mat3;

/**
 * Ground-truth epipolar geometry of two views of one pinhole camera, as a check of matches: a match is correct when
 * its Sampson distance to the geometry is at most the tolerance, in pixels.
 *
 * <p>With the views' camera-to-world poses (R₁, t₁) and (R₂, t₂), a point p₁ in the first camera's frame is
 * p₂ = R·p₁ + t in the second's, R = R₂ᵀR₁, t = R₂ᵀ(t₁ − t₂); the essential matrix is E = [t]ₓR and the fundamental
 * matrix, for pixels, F = K⁻ᵀ E K⁻¹ (Hartley &amp; Zisserman, Multiple View Geometry, 2nd ed., §9.6), so that
 * x₂ᵀ F x₁ = 0 for every true correspondence. The Sampson distance (Sampson 1982; Hartley &amp; Zisserman eq. 11.9)
 * is the first-order distance, in the joint 4-D space of both points, to the nearest pair that satisfies the
 * constraint: d² = (x₂ᵀFx₁)² / ((Fx₁)₁² + (Fx₁)₂² + (Fᵀx₂)₁² + (Fᵀx₂)₂²), in pixels, whatever the scale of F
 * (BoofCV 1.2.2's Sampson error is scale-dependent; this one is not). Equivalently d = d₁d₂ / √(d₁² + d₂²) with
 * d₁, d₂ each point's distance to the epipolar line of the other.
 */
public final class EpipolarCheck implements CorrespondenceCheck {
    private final double[] fundamental;
    private final double tolerancePx;

    private EpipolarCheck(double[] fundamental, double tolerancePx) {
        this.fundamental = fundamental;
        this.tolerancePx = tolerancePx;
    }

    /**
     * The geometry between two views of {@code camera} (pinhole, no distortion) at the given camera-to-world poses.
     *
     * @throws IllegalArgumentException if the camera has lens distortion (pixels are not related by F), the two
     *                                  poses have no baseline (F is undefined), or the tolerance is not finite
     */
    public static EpipolarCheck fromPoses(CameraModel camera, Se3_F64 firstToWorld, Se3_F64 secondToWorld,
                                          double tolerancePx) {
        if (camera == null || firstToWorld == null || secondToWorld == null)
            throw new IllegalArgumentException("camera and poses must not be null");
        if (camera.hasDistortion())
            throw new IllegalArgumentException("the camera has lens distortion: undistort the points first");
        if (!(tolerancePx >= 0 && tolerancePx < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("tolerance must be finite and not negative, got " + tolerancePx);
        double[] r1 = new double[9], t1 = new double[3], r2 = new double[9], t2 = new double[3];
        Mat3.copyFrom(firstToWorld, r1, t1);
        Mat3.copyFrom(secondToWorld, r2, t2);
        double[] r2t = transpose(r2), r = new double[9];
        Mat3.mult(r2t, r1, r);
        double dx = t1[0] - t2[0], dy = t1[1] - t2[1], dz = t1[2] - t2[2];
        double tx = r2t[0] * dx + r2t[1] * dy + r2t[2] * dz;
        double ty = r2t[3] * dx + r2t[4] * dy + r2t[5] * dz;
        double tz = r2t[6] * dx + r2t[7] * dy + r2t[8] * dz;
        double baseline = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (!(baseline > 1e-9))
            throw new IllegalArgumentException("the two poses have no baseline (" + baseline
                    + "): the epipolar geometry is undefined");
        double[] e = new double[9];
        // scale t to unit length: F is defined up to scale and the Sampson distance does not depend on it
        Mat3.crossMult(tx / baseline, ty / baseline, tz / baseline, r, e);
        double[] kInv = {1 / camera.fx, 0, -camera.cx / camera.fx, 0, 1 / camera.fy, -camera.cy / camera.fy, 0, 0, 1};
        double[] eK = new double[9], f = new double[9];
        Mat3.mult(e, kInv, eK);
        Mat3.mult(transpose(kInv), eK, f);
        return new EpipolarCheck(f, tolerancePx);
    }

    /** F (row-major, 9 values), mapping first-image pixels to epipolar lines of the second. */
    public double[] fundamental() {
        return fundamental.clone();
    }

    /** The Sampson distance of (x1, y1) ↔ (x2, y2), in pixels. */
    @Override
    public double error(double x1, double y1, double x2, double y2) {
        return sampsonDistance(fundamental, x1, y1, x2, y2);
    }

    @Override
    public double tolerancePx() {
        return tolerancePx;
    }

    @Override
    public String criterion() {
        return "sampson_distance";
    }

    /** The Sampson distance of a correspondence to the fundamental (or essential) matrix {@code f}, row-major. */
    public static double sampsonDistance(double[] f, double x1, double y1, double x2, double y2) {
        return Math.sqrt(EssentialResiduals.sampsonSquared(f, x1, y1, x2, y2));
    }

    private static double[] transpose(double[] m) {
        return new double[]{m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]};
    }
}
