package org.gpuvo.odometry.vo;

/** Where the pipeline stands after a frame. Losing track is a state, never an exception. */
public enum TrackingState {
    /** No map yet (first frames, or after a loss): the pose is held at the last known one. */
    INITIALIZING,
    /** The frame's pose was estimated. */
    TRACKING,
    /** The frame could not be tracked (too few inliers, a black or blurred frame); the pose is extrapolated. */
    LOST
}
