package org.gpuvo.odometry.metrics;

/** Which transform an estimate is aligned to its reference with before absolute errors are measured. */
public enum AlignmentMode {
    /** As estimated: for trajectories that start in the reference's frame. */
    NONE,
    /** Rotation and translation (Horn / Umeyama without scale): stereo, RGB-D, visual-inertial. */
    SE3,
    /** Rotation, translation and scale (Umeyama): monocular, whose scale is unobservable. */
    SIM3
}
