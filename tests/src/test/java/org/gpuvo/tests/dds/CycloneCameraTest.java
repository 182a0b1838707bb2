package org.gpuvo.tests.dds;

import org.gpuvo.tests.dds.CameraInput.Frame;
import org.gpuvo.tests.dds.PeerOutput.Publication;
import org.gpuvo.tests.dds.PeerOutput.ReceivedCameraInfo;
import org.gpuvo.tests.dds.PeerOutput.ReceivedImage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Cyclone DDS peers against each other, before a gpuvo node joins them: what gpuvo_camera publishes arrives at
 * gpuvo_consumer as written (stamps, sizes, encodings, data checksums, camera infos), also when the frame is
 * malformed; the built-in DCPSPublication topic shows the camera's topics with ROS 2 type names; and the traces
 * show that every address used was a loopback one.
 */
class CycloneCameraTest {
    private static final Duration RUN = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void kittiFramesAndCameraInfoArriveAsPublished() {
        SequenceFrames kitti = SequenceFrames.kitti(dir.resolve("kitti"), 10);
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerOutput[] out = cameraToConsumer(peers, kitti.cameraArguments("camera/image_raw", null), 10,
                    "--images", "camera/image_raw", "--camera-info", "camera/camera_info");
            PeerOutput camera = out[0], consumer = out[1];

            List<Frame> sent = kitti.input().frames();
            assertThat(camera.published()).extracting(PeerOutput.Sent::stampNs)
                    .containsExactlyElementsOf(sent.stream().map(Frame::stampNs).toList());
            assertImagesAsSent(consumer.images(), sent, "camera/image_raw", "camera", false);
            assertThat(sent.get(0).leftBytes()).as("a KITTI frame, 1226×370 mono8").isEqualTo(1226 * 370);

            List<ReceivedCameraInfo> infos = consumer.cameraInfos();
            assertThat(infos).extracting(ReceivedCameraInfo::stampNs)
                    .containsExactlyElementsOf(sent.stream().map(Frame::stampNs).toList());
            for (ReceivedCameraInfo info : infos)
                assertInfoAsSent(info, kitti.info(), "camera/camera_info", "camera");
            // KITTI 06's calib.txt: fx = fy = 707.0912, cx = 601.8873, cy = 183.1104
            assertThat(infos.get(0).k()).containsExactly(707.0912, 0, 601.8873, 0, 707.0912, 183.1104, 0, 0, 1);

            assertThat(consumer.publications()).contains(
                    new Publication("rt/camera/image_raw", "sensor_msgs::msg::dds_::Image_"),
                    new Publication("rt/camera/camera_info", "sensor_msgs::msg::dds_::CameraInfo_"));
            peers.trace().assertLoopbackOnly(2);
        }
    }

    @Test
    void malformedFramesArriveAsSent() {
        Random random = new Random(5);
        CameraInput input = CameraInput.in(dir.resolve("malformed"));
        long t = 1_700_000_000_000_000_000L;
        input.add(t, 64, 48, 64, "mono8", bytes(random, 64 * 48), null);
        input.add(t + 1, 64, 48, 32, "mono8", bytes(random, 32 * 48), null);           // step smaller than width
        input.add(t + 2, 64, 48, 64, "gpuvo_unknown16", bytes(random, 64 * 48), null); // unknown encoding
        input.add(t + 3, 0, 0, 0, "mono8", null, null);                                // zero size, no data
        input.add(t + 4, 64, 48, 64, "mono8", bytes(random, 1000), null);              // shorter than height×step
        input.add(t + 5, 64, 48, 64, "", bytes(random, 64 * 48), null);                // empty encoding
        input.add(t + 6, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF_FFFFL, "mono8", bytes(random, 16), null); // huge claims
        input.add(t + 7, 64, 48, 64, "mono8", bytes(random, 64 * 48), null);
        Path list = input.writeList();
        int n = input.frames().size();
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerOutput[] out = cameraToConsumer(peers, List.of("--list", list.toString()), n,
                    "--images", "camera/image_raw");
            assertThat(out[0].published()).hasSize(n);
            assertImagesAsSent(out[1].images(), input.frames(), "camera/image_raw", "camera", false);
        }
    }

    @Test
    void eurocStereoPairsArriveWithOneStampAndTheirOwnCameraInfos() {
        SequenceFrames euroc = SequenceFrames.eurocStereo(dir.resolve("euroc"), 10);
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            List<String> args = new ArrayList<>(euroc.cameraArguments("left/image_raw", "right/image_raw"));
            args.addAll(List.of("--frame-id", "cam0", "--right-frame-id", "cam1", "--rate", "20"));
            PeerOutput[] out = cameraToConsumer(peers, args, 20, "--images", "left/image_raw", "--images",
                    "right/image_raw", "--camera-info", "left/camera_info", "--camera-info", "right/camera_info");
            PeerOutput consumer = out[1];
            List<Frame> sent = euroc.input().frames();

            List<ReceivedImage> images = consumer.images();
            assertImagesAsSent(images.stream().filter(i -> i.topic().equals("left/image_raw")).toList(), sent,
                    "left/image_raw", "cam0", false);
            assertImagesAsSent(images.stream().filter(i -> i.topic().equals("right/image_raw")).toList(), sent,
                    "right/image_raw", "cam1", true);
            assertThat(sent.get(0).leftBytes()).as("a EuRoC frame, 752×480 mono8").isEqualTo(752 * 480);

            List<ReceivedCameraInfo> infos = consumer.cameraInfos();
            assertThat(infos).hasSize(20);
            for (ReceivedCameraInfo info : infos) {
                boolean left = info.topic().equals("left/camera_info");
                assertInfoAsSent(info, left ? euroc.info() : euroc.rightInfo(), info.topic(), left ? "cam0" : "cam1");
            }
            // the rig as ROS describes it: right P[0][3] = -fx'·B, EuRoC's cameras are about 11 cm apart
            double baseline = -euroc.rightInfo().p()[3] / euroc.rightInfo().p()[0];
            assertThat(baseline).isBetween(0.10, 0.12);

            assertThat(consumer.publications()).contains(
                    new Publication("rt/left/image_raw", "sensor_msgs::msg::dds_::Image_"),
                    new Publication("rt/right/image_raw", "sensor_msgs::msg::dds_::Image_"),
                    new Publication("rt/left/camera_info", "sensor_msgs::msg::dds_::CameraInfo_"),
                    new Publication("rt/right/camera_info", "sensor_msgs::msg::dds_::CameraInfo_"));
            peers.trace().assertLoopbackOnly(2);
        }
    }

    /**
     * Starts the consumer with {@code consumerArgs}, waits until it is ready, runs the camera (reliable, waiting
     * for the consumer) until both exit; returns their outputs (camera, consumer).
     */
    private static PeerOutput[] cameraToConsumer(CyclonePeers peers, List<String> cameraArgs, int images,
                                                 String... consumerArgs) {
        List<String> c = new ArrayList<>(List.of(consumerArgs));
        c.addAll(List.of("--qos", "reliable", "--count", Integer.toString(images), "--timeout", "45",
                "--linger-ms", "300"));
        PeerProcess consumer = peers.consumer(c.toArray(String[]::new));
        consumer.awaitLine("ready"::equals, Duration.ofSeconds(20));
        List<String> a = new ArrayList<>(cameraArgs);
        a.addAll(List.of("--reliable", "--wait-subscribers", "1", "--wait-timeout", "20"));
        PeerProcess camera = peers.camera(a.toArray(String[]::new));
        assertThat(camera.waitFor(RUN)).as(camera.describe()).isZero();
        assertThat(consumer.waitFor(RUN)).as(consumer.describe()).isZero();
        return new PeerOutput[]{PeerOutput.of(camera), PeerOutput.of(consumer)};
    }

    private static void assertImagesAsSent(List<ReceivedImage> received, List<Frame> sent, String topic,
                                           String frameId, boolean right) {
        assertThat(received).as("images on " + topic).hasSameSizeAs(sent);
        for (int i = 0; i < sent.size(); i++) {
            Frame f = sent.get(i);
            ReceivedImage r = received.get(i);
            assertThat(r).as("frame %d on %s", i, topic).isEqualTo(new ReceivedImage(f.stampNs(), f.width(),
                    f.height(), f.step(), f.encoding(), right ? f.rightBytes() : f.leftBytes(), right ? f.rightCrc32() : f.leftCrc32(), frameId, 0,
                    topic, r.monotonicNs()));
        }
    }

    private static void assertInfoAsSent(ReceivedCameraInfo r, CameraInfoFile sent, String topic, String frameId) {
        assertThat(r.topic()).isEqualTo(topic);
        assertThat(r.frameId()).isEqualTo(frameId);
        assertThat(r.width()).isEqualTo(sent.width());
        assertThat(r.height()).isEqualTo(sent.height());
        assertThat(r.distortionModel()).isEqualTo(sent.distortionModel());
        assertThat(r.d()).containsExactly(sent.d());
        assertThat(r.k()).containsExactly(sent.k());
        assertThat(r.r()).containsExactly(sent.r());
        assertThat(r.p()).containsExactly(sent.p());
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }
}
