package org.gpuvo.odometry.camera;

import boofcv.alg.geo.rectify.RectifyCalibrated;
import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * Rectification of keypoints (never of images) for a stereo rig: both cameras are turned, about their optical
 * centres, to a common orientation whose x axis runs along the baseline, and both see through one virtual pinhole
 * camera. A scene point then lands on the same row in both rectified views and its depth in the rectified left
 * frame is {@code fx · B / (uLeft - uRight)}.
 * <p>
 * A raw pixel is mapped by undistorting it with its own camera ({@link CameraModel#pixelToNormalized}), rotating
 * the ray into the rectified frame, and projecting it with the common intrinsics. The rotation and the common
 * intrinsics come from BoofCV's {@link RectifyCalibrated}, which follows Fusiello, Trucco and Verri, "A compact
 * algorithm for rectification of stereo pairs" (MVA 2000): new x axis = baseline direction, new y axis = (sum of
 * the two old z axes) × x, new z = x × y; K = the mean of the two cameras' K with zero skew. For a pair that is
 * already rectified (KITTI: same K, no distortion, identity rotation, baseline along +x) every mapping is the
 * identity up to rounding.
 * <p>
 * Immutable and thread safe.
 */
public final class StereoRectification {
    private final StereoCalibration calibration;
    private final CameraModel rectified;
    /** Rotations taking a ray of the raw left / right camera to the rectified frame (row major 3×3). */
    private final double[] leftToRect, rightToRect;
    private final double baseline;

    private StereoRectification(StereoCalibration calibration, CameraModel rectified, DMatrixRMaj leftToRect,
                                DMatrixRMaj rightToRect, double baseline) {
        this.calibration = calibration;
        this.rectified = rectified;
        this.leftToRect = leftToRect.data.clone();
        this.rightToRect = rightToRect.data.clone();
        this.baseline = baseline;
    }

    /** Computes the rectification of a calibrated rig. */
    public static StereoRectification compute(StereoCalibration calibration) {
        CameraModel l = calibration.left, r = calibration.right;
        Se3_F64 rightToLeft = calibration.rightToLeft();
        Se3_F64 leftToRight = rightToLeft.invert(null);

        var rectify = new RectifyCalibrated();
        // the left camera is the world frame
        rectify.process(intrinsics(l), new Se3_F64(), intrinsics(r), leftToRight);
        DMatrixRMaj rect = rectify.getRectifiedRotation(); // left frame -> rectified frame
        DMatrixRMaj k = rectify.getCalibrationMatrix();

        DMatrixRMaj rightRect = new DMatrixRMaj(3, 3);
        CommonOps_DDRM.mult(rect, rightToLeft.R, rightRect);

        CameraModel virtual = CameraModel.pinhole(l.width, l.height, k.get(0, 0), k.get(1, 1), k.get(0, 2), k.get(1, 2));
        return new StereoRectification(calibration, virtual, rect, rightRect, rightToLeft.T.norm());
    }

    private static DMatrixRMaj intrinsics(CameraModel c) {
        return new DMatrixRMaj(3, 3, true, c.fx, 0, c.cx, 0, c.fy, c.cy, 0, 0, 1);
    }

    /**
     * Whether the raw images are a rectified pair already (the rectification moves no pixel by more than
     * {@code tolerancePixels} anywhere in the image), so that image rows are epipolar lines and image patches can be
     * compared along them.
     */
    public boolean imagesAreRectified(double tolerancePixels) {
        if (calibration.left.hasDistortion() || calibration.right.hasDistortion())
            return false;
        Point2D_F64 p = new Point2D_F64();
        int w = calibration.left.width, h = calibration.left.height;
        for (double u : new double[]{0, w / 2.0, w - 1})
            for (double v : new double[]{0, h / 2.0, h - 1}) {
                rectifyLeft(u, v, p);
                if (!(Math.abs(p.x - u) <= tolerancePixels && Math.abs(p.y - v) <= tolerancePixels))
                    return false;
                rectifyRight(u, v, p);
                if (!(Math.abs(p.x - u) <= tolerancePixels && Math.abs(p.y - v) <= tolerancePixels))
                    return false;
            }
        return true;
    }

    /** The calibration this was computed from. */
    public StereoCalibration calibration() {
        return calibration;
    }

    /** The common virtual pinhole camera of both rectified views (image size of the left camera). */
    public CameraModel rectifiedCamera() {
        return rectified;
    }

    /** Focal length along rows of the rectified views, in pixels: depth = focalLength · baseline / disparity. */
    public double focalLength() {
        return rectified.fx;
    }

    /** Distance between the optical centres, in the units of the calibration (metres). */
    public double baseline() {
        return baseline;
    }

    /** Rotation taking a vector of the raw left camera frame into the rectified left frame (a copy). */
    public DMatrixRMaj leftToRectified() {
        return new DMatrixRMaj(3, 3, true, leftToRect);
    }

    /** Rotation taking a vector of the raw right camera frame into the rectified frame (a copy). */
    public DMatrixRMaj rightToRectified() {
        return new DMatrixRMaj(3, 3, true, rightToRect);
    }

    /** Raw (distorted) left pixel to rectified pixel; NaN where the lens model cannot undistort it. */
    public void rectifyLeft(double u, double v, Point2D_F64 out) {
        rectify(calibration.left, leftToRect, u, v, out);
    }

    /** Raw (distorted) right pixel to rectified pixel; NaN where the lens model cannot undistort it. */
    public void rectifyRight(double u, double v, Point2D_F64 out) {
        rectify(calibration.right, rightToRect, u, v, out);
    }

    private void rectify(CameraModel camera, double[] rot, double u, double v, Point2D_F64 out) {
        camera.pixelToNormalized(u, v, out);
        double x = out.x, y = out.y;
        double rx = rot[0] * x + rot[1] * y + rot[2];
        double ry = rot[3] * x + rot[4] * y + rot[5];
        double rz = rot[6] * x + rot[7] * y + rot[8];
        if (!(rz > 0)) { // the ray points away from the rectified view
            out.setTo(Double.NaN, Double.NaN);
            return;
        }
        out.setTo(rectified.fx * rx / rz + rectified.cx, rectified.fy * ry / rz + rectified.cy);
    }

    /** Rectified left pixel back to the raw (distorted) left pixel; NaN if the ray is behind the raw camera. */
    public void unrectifyLeft(double u, double v, Point2D_F64 out) {
        double x = (u - rectified.cx) / rectified.fx, y = (v - rectified.cy) / rectified.fy;
        double[] r = leftToRect; // inverse = transpose
        double lx = r[0] * x + r[3] * y + r[6];
        double ly = r[1] * x + r[4] * y + r[7];
        double lz = r[2] * x + r[5] * y + r[8];
        if (!calibration.left.project(lx, ly, lz, out))
            out.setTo(Double.NaN, Double.NaN);
    }

    /** Depth along the rectified optical axis for a disparity {@code uLeft - uRight} in rectified pixels. */
    public double depth(double disparity) {
        return rectified.fx * baseline / disparity;
    }

    /**
     * The 3D point, in the raw left camera's frame, seen at rectified left pixel (u, v) with the given disparity.
     * Returns false (and leaves {@code out} unchanged) for a disparity that is not positive.
     */
    public boolean triangulate(double u, double v, double disparity, Point3D_F64 out) {
        if (!(disparity > 0))
            return false;
        double z = depth(disparity);
        double x = (u - rectified.cx) / rectified.fx * z, y = (v - rectified.cy) / rectified.fy * z;
        double[] r = leftToRect;
        out.setTo(r[0] * x + r[3] * y + r[6] * z, r[1] * x + r[4] * y + r[7] * z, r[2] * x + r[5] * y + r[8] * z);
        return true;
    }

    @Override
    public String toString() {
        return String.format("StereoRectification{f=%.3f baseline=%.5f virtual=%s}", focalLength(), baseline, rectified);
    }
}
