package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.ejml.dense.row.MatrixFeatures_DDRM;

/** A rig that is rectified already (KITTI, rendered pairs): rectification is the identity. */
final class AlignedStereo implements RectifiedStereo {
    private final CameraModel left;
    private final double baseline;

    private AlignedStereo(CameraModel left, double baseline) {
        this.left = left;
        this.baseline = baseline;
    }

    /** The calibration as a rectified pair, if it is one (same intrinsics, no distortion, pure x offset); else null. */
    static AlignedStereo of(StereoCalibration s) {
        CameraModel l = s.left, r = s.right;
        var motion = s.rightToLeft();
        double b = s.baseline();
        boolean sameIntrinsics = Math.abs(l.fx - r.fx) < 1e-6 * l.fx && Math.abs(l.fy - r.fy) < 1e-6 * l.fy
                && Math.abs(l.cx - r.cx) < 1e-6 * l.fx && Math.abs(l.cy - r.cy) < 1e-6 * l.fy
                && Math.abs(l.fx - l.fy) < 1e-6 * l.fx;
        boolean aligned = MatrixFeatures_DDRM.isIdentity(motion.R, 1e-9) && motion.T.x > 0
                && Math.abs(motion.T.y) < 1e-9 * b && Math.abs(motion.T.z) < 1e-9 * b;
        if (!sameIntrinsics || !aligned || l.hasDistortion() || r.hasDistortion())
            return null;
        return new AlignedStereo(l, b);
    }

    @Override
    public void rectifyLeft(double u, double v, Point2D_F64 out) {
        out.setTo(u, v);
    }

    @Override
    public void rectifyRight(double u, double v, Point2D_F64 out) {
        out.setTo(u, v);
    }

    @Override
    public double focal() {
        return left.fx;
    }

    @Override
    public double cx() {
        return left.cx;
    }

    @Override
    public double cy() {
        return left.cy;
    }

    @Override
    public double baseline() {
        return baseline;
    }

    @Override
    public void rectifiedToLeft(Point3D_F64 p, Point3D_F64 out) {
        out.setTo(p);
    }
}
