package org.gpuvo.ros.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.output.OdometryMessages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node on KITTI 06 frames 0–50 (monocular, CPU backend) over the in-memory transport: fed one frame at a time,
 * waiting for each odometry so that nothing is dropped, it must give exactly what {@link SequenceOdometry} gives on
 * the folder with the same configuration.
 */
class VoNodeKittiTest {
    /** Seconds to wait for one frame's odometry (a CPU frame takes well under one on this data). */
    static final double FRAME_WAIT = 60;

    private static Sequence kitti;
    private static SequenceRun reference;

    private final InMemoryTransport transport = new InMemoryTransport();
    private VoNode node;

    static ConfigVoNode config() {
        ConfigVoNode config = new ConfigVoNode(VoMode.MONO);
        config.vo.backend = Backend.CPU;
        config.statusPeriodSeconds = 3600; // the tests publish the status themselves
        return config;
    }

    @BeforeAll
    static void runTheFolder() {
        kitti = Datasets.open(SharedData.require("kitti-06-0050"));
        long start = System.nanoTime();
        reference = SequenceOdometry.run(kitti, config().vo, null);
        System.out.printf("SequenceOdometry on %d KITTI frames (cpu): %.1f s%n", kitti.size(),
                (System.nanoTime() - start) / 1e9);
    }

    @AfterEach
    void close() {
        if (node != null)
            node.close();
        assertThat(transport.callbackFailures()).isZero();
        transport.close();
    }

