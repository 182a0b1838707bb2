package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.geometry.Mat3;

/** What the pipeline reports for one frame. The pose is camera-to-world, the world being the first frame's camera. */
public final class FrameResult {
    public final double timestamp;
    public final Se3_F64 cameraToWorld;
    public final TrackingState state;
    /** features extracted in the frame */
    public final int features;
    /** matches against the previous frame */
    public final int matches;
    /** matches that agree with the estimated motion */
    public final int inliers;
    /** whether the frame became a keyframe (new map points were triangulated from it) */
    public final boolean keyframe;
    /** matches whose track observes a map point the frame's pose was estimated from (PnP correspondences) */
    public final int mapPointsTracked;
    /** map points that frame-to-frame matching had lost and a search by projection found again in the frame */
    public final int reprojectionMatches;
    /**
     * time spent in feature extraction and matching (either backend), and on the tracking thread afterwards (PnP,
     * the new points' measurements); local mapping and the bundle adjustment are not in it
     */
    public final double frontEndMillis, hostMillis;

    public FrameResult(double timestamp, Se3_F64 cameraToWorld, TrackingState state, int features, int matches,
                       int inliers, boolean keyframe, int mapPointsTracked, int reprojectionMatches,
                       double frontEndMillis, double hostMillis) {
        this.timestamp = timestamp;
        this.cameraToWorld = cameraToWorld.copy();
        // a rotation to rounding: estimators' rotations drift from orthonormal by up to 1e-8, which a quaternion
        // (a ROS message's) would round away
        Mat3.orthonormalize(this.cameraToWorld.R.data, 0, new double[9], new double[9]);
        this.state = state;
        this.features = features;
        this.matches = matches;
        this.inliers = inliers;
        this.keyframe = keyframe;
        this.mapPointsTracked = mapPointsTracked;
        this.reprojectionMatches = reprojectionMatches;
        this.frontEndMillis = frontEndMillis;
        this.hostMillis = hostMillis;
    }

    /** This frame's result once it has been placed after the fact ({@link PlacedFrame}): tracked, at that pose. */
    public FrameResult placedAt(Se3_F64 cameraToWorld) {
        return new FrameResult(timestamp, cameraToWorld, TrackingState.TRACKING, features, matches, inliers, keyframe,
                mapPointsTracked, reprojectionMatches, frontEndMillis, hostMillis);
    }

    /** Whether the frame has a pose: every frame but those a monocular initialisation waited through unplaced. */
    public boolean hasPose() {
        return state != TrackingState.INITIALIZING;
    }

    public boolean tracked() {
        return state == TrackingState.TRACKING;
    }

    @Override
    public String toString() {
        return String.format("FrameResult{t=%.6f %s features=%d matches=%d inliers=%d%s}", timestamp, state, features,
                matches, inliers, keyframe ? " keyframe" : "");
    }
}
