package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;

/** RGB-D map points: the keyframe's features with a trusted depth. */
final class DepthPoints extends MeasuredPoints {
    private final ConfigVisualOdometry config;
    private final Se3_F64 pose = new Se3_F64();
    private final Point2D_F64 p2 = new Point2D_F64();
    private final Point3D_F64 inCamera = new Point3D_F64();

    DepthPoints(ConfigVisualOdometry config, CameraModel camera, FeatureTracks tracks, TrackedPoses poses,
                TrackingPoints points) {
        super(camera, tracks, poses, points);
        this.config = config;
    }

    @Override
    public int addPoints(TrackingFrame frame) {
        fetchFeatures(frame);
        poses.get(frame.index, pose);
        int added = 0;
        for (int i = 0; i < keyPoints.size(); i++) {
            if (covered(i))
                continue;
            double z = DepthSampling.depthAt(frame.depth, keyPoints.x[i], keyPoints.y[i]);
            if (!(z >= config.minDepth && z <= config.maxDepth))
                continue;
            camera.pixelToNormalized(keyPoints.x[i], keyPoints.y[i], p2);
            inCamera.setTo(p2.x * z, p2.y * z, z);
            added += addObservedPoint(frame, i, pose, inCamera);
        }
        return added;
    }

    /** σ_z = k·z² is the depth error of a stereo pair of baseline 1 / (f·k) whose disparity errs by 1 px. */
    @Override
    public double depthBaseline() {
        double focal = 0.5 * (camera.fx + camera.fy);
        return config.depthNoiseCoefficient > 0 ? 1 / (focal * config.depthNoiseCoefficient) : 0;
    }
}