    @Test
    void oneOdometryPerFrameWithItsStampAndThePosesOfSequenceOdometry() throws Exception {
        ConfigVoNode config = config();
        config.pathLength = 20;
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        TopicRecorder<TFMessage> tf = TopicRecorder.of(transport, config.topics.tf, TFMessage.class);
        TopicRecorder<PoseStamped> pose = TopicRecorder.of(transport, config.topics.pose, PoseStamped.class);
        TopicRecorder<NavPath> path = TopicRecorder.of(transport, config.topics.path, NavPath.class);
        TopicRecorder<Int32Message> matches = TopicRecorder.of(transport, config.topics.matches, Int32Message.class);
        TopicRecorder<Int32Message> inliers = TopicRecorder.of(transport, config.topics.inliers, Int32Message.class);
        TopicRecorder<StringMessage> status = TopicRecorder.of(transport, config.topics.status, StringMessage.class);
        TopicRecorder<DiagnosticArray> diagnostics = TopicRecorder.of(transport, config.topics.diagnostics,
                DiagnosticArray.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);

        long start = System.nanoTime();
        for (int i = 0; i < kitti.size(); i++) {
            feeder.publishFrame(i);
            Odometry o = odom.next(FRAME_WAIT);
            assertThat(o.header().stamp()).as("frame %d", i).isEqualTo(feeder.stamp(i));
            assertSamePose(PoseMessages.se3(o.pose().pose()), reference.frames().get(i).cameraToWorld, i);
            assertThat(o.header().frameId()).isEqualTo("odom");
            assertThat(o.childFrameId()).isEqualTo("base_link");
            double variance = OdometryMessages.POSITION_VARIANCE
                    * (reference.frames().get(i).tracked() ? 1 : OdometryMessages.LOST_INFLATION);
            assertThat(o.pose().covariance()[0]).as("frame %d", i).isEqualTo(variance);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        node.publishStatus();
        JsonNode json = new ObjectMapper().readTree(status.next(5).data());
        DiagnosticArray diagnostic = diagnostics.next(5);
        node.close(); // joins the processing thread: every output of the last frame is out
        node = null;
        System.out.printf("node on %d KITTI frames, one at a time (cpu): %.1f s; status %s%n", kitti.size(), seconds,
                json);

        assertThat(odom.count()).isEqualTo(51);
        assertThat(tf.count()).isEqualTo(51);
        assertThat(pose.count()).isEqualTo(51);
        for (int i = 0; i < 51; i++) {
            TransformStamped t = tf.all().get(i).transforms().get(0);
            assertThat(tf.all().get(i).transforms()).hasSize(1);
            assertThat(t.header().stamp()).isEqualTo(feeder.stamp(i));
            assertThat(t.header().frameId()).isEqualTo("odom");
            assertThat(t.childFrameId()).isEqualTo("base_link");
            assertSamePose(PoseMessages.se3(t.transform()), reference.frames().get(i).cameraToWorld, i);
            assertThat(pose.all().get(i).header().stamp()).isEqualTo(feeder.stamp(i));
            assertSamePose(PoseMessages.se3(pose.all().get(i).pose()), reference.frames().get(i).cameraToWorld, i);
            assertThat(matches.all().get(i).data()).isEqualTo(reference.frames().get(i).matches);
            assertThat(inliers.all().get(i).data()).isEqualTo(reference.frames().get(i).inliers);
        }
        // the path is bounded: the last 20 poses, the newest last
        NavPath last = path.all().get(path.count() - 1);
        assertThat(path.count()).isEqualTo(51);
        assertThat(path.all().get(4).poses()).hasSize(5);
        assertThat(last.poses()).hasSize(20);
        assertThat(last.header().stamp()).isEqualTo(feeder.stamp(50));
        assertThat(last.poses().get(0).header().stamp()).isEqualTo(feeder.stamp(31));
        assertThat(last.poses().get(19)).usingRecursiveComparison().isEqualTo(pose.all().get(50));

        assertThat(json.path("frames_processed").asInt()).isEqualTo(51);
        assertThat(json.path("lost").asInt()).isEqualTo(reference.framesLost());
        assertThat(json.path("dropped").asInt()).isZero();
        assertThat(json.path("malformed").asInt()).isZero();
        assertThat(json.path("tracking").asText()).isEqualTo(
                reference.frames().get(50).state.name().toLowerCase(java.util.Locale.ROOT));
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        assertThat(json.path("mounting").asText()).isEqualTo("unknown");
        assertThat(json.path("timing_ms").path("front_end").asDouble()).isPositive();
        assertThat(json.path("timing_ms").path("latency").asDouble())
                .isGreaterThanOrEqualTo(json.path("timing_ms").path("total").asDouble() * 0.5);
        assertThat(diagnostic.status()).hasSize(1);
        assertThat(diagnostic.status().get(0).name()).isEqualTo("gpuvo: visual odometry");
        assertThat(diagnostic.status().get(0).hardwareId()).isEqualTo("cpu");
    }

    @Test
    void theMountingFromTfStaticTurnsTheCameraMotionIntoTheBaseMotion() throws Exception {
        // a static broadcaster that was there before the node: base_link → camera_link → camera (optical axes)
        Se3_F64 linkInBase = new Se3_F64();
        linkInBase.T.setTo(0.2, 0.05, 1.1);
        georegression.geometry.ConvertRotation3D_F64.eulerToMatrix(georegression.struct.EulerType.ZYX,
                Math.toRadians(10), Math.toRadians(-3), 0, linkInBase.R);
        // the optical frame: z forward (link x), x right (link -y), y down (link -z)
        Se3_F64 opticalInLink = new Se3_F64();
        opticalInLink.R.setData(new double[]{0, 0, 1, -1, 0, 0, 0, -1, 0});
        TFMessage tfStatic = new TFMessage(List.of(
                new TransformStamped(new Header(new Time(0, 0), "base_link"), "camera_link",
                        PoseMessages.transform(linkInBase)),
                new TransformStamped(new Header(new Time(0, 0), "camera_link"), SequenceFeeder.CAMERA_FRAME,
                        PoseMessages.transform(opticalInLink))));
        RawPublisher broadcaster = transport.advertise("/tf_static", TFMessage.TYPE, QosProfile.TRANSIENT_LOCAL);
        broadcaster.publish(MessageCodecs.of(TFMessage.class).encode(tfStatic));

        ConfigVoNode config = config();
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        Se3_F64 mounting = opticalInLink.concat(linkInBase, null); // camera → base
        for (int i = 0; i < 6; i++) {
            feeder.publishFrame(i);
            Se3_F64 camera = referenceFrames().get(i).cameraToWorld;
            Se3_F64 expected = mounting.invert(null).concat(camera, null).concat(mounting, null);
            Se3_F64 actual = PoseMessages.se3(odom.next(FRAME_WAIT).pose().pose());
            assertSamePose(actual, expected, i);
            if (i == 5) {
                // KITTI's camera drives forward along its z: the base moves along its x (rotated by the mounting)
                assertThat(camera.T.z).isGreaterThan(2 * Math.abs(camera.T.x));
                assertThat(actual.T.x).isGreaterThan(2 * Math.abs(actual.T.z));
            }
        }
        assertThat(node.status().mounting()).isEqualTo("tf_static");
    }

    @Test
    void malformedFramesInterleavedAreCountedAndTheGoodOnesStillTracked() throws Exception {
        ConfigVoNode config = config();
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        int frames = 12, bad = 0;
        for (int i = 0; i < frames; i++) {
            for (BadImages.Bad b : BadImages.of(feeder.images(i)[0]).subList(i % 7, i % 7 + 1)) {
                feeder.publishRawImageBytes(b.cdr());
                bad++;
            }
            feeder.publishFrame(i);
            Odometry o = odom.next(FRAME_WAIT);
            assertThat(o.header().stamp()).isEqualTo(feeder.stamp(i));
            assertSamePose(PoseMessages.se3(o.pose().pose()), referenceFrames().get(i).cameraToWorld, i);
        }
        NodeStatus status = node.status();
        assertThat(bad).isEqualTo(frames);
        assertThat(status.issue(NodeIssue.MALFORMED)).isEqualTo(bad);
        assertThat(status.framesProcessed()).isEqualTo(frames);
        assertThat(status.tracking()).isEqualTo(referenceFrames().get(frames - 1).state);
        assertThat(referenceFrames().subList(0, frames).stream().filter(FrameResult::tracked).count())
                .isGreaterThanOrEqualTo(frames - 3);
        assertThat(odom.comes(0.2)).isFalse();
    }

    @Test
    void aFloodFasterThanProcessingKeepsTheQueueBoundedAndCountsTheDrops() throws Exception {
        ConfigVoNode config = config();
        config.queueSize = 2;
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        int frames = 24;
        byte[][] encoded = new byte[frames][];
        for (int i = 0; i < frames; i++)
            encoded[i] = MessageCodecs.of(Image.class).encode(feeder.images(i)[0]);
        feeder.publishCameraInfo(0);
        long start = System.nanoTime();
        for (byte[] frame : encoded)
            feeder.publishRawImageBytes(frame);
        double floodMillis = (System.nanoTime() - start) / 1e6;
        NodeStatus status = NodeWaits.until(node,
                s -> s.framesProcessed() + s.issue(NodeIssue.DROPPED) == frames, 120);
        System.out.printf("flood of %d frames in %.1f ms: %d processed, %d dropped%n", frames, floodMillis,
                status.framesProcessed(), status.issue(NodeIssue.DROPPED));
        assertThat(status.issue(NodeIssue.DROPPED)).isGreaterThan(0);
        assertThat(status.queueHighWater()).isLessThanOrEqualTo(2);
        NodeWaits.until(node, s -> odom.count() == s.framesProcessed(), 5);
        List<Odometry> got = odom.all();
        // the newest frame is never the one dropped; stamps stay in order
        assertThat(got.get(got.size() - 1).header().stamp()).isEqualTo(feeder.stamp(frames - 1));
        for (int k = 1; k < got.size(); k++)
            assertThat(got.get(k).header().stamp().toNanos()).isGreaterThan(got.get(k - 1).header().stamp().toNanos());
    }

    @Test
    void stampsGoingBackwardsStartTheOdometryOverAsABagLoopNeeds() throws Exception {
        ConfigVoNode config = config();
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        TopicRecorder<NavPath> path = TopicRecorder.of(transport, config.topics.path, NavPath.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        for (int loop = 0; loop < 2; loop++)
            for (int i = 0; i < 5; i++) {
                feeder.publishFrame(i);
                Odometry o = odom.next(FRAME_WAIT);
                assertThat(o.header().stamp()).isEqualTo(feeder.stamp(i));
                // the second loop is a fresh start: the very poses of the first
                assertSamePose(PoseMessages.se3(o.pose().pose()), referenceFrames().get(i).cameraToWorld, i);
            }
        NodeStatus status = node.status();
        assertThat(status.issue(NodeIssue.STAMP_BACKWARDS)).isEqualTo(1);
        assertThat(status.restarts()).isEqualTo(1);
        assertThat(status.framesProcessed()).isEqualTo(10);
        node.close();
        node = null;
        // the path was cleared at the loop: the 6th path holds one pose
        assertThat(path.all().get(4).poses()).hasSize(5);
        assertThat(path.all().get(5).poses()).hasSize(1);
    }

    @Test
    void aResetMessageStartsTheOdometryOverAtTheNextFrame() throws Exception {
        ConfigVoNode config = config();
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        for (int i = 0; i < 4; i++) {
            feeder.publishFrame(i);
            odom.next(FRAME_WAIT);
        }
        RawPublisher reset = transport.advertise(config.topics.reset, EmptyMessage.TYPE, QosProfile.RELIABLE);
        reset.publish(MessageCodecs.of(EmptyMessage.class).encode(new EmptyMessage()));
        // after the reset the pipeline sees frames 4.. as a new sequence
        try (VisualOdometry fresh = FactoryVisualOdometry.create(config.vo, kitti.camera(), null)) {
            for (int i = 4; i < 8; i++) {
                feeder.publishFrame(i);
                Odometry o = odom.next(FRAME_WAIT);
                FrameResult expected = fresh.process(kitti.timestamp(i), kitti.left(i), null, null);
                assertSamePose(PoseMessages.se3(o.pose().pose()), expected.cameraToWorld, i);
                if (i == 4)
                    assertSamePose(PoseMessages.se3(o.pose().pose()), new Se3_F64(), i);
            }
        }
        NodeStatus status = node.status();
        assertThat(status.resets()).isEqualTo(1);
        assertThat(status.restarts()).isEqualTo(1);
    }

    @Test
    void imagesBeforeAnyCameraInfoAreCountedAndLeftOut() throws Exception {
        ConfigVoNode config = config();
        TopicRecorder<Odometry> odom = TopicRecorder.of(transport, config.topics.odom, Odometry.class);
        node = VoNode.start(config, transport);
        SequenceFeeder feeder = new SequenceFeeder(transport, config, kitti);
        for (int i = 0; i < 3; i++)
            feeder.publishImages(feeder.images(i));
        NodeStatus waiting = NodeWaits.until(node, s -> s.issue(NodeIssue.NO_CAMERA_INFO) == 3, 10);
        assertThat(waiting.calibrated()).isFalse();
        assertThat(waiting.framesProcessed()).isZero();
        assertThat(odom.count()).isZero();
        feeder.publishFrame(3);
        Odometry o = odom.next(FRAME_WAIT);
        assertThat(o.header().stamp()).isEqualTo(feeder.stamp(3));
        assertSamePose(PoseMessages.se3(o.pose().pose()), new Se3_F64(), 3); // the pipeline's first frame
        assertThat(node.status().calibrated()).isTrue();
    }

    static void assertSamePose(Se3_F64 actual, Se3_F64 expected, int frame) {
        assertThat(actual.T.distance(expected.T)).as("frame %d translation", frame).isLessThan(1e-9);
        for (int k = 0; k < 9; k++)
            assertThat(Math.abs(actual.R.data[k] - expected.R.data[k])).as("frame %d rotation", frame)
                    .isLessThan(1e-9);
    }

    /** The reference's first frames, for the tests that feed fewer. */
    static List<FrameResult> referenceFrames() {
        return reference.frames();
    }
}
