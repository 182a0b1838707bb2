package org.gpuvo.odometry.metrics;

/** What the RPE's delta counts. */
public enum DeltaUnit {
    /** Poses. */
    FRAMES,
    /** Metres of path travelled by the estimate. */
    METERS,
    /** Seconds. */
    SECONDS
}
