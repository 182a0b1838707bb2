package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.ejml.data.DMatrixRMaj;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.geometry.Mat3;

/**
 * The constant-velocity motion model: the next camera motion repeats the last one. It predicts the next pose (the
 * PnP prior) and, from its rotation alone, where a keypoint of the new frame was in the previous one, as a
 * homography K·Rᵀ·K⁻¹ (exact for distant points; nearer ones move by their parallax, which the search radius absorbs).
 */
final class MotionPrior {
    /** last frame-to-frame motion: previous camera to current camera */
    private final Se3_F64 velocity = new Se3_F64();
    private boolean valid;
    private final double[] e = new double[9], next = new double[9];

    void update(Se3_F64 previousWorldToCamera, Se3_F64 currentWorldToCamera) {
        previousWorldToCamera.invert(null).concat(currentWorldToCamera, velocity);
        valid = true;
    }

    void invalidate() {
        valid = false;
    }

    boolean valid() {
        return valid;
    }

    /** Translation per frame of the last motion (0 if unknown). */
    double speed() {
        return valid ? velocity.T.norm() : 0;
    }

    /** The predicted world-to-camera pose after {@code last}: the last pose if the velocity is unknown. */
    Se3_F64 predict(Se3_F64 last, Se3_F64 out) {
        if (valid)
            last.concat(velocity, out);
        else
            out.setTo(last);
        // Inverses here are transposes, so a rotation a little off orthonormal would come back further off with each
        // frame (measured: the error grew 2.4-fold a frame), and PnP, refining from the prediction, keeps it. Where a
        // bundle adjustment did not reset the newest poses every few frames, the map's points then went off by
        // centimetres at a few metres within 50 frames.
        Mat3.orthonormalize(out.R.data, 0, e, next);
        return out;
    }

    /** Homography from new-frame pixels to previous-frame pixels for the predicted rotation; null if unknown. */
    double[] rotationHomography(CameraModel c) {
        if (!valid)
            return null;
        DMatrixRMaj r = velocity.R; // previous → current; a new-frame ray d maps back to Rᵀ d
        double[] kInv = {1 / c.fx, 0, -c.cx / c.fx, 0, 1 / c.fy, -c.cy / c.fy, 0, 0, 1};
        double[] rtKinv = new double[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int k = 0; k < 3; k++)
                    s += r.get(k, i) * kInv[3 * k + j];
                rtKinv[3 * i + j] = s;
            }
        double[] h = new double[9];
        for (int j = 0; j < 3; j++) {
            h[j] = c.fx * rtKinv[j] + c.cx * rtKinv[6 + j];
            h[3 + j] = c.fy * rtKinv[3 + j] + c.cy * rtKinv[6 + j];
            h[6 + j] = rtKinv[6 + j];
        }
        return h;
    }
}
