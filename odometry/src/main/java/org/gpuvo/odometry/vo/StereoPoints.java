package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.frontend.FeatureDescriptors;

/** Stereo map points: the left–right matches of the keyframe, triangulated from their disparity. */
final class StereoPoints extends MeasuredPoints {
    private final ConfigVisualOdometry config;
    private final StereoRectification stereo;
    private final StereoPointMatcher matcher;
    /** sub-pixel disparities where the raw images are rectified already (else null) */
    private final SubpixelDisparity subpixel;
    private final KeyPoints rightKeyPoints = new KeyPoints();
    private final FeatureDescriptors rightDescriptors;
    private final Se3_F64 pose = new Se3_F64();
    private final Point3D_F64 inCamera = new Point3D_F64();

    StereoPoints(ConfigVisualOdometry config, CameraModel camera, StereoRectification stereo, FeatureTracks tracks,
                 TrackedPoses poses, TrackingPoints points) {
        super(camera, tracks, poses, points);
        this.config = config;
        this.stereo = stereo;
        this.matcher = new StereoPointMatcher(stereo, config.stereoRowTolerance, KeyPointScale.of(config),
                config.matching().maxDistance, config.matching().ratio);
        this.subpixel = stereo.imagesAreRectified(0.01) ? new SubpixelDisparity(3, 2) : null;
        this.rightDescriptors = FeatureDescriptors.of(config.features);
    }

    @Override
    public int addPoints(TrackingFrame frame) {
        long t0 = System.nanoTime();
        fetchFeatures(frame);
        frame.frontEnd.extract(frame.right, rightKeyPoints, rightDescriptors);
        frame.frontEndNanos += System.nanoTime() - t0;
        double f = stereo.focalLength();
        // disparities up to a point one baseline in front of the camera, at least as far as one baseline
        double maxDisparity = Math.min(stereo.rectifiedCamera().width, f);
        matcher.match(keyPoints, descriptors, rightKeyPoints, rightDescriptors, stereo.rectifiedCamera().height,
                maxDisparity);
        double minDisparity = config.stereoMinDisparity(f);
        poses.get(frame.index, pose);
        int added = 0;
        for (int i = 0; i < keyPoints.size(); i++) {
            double d = matcher.disparity[i];
            // a tracked feature gets no new point: skipped before the sub-pixel search
            if (!(d > 0) || covered(i))
                continue;
            if (subpixel != null)
                d = subpixel.refine(frame.left, frame.right, matcher.leftX[i], matcher.leftY[i], d);
            if (!(d >= minDisparity) || !stereo.triangulate(matcher.leftX[i], matcher.leftY[i], d, inCamera))
                continue;
            added += addObservedPoint(frame, i, pose, inCamera);
        }
        return added;
    }

    @Override
    public double depthBaseline() {
        return stereo.baseline();
    }
}
