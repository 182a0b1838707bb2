package org.gpuvo.odometry.vo;

/**
 * Where a keyframe's new map points come from: triangulated tracks for a monocular camera
 * ({@link TrackTriangulation}), the disparity of left–right matches for stereo ({@link StereoPoints}), the depth image
 * for RGB-D ({@link DepthPoints}). Points are created on the tracking thread, which gives them their ids; local
 * mapping places them.
 */
interface MapPointSource {
    /**
     * Adds map points observed in the frame, whose pose is set, where no tracked point covers the feature yet.
     *
     * @return how many were added
     */
    int addPoints(TrackingFrame frame);

    /** The points the last {@link #addPoints} created, with the frame's features that observe them. */
    KeyframePoints created();

    /** The stereo or depth baseline (metres) of the points this source measures, for depth priors; 0 for none. */
    double depthBaseline();
}
