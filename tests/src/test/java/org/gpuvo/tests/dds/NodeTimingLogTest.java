package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@link NodeLatencyBenchmark} relies on, checked on the real node between Cyclone peers: with its timing logger
 * at debug level the node logs one line per frame, and the times of the camera, the node and the consumer are on one
 * clock, so that each frame's steps follow each other (image written, arrived at the node, taken off the queue,
 * decoded, estimated; odometry received after it was estimated); its status counts every frame.
 */
class NodeTimingLogTest {
    private static final Duration STEP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void everyFrameHasItsStepsInOrderOnTheSharedClock() {
        int n = 10;
        SequenceFrames frames = SequenceFrames.roomMono(dir.resolve("frames"), 320, 240, n, 5);
        String count = Integer.toString(n);
        PeerOutput camera, consumer;
        String log;
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess consumerProcess = peers.consumer("--count", count, "--timeout", "150", "--status", "status",
                    "--linger-ms", "1500");
            consumerProcess.awaitLine("ready"::equals, STEP);
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "image:=/camera/image_raw",
                    "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono", "-p", "backend:=cpu",
                    "-p", "deterministic:=true", "-p", "queue_size:=" + count, "-p", "status_period:=0.5",
                    "--log-level", "org.gpuvo.ros.node.timing:=debug")) {
                List<String> args = new ArrayList<>(frames.cameraArguments("camera/image_raw", null));
                args.addAll(List.of("--rate", "5", "--reliable", "--wait-subscribers", "1", "--wait-timeout", "60",
                        "--info-lead-ms", "500"));
                PeerProcess cameraProcess = peers.camera(args.toArray(String[]::new));
                assertThat(cameraProcess.waitFor(STEP)).as("%s\nnode:\n%s", cameraProcess.describe(), node.log())
                        .isZero();
                assertThat(consumerProcess.waitFor(STEP)).as("%s\nnode:\n%s", consumerProcess.describe(), node.log())
                        .isZero();
                camera = PeerOutput.of(cameraProcess);
                consumer = PeerOutput.of(consumerProcess);
                log = node.log();
            }
        }
        Map<Long, Long> written = LatencySummary.sentAt(camera.published());
        Map<Long, Long> received = LatencySummary.odometryReceivedAt(consumer);
        Map<Long, FrameSteps> steps = FrameSteps.fromLog(log);
        assertThat(steps.keySet()).as(log).containsExactlyInAnyOrderElementsOf(written.keySet());
        for (CameraInput.Frame frame : frames.input().frames()) {
            FrameSteps s = steps.get(frame.stampNs());
            assertThat(new long[]{written.get(frame.stampNs()), s.arrivedNs(), s.takenNs(), s.decodedNs(),
                    s.estimatedNs(), received.get(frame.stampNs())}).as("frame %d: %s", frame.stampNs(), s).isSorted();
            assertThat(s.publishedNs()).isGreaterThanOrEqualTo(s.estimatedNs());
            assertThat(s.frontEndMillis()).isPositive();
        }
        NodeStatusReport last = NodeStatusReport.parse(consumer.statuses().get(consumer.statuses().size() - 1).data());
        assertThat(last.processed()).isEqualTo(n);
        assertThat(last.dropped()).isZero();
        assertThat(last.leftOut()).isZero();
        assertThat(last.backend()).isEqualTo("cpu");
    }
}
