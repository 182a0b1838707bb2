package org.gpuvo.tests.dds;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.EurocSequence;
import org.gpuvo.odometry.dataset.KittiSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.camera.CameraInfoMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.tests.dds.PeerOutput.Publication;
import org.gpuvo.tests.dds.PeerOutput.ReceivedPose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpuvo's node (Fast DDS, through IHMC's library) between a camera and a consumer of Eclipse Cyclone DDS (C programs
 * compiled from ROS-style IDL): the ROS 2 wire protocol between two middlewares, on loopback only. The node runs in
 * its own JVM with this JVM's classpath, started as {@code ros2 launch} would start it.
 */
class NodeInteropTest {
    private static final Duration STEP = Duration.ofSeconds(60);
    /**
     * The camera writes frame 0's camera_info this long before its image (gpuvo_camera --info-lead-ms), as a driver
     * whose calibration is out before it streams: the node takes the two topics on separate readers, in no order,
     * and under load took frame 0 before its calibration once in CI (and rightly left it out).
     */
    private static final String INFO_LEAD_MS = "500";

    @TempDir
    Path dir;

    /**
     * The 51 KITTI frames and their camera info at 10 Hz; every frame yields exactly one odometry and one transform
     * with its stamp, the poses equal those of {@code gpuvo run --deterministic} on the folder (same seed; the node
     * maps deterministically too), the node's writers carry ROS 2 type names, and every address used is a loopback
     * one.
     */
    @Test
    void kittiFromACycloneCameraComesBackAsOdometryToACycloneConsumer() throws Exception {
        int frames = 51;
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), frames);
        List<Long> stamps = kitti.input().frames().stream().map(CameraInput.Frame::stampNs).toList();
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess camera;
            PeerProcess consumer = peers.consumer("--count", Integer.toString(frames), "--timeout", "150",
                    "--linger-ms", "500");
            consumer.awaitLine("ready"::equals, STEP);
            // a queue as long as the sequence: this test is about the wire, not about keeping up
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "__node:=vo",
                    "-r", "image:=/camera/image_raw", "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono",
                    "-p", "backend:=cpu", "-p", "deterministic:=true",
                    "-p", "queue_size:=" + frames, "-p", "publish_debug_image:=false")) {
                List<String> cameraArgs = new ArrayList<>(kitti.cameraArguments("camera/image_raw", null));
                cameraArgs.addAll(List.of("--rate", "10", "--reliable", "--wait-subscribers", "1", "--wait-timeout", "60",
                        "--info-lead-ms", INFO_LEAD_MS));
                camera = peers.camera(cameraArgs.toArray(String[]::new));
                assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                assertThat(consumer.waitFor(Duration.ofSeconds(120))).as("%s\nnode:\n%s", consumer.describe(),
                        node.log()).isZero();
                assertThat(node.log()).contains("/vo started: mono").doesNotContain("Exception");
            }
            PeerOutput out = PeerOutput.of(consumer);
            List<ReceivedPose> odometry = out.odometry();
            assertThat(odometry).extracting(ReceivedPose::stampNs).containsExactlyElementsOf(stamps);
            assertThat(out.transforms()).filteredOn(t -> t.childFrameId().equals("base_link"))
                    .extracting(ReceivedPose::stampNs).containsExactlyElementsOf(stamps);

            SequenceRun reference = reference();
            assertThat(reference.frames()).hasSize(frames);
            for (int i = 0; i < frames; i++) {
                ReceivedPose p = odometry.get(i);
                Se3_F64 expected = reference.frames().get(i).cameraToWorld;
                assertThat(p.frameId()).isEqualTo("odom");
                assertThat(p.childFrameId()).isEqualTo("base_link");
                assertThat(distance(p, expected)).as("frame %d", i).isLessThan(1e-9);
            }
            assertThat(out.publications()).contains(
                    new Publication("rt/odom", "nav_msgs::msg::dds_::Odometry_"),
                    new Publication("rt/tf", "tf2_msgs::msg::dds_::TFMessage_"),
                    new Publication("rt/status", "std_msgs::msg::dds_::String_"),
                    new Publication("rt/diagnostics", "diagnostic_msgs::msg::dds_::DiagnosticArray_"));
            System.out.println("KITTI 51 frames at 10 Hz, reliable, Cyclone camera -> gpuvo node (CPU) -> Cyclone "
                    + "consumer: " + LatencySummary.imageToOdometry(PeerOutput.of(camera), out));
            peers.trace().assertLoopbackOnly(2);
        }
    }

    /**
     * EuRoC's raw stereo pairs (distorted, the rig in camera_info's R and P) the same way: one odometry per pair,
     * equal to the pipeline's on the rig the camera infos describe (both mapping deterministically).
     */
    @Test
    void eurocStereoPairsFromACycloneCamera() throws Exception {
        int frames = 30;
        SequenceFrames euroc = SequenceFrames.eurocStereo(dir.resolve("euroc"), frames);
        List<Long> stamps = euroc.input().frames().stream().map(CameraInput.Frame::stampNs).toList();
        PeerOutput out;
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess consumer = peers.consumer("--count", Integer.toString(frames), "--timeout", "150",
                    "--linger-ms", "500");
            consumer.awaitLine("ready"::equals, STEP);
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "left/image_rect:=/left/image_raw",
                    "-r", "right/image_rect:=/right/image_raw", "-p", "mode:=stereo", "-p", "rectified:=false",
                    "-p", "backend:=cpu", "-p", "deterministic:=true", "-p", "queue_size:=" + frames,
                    "-p", "publish_debug_image:=false")) {
                List<String> args = new ArrayList<>(euroc.cameraArguments("left/image_raw", "right/image_raw"));
                args.addAll(List.of("--rate", "10", "--reliable", "--wait-subscribers", "1", "--wait-timeout", "60",
                        "--info-lead-ms", INFO_LEAD_MS));
                PeerProcess camera = peers.camera(args.toArray(String[]::new));
                assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                assertThat(consumer.waitFor(Duration.ofSeconds(120))).as("%s\nnode:\n%s", consumer.describe(),
                        node.log()).isZero();
            }
            out = PeerOutput.of(consumer);
            peers.trace().assertLoopbackOnly(2);
        }
        List<ReceivedPose> odometry = out.odometry();
        assertThat(odometry).extracting(ReceivedPose::stampNs).containsExactlyElementsOf(stamps);

        Sequence recorded = EurocSequence.open(SharedData.require("euroc-v101-micro"));
        CameraInfo[] infos = CameraInfoMessages.of(recorded.stereo().orElseThrow(), HEADER, HEADER);
        StereoCalibration rig = CameraInfoMessages.stereo(infos[0], infos[1], false);
        Sequence stamped = new Sequence() {
            public String name() { return recorded.name(); }
            public int size() { return frames; }
            public double timestamp(int i) { return stamps.get(i) / 1e9; }
            public CameraModel camera() { return rig.left; }
            public GrayImage left(int i) { return recorded.left(i); }
            public GrayImage right(int i) { return recorded.right(i); }
            public Optional<StereoCalibration> stereo() { return Optional.of(rig); }
        };
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.STEREO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        SequenceRun reference = SequenceOdometry.run(stamped, config, null);
        for (int i = 0; i < frames; i++)
            assertThat(distance(odometry.get(i), reference.frames().get(i).cameraToWorld)).as("pair %d", i).isLessThan(1e-9);
    }

    private static final Header HEADER = new Header(new Time(0, 0), "");

    private static double distance(ReceivedPose p, Se3_F64 expected) {
        return Math.abs(p.position()[0] - expected.T.x) + Math.abs(p.position()[1] - expected.T.y)
                + Math.abs(p.position()[2] - expected.T.z);
    }

    /**
     * Malformed frames between good ones (step smaller than the width, an unknown encoding, zero size, data shorter
     * than height × step), sent over the wire as they are: the node answers the good frames only and stays up.
     */
    @Test
    void malformedFramesAreSkippedAndTheNodeGoesOn() throws Exception {
        Sequence kitti = KittiSequence.open(SharedData.require("kitti-06-0050"));
        CameraInput input = CameraInput.in(dir.resolve("mixed"));
        List<Long> good = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            GrayImage g = kitti.left(i).packed();
            long stamp = SequenceFrames.KITTI_FIRST_STAMP_NS + i * 100_000_000L;
            input.add(stamp, g.width, g.height, g.width, "mono8", g.data, null);
            good.add(stamp);
            long bad = stamp + 50_000_000L;
            switch (i % 4) {
                case 0 -> input.add(bad, g.width, g.height, g.width - 1, "mono8", g.data, null);
                case 1 -> input.add(bad, g.width, g.height, g.width, "yuv422_yuy2", g.data, null);
                case 2 -> input.add(bad, 0, 0, 0, "mono8", new byte[0], null);
                default -> input.add(bad, g.width, g.height, g.width, "mono8", new byte[g.width * 10], null);
            }
        }
        Path list = input.writeList();
        Path info = CameraInfoFile.mono(kitti.camera()).write(dir.resolve("mixed-info.txt"));
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess consumer = peers.consumer("--count", Integer.toString(good.size()), "--timeout", "90",
                    "--linger-ms", "500");
            consumer.awaitLine("ready"::equals, STEP);
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "image:=/camera/image_raw",
                    "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono", "-p", "backend:=cpu",
                    "-p", "queue_size:=20", "-p", "publish_debug_image:=false")) {
                PeerProcess camera = peers.camera("--list", list.toString(), "--image-topic", "camera/image_raw",
                        "--info", info.toString(), "--rate", "10", "--reliable", "--wait-subscribers", "1",
                        "--wait-timeout", "60", "--info-lead-ms", INFO_LEAD_MS);
                assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                assertThat(consumer.waitFor(Duration.ofSeconds(60))).as("%s\nnode:\n%s", consumer.describe(),
                        node.log()).isZero();
                assertThat(node.isAlive()).isTrue();
                assertThat(node.log()).doesNotContain("Exception");
            }
            assertThat(PeerOutput.of(consumer).odometry()).extracting(ReceivedPose::stampNs)
                    .containsExactlyElementsOf(good);
        }
    }

    /**
     * Latency from the camera's image write to the consumer's receipt of its odometry, CPU backend, images best
     * effort and the node's defaults (a queue of 2: frames the pipeline cannot keep up with are dropped, oldest
     * first), at 10 and 30 Hz. Prints the figures; asserts only that what arrives is the frames' own odometry, in order.
     */
    @Test
    void latencyAt10And30Hz() throws Exception {
        int frames = 51;
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), frames);
        List<Long> stamps = kitti.input().frames().stream().map(CameraInput.Frame::stampNs).toList();
        for (double rate : new double[]{10, 30}) {
            try (CyclonePeers peers = CyclonePeers.start(dir.resolve("at" + (int) rate))) {
                PeerProcess consumer = peers.consumer("--count", Integer.toString(frames), "--timeout",
                        Double.toString(20 + frames / rate), "--linger-ms", "500");
                consumer.awaitLine("ready"::equals, STEP);
                PeerProcess camera;
                try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "image:=/camera/image_raw",
                        "-r", "camera_info:=/camera/camera_info", "-p", "mode:=mono", "-p", "backend:=cpu",
                        "-p", "publish_debug_image:=false")) {
                    List<String> args = new ArrayList<>(kitti.cameraArguments("camera/image_raw", null));
                    args.addAll(List.of("--rate", Double.toString(rate), "--wait-subscribers", "1", "--wait-timeout", "60"));
                    camera = peers.camera(args.toArray(String[]::new));
                    assertThat(camera.waitFor(STEP)).as("%s\nnode:\n%s", camera.describe(), node.log()).isZero();
                    consumer.waitOrStop(Duration.ofSeconds(5));
                }
                PeerOutput out = PeerOutput.of(consumer);
                List<Long> received = out.odometry().stream().map(ReceivedPose::stampNs).toList();
                assertThat(received).isNotEmpty().isSorted().doesNotHaveDuplicates();
                assertThat(stamps).containsAll(received);
                System.out.printf("KITTI %d frames at %.0f Hz, best effort, queue 2, CPU backend: %s%n", frames, rate,
                        LatencySummary.imageToOdometry(PeerOutput.of(camera), out));
            }
        }
    }

    /**
     * What {@code gpuvo run --deterministic} computes on the folder (CPU backend, the default seed): the
     * reference the node's poses must equal. The node's stamps are the dataset's times plus 1e9 s; the pipeline does
     * not depend on that offset, which this comparison also shows.
     */
    private static SequenceRun reference() {
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.MONO);
        config.backend = Backend.CPU;
        config.deterministic = true;
        return SequenceOdometry.run(KittiSequence.open(SharedData.require("kitti-06-0050")), config, null);
    }
}
