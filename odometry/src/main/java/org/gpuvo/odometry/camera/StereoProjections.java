package org.gpuvo.odometry.camera;

import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * A stereo rig in the terms of ROS's {@code sensor_msgs/CameraInfo} (and of {@code camera_info} YAML files): per
 * camera the raw intrinsics K and distortion D, the rectification rotation R (raw camera frame to the common rectified
 * frame) and the projection P = K' [I | t] of the rectified image, where the right camera's
 * {@code P[0][3] = Tx = -fx' · B}. Converts both ways between that and a {@link StereoCalibration}.
 */
public final class StereoProjections {
    /** Row-major R (3×3) and P (3×4) of each camera. */
    public final double[] leftR, leftP, rightR, rightP;

    public StereoProjections(double[] leftR, double[] leftP, double[] rightR, double[] rightP) {
        this.leftR = leftR.clone();
        this.leftP = leftP.clone();
        this.rightR = rightR.clone();
        this.rightP = rightP.clone();
    }

    /**
     * R and P of a calibrated rig, rectified as {@link StereoRectification} does it (Fusiello): both rectified views
     * share the intrinsics K' and the left camera's image size.
     */
    public static StereoProjections of(StereoCalibration calibration) {
        StereoRectification rect = StereoRectification.compute(calibration);
        CameraModel k = rect.rectifiedCamera();
        double[] pLeft = {k.fx, 0, k.cx, 0, 0, k.fy, k.cy, 0, 0, 0, 1, 0};
        double[] pRight = pLeft.clone();
        pRight[3] = -k.fx * rect.baseline();
        return new StereoProjections(rect.leftToRectified().data, pLeft, rect.rightToRectified().data, pRight);
    }

    /**
     * Baseline from the pair's projection matrices: (Tx_left - Tx_right) / fx'.
     *
     * @throws IllegalArgumentException where it is not positive (the cameras swapped, or no stereo projection)
     */
    public double baseline() {
        double b = (leftP[3] - rightP[3]) / rightP[0];
        if (!(b > 0))
            throw new IllegalArgumentException("projection Tx = " + rightP[3] + " gives baseline " + b
                    + " m: the right camera of a pair has Tx = -fx·B < 0 (are left and right the right way round?)");
        return b;
    }

    /**
     * The raw rig (images as the cameras deliver them, {@code image_raw}): the given raw cameras (K and D), and the
     * right camera's pose in the left frame, {@code R = R_lᵀ R_r, t = R_lᵀ (B, 0, 0)}.
     */
    public StereoCalibration raw(CameraModel left, CameraModel right) {
        double b = baseline();
        DMatrixRMaj rl = new DMatrixRMaj(3, 3, true, leftR);
        DMatrixRMaj rr = new DMatrixRMaj(3, 3, true, rightR);
        Se3_F64 rightToLeft = new Se3_F64();
        CommonOps_DDRM.multTransA(rl, rr, rightToLeft.R);
        rightToLeft.T.setTo(rl.get(0, 0) * b, rl.get(0, 1) * b, rl.get(0, 2) * b); // R_lᵀ (B,0,0) = B × first row of R_l
        return new StereoCalibration(left, right, rightToLeft);
    }

    /** The rectified pair ({@code image_rect}) of images {@code width × height}: pinhole cameras from P, the right one at (B, 0, 0). */
    public StereoCalibration rectified(int width, int height) {
        double b = baseline();
        Se3_F64 rightToLeft = new Se3_F64();
        rightToLeft.T.setTo(b, 0, 0);
        return new StereoCalibration(pinhole(width, height, leftP), pinhole(width, height, rightP), rightToLeft);
    }

    /** The camera of a rectified image: P's intrinsics, no distortion. */
    public static CameraModel pinhole(int width, int height, double[] p) {
        return CameraModel.pinhole(width, height, p[0], p[5], p[2], p[6]);
    }
}
