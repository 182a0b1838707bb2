package org.gpuvo.ros.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.odometry.vo.MappingStatus;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.KeyValue;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StatusMessagesTest {
    private static final MappingStatus MAPPING_FINE = new MappingStatus(1, 9, 0, 0, null);

    private static NodeStatus status(TrackingState tracking, double sinceLastFrame, boolean calibrated,
                                     List<String> silent) {
        return status(tracking, sinceLastFrame, calibrated, silent, MAPPING_FINE);
    }

    private static NodeStatus status(TrackingState tracking, double sinceLastFrame, boolean calibrated,
                                     List<String> silent, MappingStatus mapping) {
        Map<NodeIssue, Long> issues = new EnumMap<>(NodeIssue.class);
        for (NodeIssue kind : NodeIssue.values())
            issues.put(kind, (long) kind.ordinal());
        Map<String, Double> timing = new LinkedHashMap<>();
        for (Stage stage : Stage.values())
            timing.put(stage.key, stage == Stage.LATENCY ? Double.NaN : 1.5 * (stage.ordinal() + 1));
        return new NodeStatus(new Time(12, 250_000_000), tracking, "cpu", "sift", 40, 3, 1, 2, issues, timing, sinceLastFrame,
                2, 2, calibrated, "tf_static", silent, false, mapping, 1234);
    }

    @Test
    void theJsonHoldsEveryCountAndTimingWithNullForWhatIsNotKnown() throws Exception {
        JsonNode json = new ObjectMapper().readTree(StatusMessages.json(status(TrackingState.LOST, 0.1, true, List.of())));
        assertThat(json.path("stamp").asDouble()).isEqualTo(12.25);
        assertThat(json.path("tracking").asText()).isEqualTo("lost");
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        assertThat(json.path("last_frame_features").asInt()).isEqualTo(1234);
        assertThat(json.path("features").asText()).isEqualTo("sift");
        assertThat(json.path("frames_processed").asLong()).isEqualTo(40);
        assertThat(json.path("lost").asLong()).isEqualTo(3);
        assertThat(json.path("dropped").asLong()).isEqualTo(NodeIssue.DROPPED.ordinal());
        assertThat(json.path("malformed").asLong()).isEqualTo(NodeIssue.MALFORMED.ordinal());
        assertThat(json.path("resets").asLong()).isEqualTo(1);
        assertThat(json.path("restarts").asLong()).isEqualTo(2);
        assertThat(json.path("mounting").asText()).isEqualTo("tf_static");
        for (NodeIssue kind : NodeIssue.values())
            assertThat(json.path("issues").path(kind.key).asLong()).as(kind.key).isEqualTo(kind.ordinal());
        assertThat(json.path("timing_ms").path("front_end").asDouble()).isEqualTo(3.0);
        assertThat(json.path("timing_ms").path("latency").isNull()).isTrue();
        assertThat(json.path("queue").path("capacity").asInt()).isEqualTo(2);
        JsonNode mapping = json.path("mapping");
        assertThat(mapping.path("deterministic").asBoolean(true)).isFalse();
        assertThat(mapping.path("pending_updates").asInt()).isEqualTo(1);
        assertThat(mapping.path("bundle_adjustments").asInt()).isEqualTo(9);
        assertThat(mapping.path("bundle_failures").asInt()).isZero();
        assertThat(mapping.path("errors").asInt()).isZero();
        assertThat(mapping.path("last_error").isNull()).isTrue();

        JsonNode waiting = new ObjectMapper().readTree(StatusMessages.json(status(null, Double.NaN, false, List.of())));
        assertThat(waiting.path("tracking").asText()).isEqualTo("waiting");
        assertThat(waiting.path("seconds_since_last_frame").isNull()).isTrue();
    }

    @Test
    void theDiagnosticLevelSaysWhetherTheOdometryCanBeTrusted() {
        assertThat(level(status(TrackingState.TRACKING, 0.1, true, List.of()))).isEqualTo(DiagnosticStatus.OK);
        assertThat(level(status(TrackingState.LOST, 0.1, true, List.of()))).isEqualTo(DiagnosticStatus.WARN);
        assertThat(level(status(TrackingState.INITIALIZING, 0.1, true, List.of()))).isEqualTo(DiagnosticStatus.WARN);
        assertThat(level(status(TrackingState.TRACKING, 0.1, true, List.of("/image")))).isEqualTo(DiagnosticStatus.WARN);
        assertThat(level(status(TrackingState.TRACKING, 5, true, List.of()))).isEqualTo(DiagnosticStatus.STALE);
        assertThat(level(status(null, Double.NaN, true, List.of()))).isEqualTo(DiagnosticStatus.STALE);
        assertThat(level(status(null, Double.NaN, false, List.of()))).isEqualTo(DiagnosticStatus.WARN);

        DiagnosticArray array = StatusMessages.diagnostics(status(TrackingState.TRACKING, 0.1, true, List.of()),
                "vo_front", 2);
        DiagnosticStatus s = array.status().get(0);
        assertThat(array.header().stamp()).isEqualTo(new Time(12, 250_000_000));
        assertThat(s.name()).isEqualTo("vo_front: visual odometry");
        assertThat(s.hardwareId()).isEqualTo("cpu");
        assertThat(s.values()).contains(new KeyValue("features", "sift"), new KeyValue("frames_processed", "40"),
                new KeyValue("lost", "3"),
                new KeyValue("malformed", Long.toString(NodeIssue.MALFORMED.ordinal())),
                new KeyValue("timing_ms.front_end", "3.00"));
        assertThat(s.values()).extracting(KeyValue::key).doesNotContain("timing_ms.latency");
    }

    /** Failed bundle adjustments or mapping errors make a tracking node WARN, with the last error's message. */
    @Test
    void localMappingTroubleIsAWarningWithTheLastError() throws Exception {
        DiagnosticStatus failed = StatusMessages.diagnostics(status(TrackingState.TRACKING, 0.1, true, List.of(),
                new MappingStatus(0, 12, 2, 0, null)), "gpuvo", 2).status().get(0);
        assertThat(failed.level()).isEqualTo(DiagnosticStatus.WARN);
        assertThat(failed.message()).isEqualTo("local mapping: 2 of 12 bundle adjustments failed");
        assertThat(failed.values()).contains(new KeyValue("mapping.bundle_adjustments", "12"),
                new KeyValue("mapping.bundle_failures", "2"), new KeyValue("mapping.errors", "0"),
                new KeyValue("mapping.deterministic", "false"));
        assertThat(failed.values()).extracting(KeyValue::key).doesNotContain("mapping.last_error");

        MappingStatus threw = new MappingStatus(3, 12, 0, 1, "the update of frame 40 failed: NaN in the window");
        DiagnosticStatus error = StatusMessages.diagnostics(status(TrackingState.TRACKING, 0.1, true, List.of(), threw),
                "gpuvo", 2).status().get(0);
        assertThat(error.level()).isEqualTo(DiagnosticStatus.WARN);
        assertThat(error.message()).isEqualTo(
                "local mapping: 1 error (last: the update of frame 40 failed: NaN in the window)");
        assertThat(error.values()).contains(
                new KeyValue("mapping.last_error", "the update of frame 40 failed: NaN in the window"),
                new KeyValue("mapping.pending_updates", "3"));
        JsonNode json = new ObjectMapper().readTree(StatusMessages.json(
                status(TrackingState.TRACKING, 0.1, true, List.of(), threw)));
        assertThat(json.path("mapping").path("errors").asInt()).isEqualTo(1);
        assertThat(json.path("mapping").path("last_error").asText()).contains("NaN in the window");

        // other trouble comes first: a stale node stays STALE
        assertThat(level(status(TrackingState.TRACKING, 5, true, List.of(), threw))).isEqualTo(DiagnosticStatus.STALE);
        assertThat(level(status(TrackingState.TRACKING, 0.1, true, List.of(), MAPPING_FINE))).isEqualTo(DiagnosticStatus.OK);
    }

    private static byte level(NodeStatus status) {
        return StatusMessages.diagnostics(status, "gpuvo", 2).status().get(0).level();
    }
}
