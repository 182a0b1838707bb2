package org.gpuvo.tests.dds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.KittiSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.tests.dds.PeerOutput.ReceivedPose;
import org.gpuvo.tests.dds.PeerOutput.ReceivedStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Bad input, sent over the wire to gpuvo's node (its own JVM, Fast DDS) by a Cyclone DDS camera, and
 * what the node says about it in its {@code status} (std_msgs/String, one JSON object every {@code status_period}),
 * taken by a Cyclone consumer with its odometry: camera infos with zeros and with NaN, images before any camera
 * info, stamps going backwards (a bag played in a loop), a camera that goes away and comes back. Each is counted,
 * warned of in the log, and the node goes on. The assertions are on the status counters and on the odometry's
 * stamps; every wait is for a line and bounded, none is for a time to pass.
 *
 * <p>One scenario on one node (a node's start costs seconds of a small machine): the counts of each phase are
 * those of the phases before plus its own.</p>
 */
class NodeBadInputTest {
    private static final Duration STEP = Duration.ofSeconds(60);
    private static final String IMAGE_TOPIC = "/camera/image_raw";
    /** recorded frames 0..11 (KITTI 06, 10 Hz) in the first camera run, 6..17 in the second */
    private static final int RECORDED = 12, SECOND_RUN_END = 18;
    /** frames 0..5 go without a usable camera info: none, then K all zero, then fx NaN; from 6 on a good one */
    private static final int ZEROS_FROM = 2, NAN_FROM = 4, GOOD_FROM = 6;
    /** the restarted camera's stamps: its clock went on while it was away */
    private static final int RESTART_STAMP_OFFSET = 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * <ol>
     * <li>Camera run 1, frames 0..11 and then back to 0..5 with their stamps (a loop): frames 0, 1 without camera
     * info, 2, 3 with K all zero, 4, 5 with fx NaN, then a good one. The 4 invalid infos and the 6 frames without a
     * usable one are counted; odometry comes for frames 6..11, then for the loop's 0..5, the first of each at the
     * origin: the stamp going back is counted and the odometry started over once.</li>
     * <li>The camera exits; the status reports its image topic silent (input_timeout 1 s), once.</li>
     * <li>Camera run 2, a new participant, frames 6..17 with later stamps: odometry for every one, the input no
     * longer silent while it sends, nothing started over; when it exits, its silence is reported again.</li>
     * <li>The node is alive, warned once of each kind of issue and logged no exception.</li>
     * </ol>
     * A status is awaited by the state it must reach (the node's threads and the camera's exit are not ordered with
     * the status timer), and then every counter of it is checked.
     */
    @Test
    void badInputIsCountedInTheStatusAndTheNodeGoesOn() throws Exception {
        Sequence kitti = KittiSequence.open(SharedData.require("kitti-06-0050"));
        CameraInput looped = CameraInput.in(dir.resolve("run1"));
        IntStream.concat(IntStream.range(0, RECORDED), IntStream.range(0, GOOD_FROM))
                .forEach(k -> add(looped, kitti, k, stamp(k)));
        CameraInput restarted = CameraInput.in(dir.resolve("run2"));
        IntStream.range(GOOD_FROM, SECOND_RUN_END).forEach(k -> add(restarted, kitti, k, stamp(RESTART_STAMP_OFFSET + k)));

        CameraInfoFile good = CameraInfoFile.mono(kitti.camera());
        double[] nanK = good.k().clone();
        nanK[0] = Double.NaN;
        Path goodInfo = good.write(dir.resolve("good-info.txt"));
        Path zerosInfo = withK(good, new double[9]).write(dir.resolve("zeros-info.txt"));
        Path nanInfo = withK(good, nanK).write(dir.resolve("nan-info.txt"));

        List<Long> firstPass = stamps(GOOD_FROM, RECORDED, 0);
        List<Long> loop = stamps(0, GOOD_FROM, 0);
        List<Long> secondRun = stamps(GOOD_FROM, SECOND_RUN_END, RESTART_STAMP_OFFSET);
        int afterRun1 = firstPass.size() + loop.size(), afterRun2 = afterRun1 + secondRun.size();
        PeerOutput out;
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            // runs through every phase; stopped at the end, the timeout only bounds a test gone wrong
            PeerProcess consumer = peers.consumer("--status", "status", "--count", "0", "--timeout", "300");
            consumer.awaitLine("ready"::equals, STEP);
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "__node:=vo",
                    "-r", "image:=" + IMAGE_TOPIC, "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono",
                    "-p", "backend:=cpu", "-p", "queue_size:=40", "-p", "publish_debug_image:=false",
                    "-p", "status_period:=0.2", "-p", "input_timeout:=1.0")) {
                // 1: unusable camera infos, images before a usable one, then a loop back to the first stamps
                PeerProcess camera = peers.camera("--list", looped.writeList().toString(), "--image-topic",
                        "camera/image_raw", "--info", zerosInfo.toString(), "--info-from", Integer.toString(ZEROS_FROM),
                        "--info", nanInfo.toString(), "--info-from", Integer.toString(NAN_FROM),
                        "--info", goodInfo.toString(), "--info-from", Integer.toString(GOOD_FROM),
                        "--rate", "10", "--reliable", "--wait-subscribers", "1", "--wait-timeout", "60");
                assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                awaitOdometry(consumer, loop.get(loop.size() - 1), node);
                JsonNode afterLoop = awaitStatus(consumer, s -> processed(s) >= afterRun1, node);
                assertThat(processed(afterLoop)).as("%s", afterLoop).isEqualTo(afterRun1);
                assertThat(afterLoop.path("calibrated").asBoolean()).as("%s", afterLoop).isTrue();
                assertIssues(afterLoop, 4, 6, 1);
                assertThat(afterLoop.path("restarts").asLong()).as("%s", afterLoop).isEqualTo(1);

                // 2: the camera has gone (its participant deleted at its exit)
                JsonNode silent = awaitStatus(consumer, s -> silentReports(s) >= 1 && processed(s) >= afterRun1, node);
                assertThat(silent.path("silent_inputs")).as("%s", silent).extracting(JsonNode::asText)
                        .containsExactly(IMAGE_TOPIC);
                assertThat(silentReports(silent)).as("%s", silent).isEqualTo(1);
                assertThat(processed(silent)).as("%s", silent).isEqualTo(afterRun1);
                assertIssues(silent, 4, 6, 1);

                // 3: it comes back, a new participant whose clock went on
                camera = peers.camera("--list", restarted.writeList().toString(), "--image-topic", "camera/image_raw",
                        "--info", goodInfo.toString(), "--rate", "10", "--reliable", "--wait-subscribers", "1",
                        "--wait-timeout", "60");
                JsonNode back = awaitStatus(consumer,
                        s -> processed(s) > afterRun1 && s.path("silent_inputs").isEmpty(), node);
                assertThat(silentReports(back)).as("%s", back).isEqualTo(1);
                assertThat(back.path("restarts").asLong()).as("%s", back).isEqualTo(1);
                assertIssues(back, 4, 6, 1);
                assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                awaitOdometry(consumer, secondRun.get(secondRun.size() - 1), node);
                JsonNode gone = awaitStatus(consumer, s -> silentReports(s) >= 2 && processed(s) >= afterRun2, node);
                assertThat(processed(gone)).as("%s", gone).isEqualTo(afterRun2);
                assertThat(silentReports(gone)).as("%s", gone).isEqualTo(2);
                assertThat(gone.path("restarts").asLong()).as("%s", gone).isEqualTo(1);
                assertIssues(gone, 4, 6, 1);

                // 4: still up, each kind warned of, no stack trace
                assertThat(node.isAlive()).as(node.log()).isTrue();
                String log = node.log();
                assertWarned(log, "/camera/camera_info: a camera_info that cannot be used is left out: camera_info K "
                        + "is all zero");
                assertWarned(log, IMAGE_TOPIC + ": a frame before any usable camera_info is left out");
                assertWarned(log, IMAGE_TOPIC + ": the stamp went back from " + stamp(RECORDED - 1) + " ns to "
                        + stamp(0) + " ns");
                assertWarned(log, IMAGE_TOPIC + ": nothing heard for");
                assertThat(log).contains(IMAGE_TOPIC + ": messages again after")
                        .doesNotContain("Exception", "parameters given but not used")
                        .doesNotContainPattern("(?m)^\\s+at [\\w$.]+\\(");
            }
            consumer.waitOrStop(Duration.ZERO);
            out = PeerOutput.of(consumer);
        }

        List<ReceivedPose> odometry = out.odometry();
        assertThat(odometry).extracting(ReceivedPose::stampNs).containsExactlyElementsOf(
                Stream.of(firstPass, loop, secondRun).flatMap(List::stream).toList());
        // the first frame with a calibration and the first of the loop are each a pipeline's first: the origin
        assertAtOrigin(odometry.get(0));
        assertAtOrigin(odometry.get(firstPass.size()));

        // the counters only ever grow, and never past their final values, in every status taken
        List<JsonNode> statuses = out.statuses().stream().map(s -> json(s.data())).toList();
        assertThat(statuses).hasSizeGreaterThan(3);
        JsonNode last = statuses.get(statuses.size() - 1);
        assertIssues(last, 4, 6, 1);
        assertThat(silentReports(last)).as("%s", last).isEqualTo(2);
        assertThat(processed(last)).as("%s", last).isEqualTo(afterRun2);
        for (String counter : new String[]{"invalid_camera_info", "no_camera_info", "stamp_backwards", "input_silent"})
            assertThat(statuses).extracting(s -> s.path("issues").path(counter).asLong()).as(counter).isSorted();
        assertThat(statuses).extracting(s -> s.path("frames_processed").asLong()).isSorted();
        assertThat(statuses).allSatisfy(s -> {
            assertThat(s.path("backend").isNull() || s.path("backend").asText().equals("cpu")).as("%s", s).isTrue();
            for (String never : new String[]{"malformed", "dropped", "duplicate_stamp", "size_mismatch",
                    "camera_info_changed", "processing_error"})
                assertThat(s.path("issues").path(never).asLong()).as("%s in %s", never, s).isZero();
        });
    }

    /** The counts of the bad input sent in the first run, in one status. */
    private static void assertIssues(JsonNode status, long invalidInfo, long noInfo, long stampBackwards) {
        JsonNode issues = status.path("issues");
        assertThat(new long[]{issues.path("invalid_camera_info").asLong(), issues.path("no_camera_info").asLong(),
                issues.path("stamp_backwards").asLong()})
                .as("invalid_camera_info, no_camera_info, stamp_backwards in %s", status)
                .containsExactly(invalidInfo, noInfo, stampBackwards);
    }

    private static long processed(JsonNode status) {
        return status.path("frames_processed").asLong();
    }

    /** How often an input was reported silent. */
    private static long silentReports(JsonNode status) {
        return status.path("issues").path("input_silent").asLong();
    }

    /** A line of the log holds {@code message} and is a warning. */
    private static void assertWarned(String log, String message) {
        assertThat(log.lines().filter(l -> l.contains(message))).as("the log's lines with '%s':\n%s", message, log)
                .isNotEmpty().allMatch(l -> l.contains(" WARN "));
    }

    private static void assertAtOrigin(ReceivedPose p) {
        assertThat(p.position()).as("position at %d", p.stampNs()).containsExactly(new double[]{0, 0, 0}, within(1e-9));
        assertThat(p.orientation()).as("orientation at %d", p.stampNs())
                .containsExactly(new double[]{0, 0, 0, 1}, within(1e-9));
    }

    /** Waits for the consumer's odometry of {@code stampNs}; on failure the node's log is in the message. */
    private static void awaitOdometry(PeerProcess consumer, long stampNs, NodeProcess node) {
        Predicate<String> odometry = line -> line.startsWith("odom ")
                && new PeerOutput(List.of(line)).odometry().get(0).stampNs() == stampNs;
        try {
            consumer.awaitLine(odometry, STEP);
        } catch (IllegalStateException e) {
            throw new AssertionError("no odometry of " + stampNs + ": " + e.getMessage() + "\nnode:\n" + node.log(), e);
        }
    }

    /** Waits for the first status that satisfies {@code until}; on failure the node's log is in the message. */
    private static JsonNode awaitStatus(PeerProcess consumer, Predicate<JsonNode> until, NodeProcess node) {
        Predicate<String> matches = line -> {
            ReceivedStatus s = PeerOutput.statusOf(line);
            return s != null && until.test(json(s.data()));
        };
        try {
            return json(PeerOutput.statusOf(consumer.awaitLine(matches, STEP)).data());
        } catch (IllegalStateException e) {
            throw new AssertionError("no such status: " + e.getMessage() + "\nnode:\n" + node.log(), e);
        }
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("status is not JSON: " + text, e);
        }
    }

    /** Recorded frame k's stamp, 10 Hz. */
    private static long stamp(int k) {
        return SequenceFrames.KITTI_FIRST_STAMP_NS + k * 100_000_000L;
    }

    private static List<Long> stamps(int from, int to, int offset) {
        List<Long> stamps = new ArrayList<>();
        for (int k = from; k < to; k++)
            stamps.add(stamp(offset + k));
        return stamps;
    }

    private static void add(CameraInput input, Sequence seq, int k, long stampNs) {
        GrayImage g = seq.left(k).packed();
        input.add(stampNs, g.width, g.height, g.width, "mono8", g.data, null);
    }

    private static CameraInfoFile withK(CameraInfoFile info, double[] k) {
        return new CameraInfoFile(info.width(), info.height(), info.distortionModel(), info.d(), k, info.r(), info.p());
    }
}
