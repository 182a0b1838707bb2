package org.gpuvo.ros.node;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.odometry.vo.MappingStatus;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.KeyValue;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link NodeStatus} as the node publishes it: one JSON object on {@code status} (std_msgs/String), and one
 * diagnostic_msgs status on {@code /diagnostics} whose level says at a glance whether the odometry can be trusted:
 * STALE while no frame has been done within the input timeout, WARN while not tracking, waiting for calibration,
 * with an input silent, or once local mapping has counted a failed bundle adjustment or an error, else OK.
 */
final class StatusMessages {
    private static final ObjectMapper JSON = new ObjectMapper();

    private StatusMessages() {
    }

    /** The status as one line of JSON; figures not known yet are null (JSON has no NaN). */
    static String json(NodeStatus s) {
        ObjectNode root = JSON.createObjectNode();
        root.put("stamp", s.stamp().toSeconds());
        root.put("tracking", tracking(s));
        root.put("backend", s.backend());
        root.put("features", s.features());
        if (s.lastFrameFeatures() >= 0)
            root.put("last_frame_features", s.lastFrameFeatures());
        else
            root.putNull("last_frame_features");
        root.put("frames_processed", s.framesProcessed());
        root.put("lost", s.framesLost());
        root.put("dropped", s.issue(NodeIssue.DROPPED));
        root.put("malformed", s.issue(NodeIssue.MALFORMED));
        root.put("resets", s.resets());
        root.put("restarts", s.restarts());
        root.put("calibrated", s.calibrated());
        root.put("mounting", s.mounting());
        putFinite(root, "seconds_since_last_frame", s.secondsSinceLastFrame());
        ObjectNode queue = root.putObject("queue");
        queue.put("capacity", s.queueCapacity());
        queue.put("max_depth", s.queueHighWater());
        s.silentInputs().forEach(root.putArray("silent_inputs")::add);
        ObjectNode issues = root.putObject("issues");
        for (NodeIssue kind : NodeIssue.values())
            issues.put(kind.key, s.issue(kind));
        ObjectNode mapping = root.putObject("mapping");
        mapping.put("deterministic", s.deterministic());
        mapping.put("pending_updates", s.mapping().pendingUpdates());
        mapping.put("bundle_adjustments", s.mapping().bundleAdjustments());
        mapping.put("bundle_failures", s.mapping().bundleFailures());
        mapping.put("errors", s.mapping().errors());
        mapping.put("last_error", s.mapping().lastError());
        ObjectNode timing = root.putObject("timing_ms");
        for (Stage stage : Stage.values())
            putFinite(timing, stage.key, s.timingMillis().getOrDefault(stage.key, Double.NaN));
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The diagnostics of the node: one status named {@code "<node>: visual odometry"}, its hardware id the
     * backend, its values the status's figures (the feature type among them).
     *
     * @param timeoutSeconds how long without a frame makes the status STALE
     */
    static DiagnosticArray diagnostics(NodeStatus s, String nodeName, double timeoutSeconds) {
        byte level;
        String message;
        boolean stale = !(s.secondsSinceLastFrame() <= timeoutSeconds);
        if (!s.calibrated()) {
            level = DiagnosticStatus.WARN;
            message = "waiting for camera_info";
        } else if (stale) {
            level = DiagnosticStatus.STALE;
            message = s.framesProcessed() == 0 ? "no frame processed yet"
                    : String.format(Locale.ROOT, "no frame for %.1f s", s.secondsSinceLastFrame());
        } else if (s.tracking() != TrackingState.TRACKING) {
            level = DiagnosticStatus.WARN;
            message = tracking(s);
        } else if (!s.silentInputs().isEmpty()) {
            level = DiagnosticStatus.WARN;
            message = "silent: " + String.join(", ", s.silentInputs());
        } else if (s.mappingTrouble()) {
            level = DiagnosticStatus.WARN;
            message = mappingTrouble(s);
        } else {
            level = DiagnosticStatus.OK;
            message = "tracking";
        }
        List<KeyValue> values = new ArrayList<>();
        values.add(new KeyValue("tracking", tracking(s)));
        values.add(new KeyValue("features", s.features()));
        values.add(new KeyValue("frames_processed", Long.toString(s.framesProcessed())));
        values.add(new KeyValue("lost", Long.toString(s.framesLost())));
        values.add(new KeyValue("resets", Long.toString(s.resets())));
        values.add(new KeyValue("restarts", Long.toString(s.restarts())));
        values.add(new KeyValue("mounting", s.mounting()));
        values.add(new KeyValue("mapping.deterministic", Boolean.toString(s.deterministic())));
        values.add(new KeyValue("mapping.pending_updates", Integer.toString(s.mapping().pendingUpdates())));
        values.add(new KeyValue("mapping.bundle_adjustments", Integer.toString(s.mapping().bundleAdjustments())));
        values.add(new KeyValue("mapping.bundle_failures", Integer.toString(s.mapping().bundleFailures())));
        values.add(new KeyValue("mapping.errors", Integer.toString(s.mapping().errors())));
        if (s.mapping().lastError() != null)
            values.add(new KeyValue("mapping.last_error", s.mapping().lastError()));
        for (NodeIssue kind : NodeIssue.values())
            values.add(new KeyValue(kind.key, Long.toString(s.issue(kind))));
        for (Stage stage : Stage.values()) {
            double ms = s.timingMillis().getOrDefault(stage.key, Double.NaN);
            if (Double.isFinite(ms))
                values.add(new KeyValue("timing_ms." + stage.key, String.format(Locale.ROOT, "%.2f", ms)));
        }
        String backend = s.backend() == null ? "" : s.backend();
        return new DiagnosticArray(new Header(s.stamp(), ""), List.of(
                new DiagnosticStatus(level, nodeName + ": visual odometry", message, backend, values)));
    }

    /** "local mapping: 2 of 40 bundle adjustments failed, 1 error (last: ...)". */
    private static String mappingTrouble(NodeStatus s) {
        MappingStatus m = s.mapping();
        List<String> parts = new ArrayList<>();
        if (m.bundleFailures() > 0)
            parts.add(m.bundleFailures() + " of " + m.bundleAdjustments() + " bundle adjustments failed");
        if (m.errors() > 0)
            parts.add(m.errors() + (m.errors() == 1 ? " error" : " errors"));
        return "local mapping: " + String.join(", ", parts)
                + (m.lastError() == null ? "" : " (last: " + m.lastError() + ")");
    }

    private static String tracking(NodeStatus s) {
        return s.tracking() == null ? "waiting" : s.tracking().name().toLowerCase(Locale.ROOT);
    }

    private static void putFinite(ObjectNode node, String key, double value) {
        if (Double.isFinite(value))
            node.put(key, value);
        else
            node.putNull(key);
    }
}
