package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.MappingStatus;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.ros.msg.Time;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the node stands: what {@code status} and {@code /diagnostics} publish, as values.
 *
 * @param stamp                 the node's time when taken (wall clock, or /clock with use_sim_time)
 * @param tracking              the pipeline's state after the last frame, null before the first
 * @param backend               "cpu" or "cuda" once a frame was processed, else null
 * @param features              the feature type, "orb" or "sift" (the {@code features} parameter)
 * @param framesProcessed       frames run through the pipeline
 * @param framesLost            frames the pipeline reported lost
 * @param resets                resets requested (reset topic or {@link VoNode#reset()})
 * @param restarts              times the odometry started over for any reason
 * @param issues                the count of each kind of issue
 * @param timingMillis          the median duration of each stage (keys as in the JSON), NaN where none yet
 * @param secondsSinceLastFrame time since the last frame was done, NaN before the first
 * @param queueCapacity         the frame queue's size
 * @param queueHighWater        the most frames ever waiting at once (never above the capacity)
 * @param calibrated            whether every camera_info the mode needs has come
 * @param mounting              where the camera's mounting comes from: "parameter", "tf_static" or "unknown"
 * @param silentInputs          image inputs silent for longer than the timeout
 * @param deterministic         whether local mapping runs on the processing thread at fixed points (the
 *                              {@code deterministic} parameter), else on a thread of its own
 * @param mapping               local mapping's counters over every pipeline the node ran (they survive the odometry
 *                              starting over); the pending updates and the last error are the latest
 * @param lastFrameFeatures     the features the pipeline found in the last frame, -1 before the first
 */
public record NodeStatus(Time stamp, TrackingState tracking, String backend, String features, long framesProcessed,
                         long framesLost, long resets, long restarts, Map<NodeIssue, Long> issues,
                         Map<String, Double> timingMillis,
                         double secondsSinceLastFrame, int queueCapacity, int queueHighWater, boolean calibrated,
                         String mounting, List<String> silentInputs, boolean deterministic, MappingStatus mapping,
                         int lastFrameFeatures) {
    public NodeStatus {
        issues = Map.copyOf(issues);
        timingMillis = Map.copyOf(timingMillis);
        silentInputs = List.copyOf(silentInputs);
        Objects.requireNonNull(mapping, "mapping (zeros before the first frame)");
    }

    /** Whether local mapping has reported trouble: a bundle adjustment that failed, or an update that threw. */
    public boolean mappingTrouble() {
        return mapping.bundleFailures() > 0 || mapping.errors() > 0;
    }

    /** The count of one kind of issue. */
    public long issue(NodeIssue kind) {
        return issues.getOrDefault(kind, 0L);
    }
}
