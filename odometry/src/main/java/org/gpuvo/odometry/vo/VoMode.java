package org.gpuvo.odometry.vo;

/** What a visual odometry pipeline gets per frame, and so where its metric scale comes from. */
public enum VoMode {
    /** One camera: scale is fixed at initialisation (unit baseline) and carried by the map; unobservable. */
    MONO,
    /** A stereo pair: metric scale from the baseline. */
    STEREO,
    /** A camera with a registered depth image: metric scale from the depth. */
    RGBD
}
