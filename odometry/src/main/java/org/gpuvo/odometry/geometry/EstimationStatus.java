package org.gpuvo.odometry.geometry;

/** Outcome of the last call of an estimator. */
public enum EstimationStatus {
    /** a pose was estimated */
    SUCCESS,
    /** fewer correspondences than the minimal sample or the minimum inlier count: nothing was tried */
    TOO_FEW_POINTS,
    /** no model reached the minimum inlier count */
    TOO_FEW_INLIERS,
    /**
     * the inliers are explained by a rotation alone (pure rotation, or a baseline too small for the scene's depth),
     * so the translation direction is undetermined; the rotation was estimated
     */
    INSUFFICIENT_PARALLAX
}
