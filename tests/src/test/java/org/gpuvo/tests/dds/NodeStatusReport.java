package org.gpuvo.tests.dds;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a test reads from one of the node's status messages (the JSON object it publishes on {@code status}): its
 * frame counters, its queue, its issue counts and its stage medians.
 *
 * @param backend       the backend the pipeline runs on ("cpu", "cuda"), or "" before the first frame
 * @param processed     frames through the pipeline
 * @param lost          of those, frames where tracking was lost
 * @param restarts      times the odometry started over
 * @param queueCapacity the frame queue's length
 * @param queueMaxDepth the most frames that waited in it at once
 * @param issues        the status's problem counters by key ({@code dropped}: frames the queue dropped because the
 *                      pipeline fell behind)
 * @param timingMillis  the stage medians by key, the stages without a figure left out
 */
record NodeStatusReport(String backend, long processed, long lost, long restarts, int queueCapacity,
                        int queueMaxDepth, Map<String, Long> issues, Map<String, Double> timingMillis) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The problem counters of which each counts frames left out without processing. */
    private static final String[] FRAME_LEFT_OUT = {"malformed", "no_camera_info", "size_mismatch", "unpaired",
            "duplicate_stamp", "processing_error"};

    /** @throws IllegalArgumentException where {@code json} is not a status of the node */
    static NodeStatusReport parse(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + json, e);
        }
        for (String key : new String[]{"frames_processed", "lost", "restarts", "queue", "issues", "timing_ms"})
            if (!root.has(key))
                throw new IllegalArgumentException("a status without '" + key + "': " + json);
        Map<String, Long> issues = new LinkedHashMap<>();
        root.get("issues").fields().forEachRemaining(e -> issues.put(e.getKey(), e.getValue().asLong()));
        Map<String, Double> timings = new LinkedHashMap<>();
        root.get("timing_ms").fields().forEachRemaining(e -> {
            if (e.getValue().isNumber())
                timings.put(e.getKey(), e.getValue().asDouble());
        });
        return new NodeStatusReport(root.path("backend").asText(""), root.get("frames_processed").asLong(),
                root.get("lost").asLong(), root.get("restarts").asLong(), root.get("queue").get("capacity").asInt(),
                root.get("queue").get("max_depth").asInt(), issues, timings);
    }

    /** Frames the queue dropped because the pipeline fell behind. */
    long dropped() {
        return issues.getOrDefault("dropped", 0L);
    }

    /** Frames taken off the queue but left out unprocessed (malformed, no calibration, a failing pipeline...). */
    long leftOut() {
        long sum = 0;
        for (String key : FRAME_LEFT_OUT)
            sum += issues.getOrDefault(key, 0L);
        return sum;
    }

    /** The problem counters that are not zero. */
    Map<String, Long> nonZeroIssues() {
        Map<String, Long> out = new LinkedHashMap<>();
        issues.forEach((k, v) -> {
            if (v != 0)
                out.put(k, v);
        });
        return out;
    }
}
