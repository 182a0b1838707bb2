package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.frontend.FeatureDescriptors;

/**
 * Map points measured in one frame (stereo disparity, depth): each of the frame's own features that no tracked map
 * point covers and whose depth is trusted becomes a point, and its track restarts there.
 */
abstract class MeasuredPoints implements MapPointSource {
    protected final CameraModel camera;
    protected final FeatureTracks tracks;
    protected final TrackedPoses poses;
    private final TrackingPoints points;
    /** the frame's own features, downloaded from the front end at keyframes ({@link TrackingFrame#features()}) */
    protected KeyPoints keyPoints;
    protected FeatureDescriptors descriptors;
    private final KeyframePoints created = new KeyframePoints();
    private final Point2D_F64 p2 = new Point2D_F64();
    private final Point3D_F64 p3 = new Point3D_F64();

    MeasuredPoints(CameraModel camera, FeatureTracks tracks, TrackedPoses poses, TrackingPoints points) {
        this.camera = camera;
        this.tracks = tracks;
        this.poses = poses;
        this.points = points;
    }

    /** Fetches the frame's features into {@link #keyPoints} and {@link #descriptors}. */
    protected void fetchFeatures(TrackingFrame frame) {
        created.clear();
        keyPoints = frame.features();
        descriptors = frame.descriptors();
    }

    /** Whether feature i already observes a map point. */
    protected boolean covered(int i) {
        return tracks.landmark[i] != FeatureTracks.NONE;
    }

    /** Adds a map point at {@code inCamera} (the frame's camera frame) observed by feature i; returns 1. */
    protected int addObservedPoint(TrackingFrame frame, int i, Se3_F64 worldToCamera, Point3D_F64 inCamera) {
        SePointOps_F64.transformReverse(worldToCamera, inCamera, p3);
        camera.pixelToNormalized(keyPoints.x[i], keyPoints.y[i], p2);
        tracks.restart(i, frame.index, p2.x, p2.y);
        int id = points.add(frame.update, p3, frame.greyAt(keyPoints.x[i], keyPoints.y[i]), -1, 0, 0, 0,
                frame.index, inCamera);
        tracks.landmark[i] = id;
        frame.update.observe(frame.index, id, p2.x, p2.y);
        created.add(id, i);
        return 1;
    }

    @Override
    public KeyframePoints created() {
        return created;
    }
}
