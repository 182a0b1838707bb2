package org.gpuvo.odometry.camera;

import georegression.struct.se.Se3_F64;

/**
 * Two calibrated cameras of a rig: the left (reference) camera, the right one, and the right camera's pose in the
 * left camera's frame ({@code p_left = R p_right + t}). For a rectified pair (KITTI) the rotation is the identity,
 * the translation is (baseline, 0, 0) and neither camera has distortion. Immutable.
 */
public final class StereoCalibration {
    public final CameraModel left, right;
    private final Se3_F64 rightToLeft;

    public StereoCalibration(CameraModel left, CameraModel right, Se3_F64 rightToLeft) {
        if (left == null || right == null || rightToLeft == null)
            throw new IllegalArgumentException("stereo calibration needs both cameras and the extrinsics");
        this.left = left;
        this.right = right;
        this.rightToLeft = rightToLeft.copy();
        if (!(baseline() > 0))
            throw new IllegalArgumentException("stereo baseline must be positive, got " + baseline());
    }

    /** The right camera's pose in the left camera's frame (a copy). */
    public Se3_F64 rightToLeft() {
        return rightToLeft.copy();
    }

    /** Distance between the two optical centres. */
    public double baseline() {
        return rightToLeft.T.norm();
    }

    @Override
    public String toString() {
        return "StereoCalibration{baseline=" + baseline() + ", left=" + left + ", right=" + right + "}";
    }
}
