package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.image.ImageMessages;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.node.NodeHarness.FRAME_WAIT;
import static org.gpuvo.ros.node.VoNodeKittiTest.assertSamePose;

/**
 * Bad input and the other ways in: the node counts what it cannot use, goes on, and its good frames still come
 * out. Small rendered frames (320×240) keep these cheap.
 */
class VoNodeInputsTest {
    private static SyntheticSequence room;

    private NodeHarness harness;

    @BeforeAll
    static void render() {
        room = NodeHarness.smallRoom(8);
    }

    @AfterEach
    void close() {
        if (harness != null)
            harness.close();
    }

    /** A harness on the rendered room, not started, so that its configuration can be changed first. */
    private NodeHarness harness(VoMode mode) {
        harness = new NodeHarness(NodeHarness.cpu(mode), room);
        return harness;
    }

    /** A mono node with the given camera_info_wait, started, that has been sent frame 0's image but no camera_info. */
    private NodeHarness startedWithFirstImageOnly(double cameraInfoWaitSeconds) {
        NodeHarness h = harness(VoMode.MONO);
        h.config.cameraInfoWaitSeconds = cameraInfoWaitSeconds;
        h.start();
        h.feeder.publishImages(h.feeder.images(0));
        return h;
    }

    /**
     * A driver's first image may come before its first camera_info (they travel on different topics): the frame waits
     * for the calibration (camera_info_wait) instead of being left out; with no wait it is left out and counted.
     */
    @Test
    void aFirstImageJustBeforeItsCameraInfoWaitsForIt() throws Exception {
        NodeHarness h = startedWithFirstImageOnly(5);
        Thread.sleep(200);
        h.feeder.publishCameraInfo(0);
        Odometry first = h.odom.next(FRAME_WAIT);
        assertThat(first.header().stamp()).isEqualTo(h.feeder.stamp(0));
        h.feeder.publishFrame(1);
        assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(h.feeder.stamp(1));
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.NO_CAMERA_INFO)).isZero();
        assertThat(status.framesProcessed()).isEqualTo(2);
    }

    @Test
    void withoutAWaitAFirstImageBeforeItsCameraInfoIsLeftOut() throws Exception {
        NodeHarness h = startedWithFirstImageOnly(0);
        NodeStatus waiting = NodeWaits.until(h.node, s -> s.issue(NodeIssue.NO_CAMERA_INFO) == 1, 10);
        assertThat(waiting.framesProcessed()).isZero();
        h.feeder.publishFrame(1);
        assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(h.feeder.stamp(1));
    }

    @Test
    void invalidCameraInfosAreCountedAndTheLastGoodOneStays() throws Exception {
        NodeHarness h = harness(VoMode.MONO).start();
        SequenceFeeder feeder = h.feeder;
        CameraInfo good = feeder.cameraInfos(0)[0];
        CameraInfo zeros = withK(good, new double[9]);
        double[] nanK = good.k().clone();
        nanK[2] = Double.NaN;
        CameraInfo nan = withK(good, nanK);
        CameraInfo noSize = new CameraInfo(good.header(), 0, 0, good.distortionModel(), good.d(), good.k(), good.r(),
                good.p(), 0, 0, good.roi());
        RawPublisher info = feeder.firstInfoPublisher();
        for (CameraInfo bad : new CameraInfo[]{zeros, nan, noSize})
            info.publish(MessageCodecs.of(CameraInfo.class).encode(bad));
        feeder.publishImages(feeder.images(0));
        NodeStatus waiting = NodeWaits.until(h.node, s -> s.issue(NodeIssue.NO_CAMERA_INFO) == 1, 10);
        assertThat(waiting.issue(NodeIssue.INVALID_CAMERA_INFO)).isEqualTo(3);
        assertThat(waiting.calibrated()).isFalse();

        feeder.publishFrame(1);
        h.odom.next(FRAME_WAIT);
        // a bad one after the good one changes nothing: the good calibration stays, nothing starts over
        info.publish(MessageCodecs.of(CameraInfo.class).encode(nan));
        feeder.publishImages(feeder.images(2));
        assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(feeder.stamp(2));
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.INVALID_CAMERA_INFO)).isEqualTo(4);
        assertThat(status.issue(NodeIssue.CAMERA_INFO_CHANGED)).isZero();
        assertThat(status.restarts()).isZero();
        assertThat(status.framesProcessed()).isEqualTo(2);
    }

    @Test
    void aChangedCalibrationStartsTheOdometryOverWithIt() throws Exception {
        NodeHarness h = harness(VoMode.MONO).start();
        SequenceFeeder feeder = h.feeder;
        for (int i = 0; i < 3; i++) {
            feeder.publishFrame(i); // the same camera_info each time: nothing changes
            h.odom.next(FRAME_WAIT);
        }
        CameraInfo good = feeder.cameraInfos(3)[0];
        double[] k = good.k().clone();
        k[0] *= 1.01;
        feeder.firstInfoPublisher().publish(MessageCodecs.of(CameraInfo.class).encode(withK(good, k)));
        feeder.publishImages(feeder.images(3));
        assertSamePose(PoseMessages.se3(h.odom.next(FRAME_WAIT).pose().pose()), new Se3_F64(), 3);
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.CAMERA_INFO_CHANGED)).isEqualTo(1);
        assertThat(status.restarts()).isEqualTo(1);
        assertThat(status.issue(NodeIssue.INVALID_CAMERA_INFO)).isZero();
    }

    @Test
    void duplicateStampsAndWrongSizesAreLeftOut() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        // three frames go in at once below: a queue that holds them all, so that none is dropped before it is judged
        h.config.queueSize = 4;
        h.start();
        SequenceFeeder feeder = h.feeder;
        feeder.publishFrame(0);
        h.odom.next(FRAME_WAIT);
        feeder.publishImages(feeder.images(0)); // the same stamp again
        GrayImage small = GrayImage.create(160, 120);
        feeder.publishImages(ImageMessages.fromGray(small, feeder.header(1)));
        feeder.publishFrame(2);
        assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(feeder.stamp(2));
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.DUPLICATE_STAMP)).isEqualTo(1);
        assertThat(status.issue(NodeIssue.SIZE_MISMATCH)).isEqualTo(1);
        assertThat(status.framesProcessed()).isEqualTo(2);
        assertThat(status.restarts()).isZero();
        assertThat(h.odom.count()).isEqualTo(2);
    }

    @Test
    void tfPathAndDebugImageCanBeTurnedOff() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        h.config.publishTf = false;
        h.config.pathLength = 0;
        h.config.publishDebugImage = false;
        TopicRecorder<TFMessage> tf = TopicRecorder.of(h.transport, h.config.topics.tf, TFMessage.class);
        TopicRecorder<NavPath> path = TopicRecorder.of(h.transport, h.config.topics.path, NavPath.class);
        TopicRecorder<Image> debug = TopicRecorder.of(h.transport, h.config.topics.debugImage, Image.class);
        TopicRecorder<PoseStamped> pose = TopicRecorder.of(h.transport, h.config.topics.pose, PoseStamped.class);
        h.start();
        for (int i = 0; i < 2; i++)
            h.frame(i);
        assertThat(pose.count()).isEqualTo(2);
        assertThat(tf.count() + path.count() + debug.count()).isZero();
    }

    @Test
    void aPublisherThatGoesAwayIsReportedAndItsReturnTrackedAgain() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        ConfigVoNode config = h.config;
        config.statusPeriodSeconds = 0.05;
        config.inputTimeoutSeconds = 0.3;
        TopicRecorder<DiagnosticArray> diagnostics = TopicRecorder.of(h.transport, h.config.topics.diagnostics,
                DiagnosticArray.class);
        SequenceFeeder feeder = h.start().feeder;
        for (int i = 0; i < 3; i++) {
            feeder.publishFrame(i);
            h.odom.next(FRAME_WAIT);
        }
        feeder.firstImagePublisher().close(); // the camera driver goes away
        NodeStatus silent = NodeWaits.until(h.node, s -> s.issue(NodeIssue.INPUT_SILENT) == 1, 10);
        assertThat(silent.silentInputs()).containsExactly(h.config.topics.image);
        // the diagnostics published since say the odometry is not fresh
        NodeWaits.until(h.node, s -> diagnostics.all().stream().anyMatch(
                d -> d.status().get(0).level() == DiagnosticStatus.STALE), 10);

        SequenceFeeder back = new SequenceFeeder(h.transport, config, room); // it comes back
        for (int i = 3; i < 6; i++) {
            back.publishFrame(i);
            assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(back.stamp(i));
        }
        NodeStatus status = h.status();
        assertThat(status.silentInputs()).isEmpty();
        assertThat(status.framesProcessed()).isEqualTo(6);
        assertThat(status.issue(NodeIssue.INPUT_SILENT)).isEqualTo(1);
    }

    @Test
    void compressedPngFramesGiveThePosesOfTheRawFrames() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        ConfigVoNode config = h.config;
        config.imageTransport = ImageTransport.COMPRESSED;
        SequenceFeeder feeder = h.start().feeder;
        RawPublisher compressed = h.transport.advertise(h.config.topics.image + "/compressed", CompressedImage.TYPE,
                QosProfile.SENSOR_DATA);
        try (VisualOdometry pipeline = FactoryVisualOdometry.create(h.config.vo, room.camera(), null)) {
            for (int i = 0; i < 5; i++) {
                feeder.publishCameraInfo(i);
                compressed.publish(MessageCodecs.of(CompressedImage.class).encode(new CompressedImage(
                        feeder.header(i), "mono8; png compressed ", png(room.left(i)))));
                if (i == 2) // a compressed image that is neither JPEG nor PNG
                    compressed.publish(MessageCodecs.of(CompressedImage.class).encode(new CompressedImage(
                            feeder.header(i), "jpeg", new byte[]{1, 2, 3, 4})));
                Odometry o = h.odom.next(FRAME_WAIT);
                assertSamePose(PoseMessages.se3(o.pose().pose()),
                        pipeline.process(room.timestamp(i), room.left(i), null, null).cameraToWorld, i);
            }
        }
        NodeStatus status = NodeWaits.until(h.node, s -> s.issue(NodeIssue.MALFORMED) == 1, 10);
        assertThat(status.framesProcessed()).isEqualTo(5);
    }

    @Test
    void stereoImagesWithoutAPartnerOfTheSameStampAreCountedUnpaired() throws Exception {
        NodeHarness h = harness(VoMode.STEREO).start();
        SequenceFeeder feeder = h.feeder;
        feeder.publishCameraInfo(0);
        Image[] first = feeder.images(0);
        feeder.publishImages(first[0]); // a left image whose right one is lost
        Image[] second = feeder.images(1);
        Image late = second[1];
        // a right image 1 ms off its left one: exact pairing refuses it
        feeder.publishSecondImage(new Image(new Header(Time.ofNanos(feeder.stamp(1).toNanos() + 1_000_000), "right"),
                late.height(), late.width(), late.encoding(), late.bigEndian(), late.step(), late.data()));
        feeder.publishImages(second[0]);
        for (int i = 2; i < 4; i++) {
            feeder.publishFrame(i);
            assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(feeder.stamp(i));
        }
        NodeStatus status = h.status();
        assertThat(status.framesProcessed()).isEqualTo(2);
        // the lone left of frame 0, and frame 1's left and off right once frame 2 paired
        assertThat(status.issue(NodeIssue.UNPAIRED)).isEqualTo(3);
        assertThat(h.odom.count()).isEqualTo(2);
    }

    @Test
    void theDebugImageIsPublishedOnlyWhileSomeoneSubscribes() throws Exception {
        NodeHarness h = harness(VoMode.MONO).start();
        SequenceFeeder feeder = h.feeder;
        for (int i = 0; i < 2; i++) {
            feeder.publishFrame(i);
            h.odom.next(FRAME_WAIT);
        }
        TopicRecorder<Image> debug = TopicRecorder.of(h.transport, h.config.topics.debugImage, Image.class);
        for (int i = 2; i < 5; i++) {
            feeder.publishFrame(i);
            h.odom.next(FRAME_WAIT);
            Image image = debug.next(FRAME_WAIT);
            assertThat(image.header().stamp()).isEqualTo(feeder.stamp(i));
            assertThat(image.header().frameId()).isEqualTo(SequenceFeeder.CAMERA_FRAME);
            assertThat(image.encoding()).isEqualTo("mono8");
            assertThat(image.width()).isEqualTo(320);
            assertThat(image.height()).isEqualTo(240);
            GrayImage original = room.left(i).packed();
            int drawn = 0, dimmed = 0;
            for (int k = 0; k < image.data().length; k++) {
                int v = image.data()[k] & 0xFF;
                if (v == 255)
                    drawn++;
                else if (v == (original.data[k] & 0xFF) >> 1)
                    dimmed++;
            }
            assertThat(drawn + dimmed).isEqualTo(320 * 240);
            if (i == 2)
                assertThat(drawn).as("the first frame watched has no previous frame to match").isZero();
            else
                assertThat(drawn).as("matches drawn on frame %d", i).isGreaterThan(500);
        }
        assertThat(debug.count()).isEqualTo(3);
    }

    @Test
    void statusAndDiagnosticsComeOnTheTimerStampedByTheClockUnderSimTime() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        ConfigVoNode config = h.config;
        config.useSimTime = true;
        config.statusPeriodSeconds = 0.05;
        TopicRecorder<StringMessage> status = TopicRecorder.of(h.transport, h.config.topics.status, StringMessage.class);
        TopicRecorder<DiagnosticArray> diagnostics = TopicRecorder.of(h.transport, h.config.topics.diagnostics,
                DiagnosticArray.class);
        h.start();
        RawPublisher clock = h.transport.advertise(h.config.topics.clock, Clock.TYPE, QosProfile.SENSOR_DATA);
        clock.publish(MessageCodecs.of(Clock.class).encode(new Clock(new Time(42, 500_000_000))));
        NodeWaits.until(h.node, s -> diagnostics.all().stream().anyMatch(
                d -> d.header().stamp().equals(new Time(42, 500_000_000))), 10);
        DiagnosticArray last = diagnostics.all().get(diagnostics.count() - 1);
        assertThat(last.status().get(0).level()).isEqualTo(DiagnosticStatus.WARN);
        assertThat(last.status().get(0).message()).isEqualTo("waiting for camera_info");
        NodeWaits.until(h.node, s -> status.all().stream().anyMatch(m -> m.data().contains("\"stamp\":42.5")), 10);
        assertThat(status.all().get(status.count() - 1).data()).contains("\"tracking\":\"waiting\"",
                "\"calibrated\":false");
    }

    @Test
    void theNodeSurvivesRandomBytesOnEveryInput() throws Exception {
        NodeHarness h = harness(VoMode.MONO);
        ConfigVoNode config = h.config;
        config.useSimTime = true;
        // images that survive the damage come before any camera_info: left out at once, not kept waiting for frame
        // 1's calibration (which would then pose them)
        config.cameraInfoWaitSeconds = 0;
        SequenceFeeder feeder = h.start().feeder;
        RawPublisher[] inputs = {feeder.firstImagePublisher(), feeder.firstInfoPublisher(),
                h.transport.advertise(h.config.topics.reset, EmptyMessage.TYPE, QosProfile.RELIABLE),
                h.transport.advertise(h.config.topics.tfStatic, TFMessage.TYPE, QosProfile.TRANSIENT_LOCAL),
                h.transport.advertise(h.config.topics.clock, Clock.TYPE, QosProfile.RELIABLE)};
        Random random = new Random(11);
        byte[] goodImage = MessageCodecs.of(Image.class).encode(feeder.images(0)[0]);
        for (int trial = 0; trial < 400; trial++) {
            byte[] junk;
            if (random.nextBoolean()) {
                junk = new byte[random.nextInt(64)];
                random.nextBytes(junk);
            } else { // a real frame with a few bytes changed: lengths that lie, headers that are wrong
                junk = goodImage.clone();
                for (int k = 0; k < 3; k++)
                    junk[random.nextInt(Math.min(junk.length, 80))] = (byte) random.nextInt(256);
            }
            inputs[random.nextInt(inputs.length)].publish(junk);
        }
        // still alive: a good frame after all that is processed
        feeder.publishFrame(1);
        assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(feeder.stamp(1));
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.MALFORMED)).isGreaterThan(100);
        assertThat(status.issue(NodeIssue.PROCESSING_ERROR)).isZero();
    }

    private static CameraInfo withK(CameraInfo info, double[] k) {
        return new CameraInfo(info.header(), info.height(), info.width(), info.distortionModel(), info.d(), k,
                info.r(), info.p(), info.binningX(), info.binningY(), info.roi());
    }

    private static byte[] png(GrayImage image) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(ImageFiles.toBufferedImage(image), "png", out);
        return out.toByteArray();
    }
}
