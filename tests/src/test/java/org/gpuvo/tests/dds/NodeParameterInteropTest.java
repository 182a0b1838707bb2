package org.gpuvo.tests.dds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpuvo's parameter services and {@code ~/reset} called over DDS by a Cyclone DDS client that frames its requests
 * as rmw_cyclonedds_cpp does (what {@code ros2 param} and {@code ros2 service call} send on that middleware), while
 * a Cyclone camera streams KITTI frames to the node and a Cyclone consumer takes its status. Loopback only.
 */
class NodeParameterInteropTest {
    private static final Duration STEP = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * list, get, describe and get types answer from the node's parameter table; setting a read-only parameter, or a
     * parameter to a value of another type, is refused with the reason; setting {@code orb.max_features} while
     * frames stream takes effect (the features per frame in the status drop to the new bound), and a reset
     * through the service is counted in the status.
     */
    @Test
    void aCycloneClientReadsAndSetsParametersAndResetsTheRunningNode() {
        int frames = 51;
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), frames);
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess consumer = peers.consumer("--status", "status", "--count", "0", "--timeout", "150");
            consumer.awaitLine("ready"::equals, STEP);
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "__node:=vo",
                    "-r", "image:=/camera/image_raw", "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono",
                    "-p", "backend:=cpu", "-p", "queue_size:=" + frames, "-p", "publish_debug_image:=false",
                    "-p", "status_period:=0.2")) {
                PeerProcess before = peers.paramClient("--node", "/vo", "list", "get", "orb.max_features",
                        "get", "mode", "describe", "mode", "describe", "orb.max_features", "types", "orb.scale_factor",
                        "set", "mode", "string", "stereo", "set", "orb.max_features", "string", "many",
                        "set-atomic", "backend", "string", "cuda");
                assertThat(before.waitFor(STEP)).as("%s\nnode:\n%s", before.describe(), node.log()).isZero();
                List<String> lines = before.lines();
                assertThat(lines).contains("name mode", "name orb.max_features", "name qos.image.reliability",
                        "value orb.max_features 2 2000", "value mode 4 mono", "type orb.scale_factor 3");
                assertThat(lines).anyMatch(l -> l.startsWith("describe mode 4 read_only=1 "))
                        .anyMatch(l -> l.startsWith("describe orb.max_features 2 read_only=0 "));
                assertThat(line(lines, "set mode ")).contains("refused", "read-only");
                assertThat(line(lines, "set orb.max_features ")).contains("refused", "an\\x20integer");
                assertThat(line(lines, "set-atomic backend ")).contains("refused", "read-only");

                List<String> cameraArgs = new ArrayList<>(kitti.cameraArguments("camera/image_raw", null));
                cameraArgs.addAll(List.of("--rate", "10", "--reliable", "--wait-subscribers", "1", "--wait-timeout",
                        "60", "--info-lead-ms", "500"));
                PeerProcess camera = peers.camera(cameraArgs.toArray(String[]::new));
                consumer.awaitLine(l -> framesProcessed(l) >= 10, STEP);
                PeerProcess set = peers.paramClient("--node", "/vo", "set", "orb.max_features", "int", "300",
                        "get", "orb.max_features", "reset");
                assertThat(set.waitFor(STEP)).as("%s\nnode:\n%s", set.describe(), node.log()).isZero();
                assertThat(set.lines()).contains("set orb.max_features ok", "value orb.max_features 2 300",
                        "reset ok");
                assertThat(camera.waitFor(STEP)).as(camera.describe()).isZero();
                consumer.awaitLine(l -> framesProcessed(l) >= frames, STEP);
                assertThat(node.isAlive()).isTrue();
                assertThat(node.log()).doesNotContain("Exception");
            }
            consumer.waitOrStop(Duration.ofSeconds(1));
            List<PeerOutput.ReceivedStatus> statuses = PeerOutput.of(consumer).statuses();
            JsonNode first = statuses.stream().map(s -> json(s.data()))
                    .filter(j -> j.path("frames_processed").asLong() >= 5).findFirst().orElseThrow();
            JsonNode last = json(statuses.get(statuses.size() - 1).data());
            assertThat(first.path("last_frame_features").asInt()).as("before: %s", first).isGreaterThan(300);
            assertThat(last.path("last_frame_features").asInt()).as("after: %s", last).isBetween(1, 300);
            assertThat(last.path("resets").asLong()).isEqualTo(1);
            peers.trace().assertLoopbackOnly(4);
        }
    }

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line starting with '" + prefix + "' in " + lines));
    }

    private static long framesProcessed(String line) {
        PeerOutput.ReceivedStatus status = PeerOutput.statusOf(line);
        return status == null ? -1 : json(status.data()).path("frames_processed").asLong();
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
