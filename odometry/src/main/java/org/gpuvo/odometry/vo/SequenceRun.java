package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.List;

/**
 * The result of running visual odometry over a whole sequence: the estimated trajectories (camera-to-world of the
 * left camera, in the first frame's camera frame, for every frame with a pose), the per-frame results, the map.
 *
 * @param backend          where the features were extracted at the end: "cpu" or "cuda"
 * @param cpuFallbackFrame the first frame that ran on the CPU after the GPU failed, or -1
 * @param trajectory the poses known when each frame was processed (what the node publishes)
 * @param features   the feature type the pipeline ran with
 * @param mapping    the local bundle adjustments the mapping thread ran, in order
 * @param refined    the poses refined by local mapping up to the end of the run ({@link VisualOdometry#refinedPoses})
 */
public record SequenceRun(String sequence, VoMode mode, String backend, int cpuFallbackFrame, FeatureType features,
                          Trajectory trajectory, List<FrameResult> frames, PointCloud pointCloud,
                          List<MappingRecord> mapping, Trajectory refined) {
    public int framesTracked() {
        return (int) frames.stream().filter(FrameResult::tracked).count();
    }

    /** Frames without a pose (a monocular initialisation waited through them and could not place them). */
    public int framesWithoutPose() {
        return (int) frames.stream().filter(f -> !f.hasPose()).count();
    }

    public int framesLost() {
        return (int) frames.stream().filter(f -> f.state == TrackingState.LOST).count();
    }
}
