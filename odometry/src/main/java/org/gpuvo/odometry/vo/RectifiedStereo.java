package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;

/**
 * A stereo rig seen through a rectified virtual pair: both cameras share intrinsics (f, cx, cy) and orientation,
 * the right one displaced by the baseline along x, so that a point's two images lie on the same row and its depth
 * is f·B / disparity. Raw keypoints are mapped into it point by point.
 */
interface RectifiedStereo {
    /** Raw left pixel to rectified pixel. */
    void rectifyLeft(double u, double v, Point2D_F64 out);

    /** Raw right pixel to rectified pixel. */
    void rectifyRight(double u, double v, Point2D_F64 out);

    double focal();

    double cx();

    double cy();

    double baseline();

    /** A point given in the rectified left frame, expressed in the (raw) left camera frame. */
    void rectifiedToLeft(Point3D_F64 p, Point3D_F64 out);
}
