package org.gpuvo.ros.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.geometry.PoseMessages;
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
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.gpuvo.ros.output.OdometryMessages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.node.NodeHarness.FRAME_WAIT;

/**
 * The node on KITTI 06 frames 0–50 (monocular, CPU backend) over the in-memory transport: fed one frame at a time,
 * waiting for each odometry so that nothing is dropped, it must give exactly what {@link SequenceOdometry} gives on
 * the folder with the same configuration (same seed). The other tests feed a few of the same frames.
 */
class VoNodeKittiTest {
    private static Sequence kitti;
    private static SequenceRun reference;

    private NodeHarness harness;

    @BeforeAll
    static void runTheFolder() {
        kitti = Datasets.open(SharedData.require("kitti-06-0050"));
        long start = System.nanoTime();
        reference = SequenceOdometry.run(kitti, NodeHarness.cpu(VoMode.MONO).vo, null);
        System.out.printf("SequenceOdometry on %d KITTI frames (cpu): %.1f s%n", kitti.size(),
                (System.nanoTime() - start) / 1e9);
    }

    @AfterEach
    void close() {
        if (harness != null)
            harness.close();
    }

    private NodeHarness harness(ConfigVoNode config) {
        harness = new NodeHarness(config, kitti);
        return harness;
    }

    private NodeHarness started() {
        return harness(NodeHarness.cpu(VoMode.MONO)).start();
    }

    private static Se3_F64 cameraPose(int frame) {
        return reference.frames().get(frame).cameraToWorld;
    }

    @Test
    void oneOdometryPerFrameWithItsStampAndThePosesOfSequenceOdometry() throws Exception {
        ConfigVoNode config = NodeHarness.cpu(VoMode.MONO);
        config.pathLength = 20;
        NodeHarness h = harness(config);
        TopicRecorder<TFMessage> tf = TopicRecorder.of(h.transport, config.topics.tf, TFMessage.class);
        TopicRecorder<PoseStamped> pose = TopicRecorder.of(h.transport, config.topics.pose, PoseStamped.class);
        TopicRecorder<NavPath> path = TopicRecorder.of(h.transport, config.topics.path, NavPath.class);
        TopicRecorder<Int32Message> matches = TopicRecorder.of(h.transport, config.topics.matches, Int32Message.class);
        TopicRecorder<Int32Message> inliers = TopicRecorder.of(h.transport, config.topics.inliers, Int32Message.class);
        TopicRecorder<StringMessage> status = TopicRecorder.of(h.transport, config.topics.status, StringMessage.class);
        TopicRecorder<DiagnosticArray> diagnostics = TopicRecorder.of(h.transport, config.topics.diagnostics,
                DiagnosticArray.class);
        h.start();

        long start = System.nanoTime();
        for (int i = 0; i < kitti.size(); i++) {
            Odometry o = h.frame(i);
            assertThat(o.header().stamp()).as("frame %d", i).isEqualTo(h.feeder.stamp(i));
            assertSamePose(PoseMessages.se3(o.pose().pose()), cameraPose(i), i);
            assertThat(o.header().frameId()).isEqualTo("odom");
            assertThat(o.childFrameId()).isEqualTo("base_link");
            double variance = OdometryMessages.POSITION_VARIANCE
                    * (reference.frames().get(i).tracked() ? 1 : OdometryMessages.LOST_INFLATION);
            assertThat(o.pose().covariance()[0]).as("frame %d", i).isEqualTo(variance);
            // the twist in base_link between this frame and the previous one
            Odometry expected = OdometryMessages.odometry(reference.frames().get(i),
                    i == 0 ? null : reference.frames().get(i - 1), o.header().stamp(), "odom", "base_link");
            assertThat(o.twist()).usingRecursiveComparison()
                    .withComparatorForType((a, b) -> Math.abs(a - b) < 1e-9 ? 0 : Double.compare(a, b), Double.class)
                    .isEqualTo(expected.twist());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        h.node.publishStatus();
        JsonNode json = new ObjectMapper().readTree(status.next(5).data());
        DiagnosticArray diagnostic = diagnostics.next(5);
        h.stopNode();
        System.out.printf("node on %d KITTI frames, one at a time (cpu): %.1f s; status %s%n", kitti.size(), seconds,
                json);

        assertThat(h.odom.count()).isEqualTo(51);
        assertThat(tf.count()).isEqualTo(51);
        assertThat(pose.count()).isEqualTo(51);
        for (int i = 0; i < 51; i++) {
            assertThat(tf.all().get(i).transforms()).hasSize(1);
            TransformStamped t = tf.all().get(i).transforms().get(0);
            assertThat(t.header().stamp()).isEqualTo(h.feeder.stamp(i));
            assertThat(t.header().frameId()).isEqualTo("odom");
            assertThat(t.childFrameId()).isEqualTo("base_link");
            assertSamePose(PoseMessages.se3(t.transform()), cameraPose(i), i);
            assertThat(pose.all().get(i).header().stamp()).isEqualTo(h.feeder.stamp(i));
            assertSamePose(PoseMessages.se3(pose.all().get(i).pose()), cameraPose(i), i);
            assertThat(matches.all().get(i).data()).isEqualTo(reference.frames().get(i).matches);
            assertThat(inliers.all().get(i).data()).isEqualTo(reference.frames().get(i).inliers);
        }
        // the path is bounded: the last 20 poses, the newest last
        NavPath last = path.all().get(path.count() - 1);
        assertThat(path.count()).isEqualTo(51);
        assertThat(path.all().get(4).poses()).hasSize(5);
        assertThat(last.poses()).hasSize(20);
        assertThat(last.header().stamp()).isEqualTo(h.feeder.stamp(50));
        assertThat(last.poses().get(0).header().stamp()).isEqualTo(h.feeder.stamp(31));
        assertThat(last.poses().get(19)).usingRecursiveComparison().isEqualTo(pose.all().get(50));

        assertThat(json.path("frames_processed").asInt()).isEqualTo(51);
        assertThat(json.path("lost").asInt()).isEqualTo(reference.framesLost());
        assertThat(json.path("dropped").asInt()).isZero();
        assertThat(json.path("malformed").asInt()).isZero();
        assertThat(json.path("tracking").asText()).isEqualTo(
                reference.frames().get(50).state.name().toLowerCase(Locale.ROOT));
        assertThat(json.path("backend").asText()).isEqualTo("cpu");
        assertThat(json.path("mounting").asText()).isEqualTo("unknown");
        // the harness maps deterministically (the poses above are compared exactly); the counters are there
        assertThat(json.path("mapping").path("deterministic").asBoolean()).isTrue();
        for (String counter : new String[]{"pending_updates", "bundle_adjustments", "bundle_failures", "errors"})
            assertThat(json.path("mapping").path(counter).isInt()).as(counter).isTrue();
        assertThat(json.path("mapping").path("errors").asInt()).isZero();
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
        ConvertRotation3D_F64.eulerToMatrix(EulerType.ZYX, Math.toRadians(10), Math.toRadians(-3), 0, linkInBase.R);
        // the optical frame: z forward (link x), x right (link -y), y down (link -z)
        Se3_F64 opticalInLink = new Se3_F64();
        opticalInLink.R.setData(new double[]{0, 0, 1, -1, 0, 0, 0, -1, 0});
        TFMessage tfStatic = new TFMessage(List.of(
                new TransformStamped(new Header(new Time(0, 0), "base_link"), "camera_link",
                        PoseMessages.transform(linkInBase)),
                new TransformStamped(new Header(new Time(0, 0), "camera_link"), SequenceFeeder.CAMERA_FRAME,
                        PoseMessages.transform(opticalInLink))));
        NodeHarness h = harness(NodeHarness.cpu(VoMode.MONO));
        RawPublisher broadcaster = h.transport.advertise("/tf_static", TFMessage.TYPE, QosProfile.TRANSIENT_LOCAL);
        broadcaster.publish(MessageCodecs.of(TFMessage.class).encode(tfStatic));
        h.start();

        Se3_F64 mounting = opticalInLink.concat(linkInBase, null); // camera → base
        for (int i = 0; i < 6; i++) {
            Se3_F64 camera = cameraPose(i);
            Se3_F64 expected = mounting.invert(null).concat(camera, null).concat(mounting, null);
            Se3_F64 actual = PoseMessages.se3(h.frame(i).pose().pose());
            assertSamePose(actual, expected, i);
            if (i == 5) {
                // KITTI's camera drives forward along its z: the base moves along its x (turned by the mounting)
                assertThat(camera.T.z).isGreaterThan(2 * Math.abs(camera.T.x));
                assertThat(actual.T.x).isGreaterThan(2 * Math.abs(actual.T.z));
            }
        }
        assertThat(h.status().mounting()).isEqualTo("tf_static");
    }

    @Test
    void malformedFramesInterleavedAreCountedAndTheGoodOnesStillTracked() throws Exception {
        NodeHarness h = started();
        int frames = 12, bad = 0;
        for (int i = 0; i < frames; i++) {
            // each kind of damage in turn, before the good frame
            h.feeder.publishRawImageBytes(BadImages.of(h.feeder.images(i)[0]).get(i % 7).cdr());
            bad++;
            Odometry o = h.frame(i);
            assertThat(o.header().stamp()).isEqualTo(h.feeder.stamp(i));
            assertSamePose(PoseMessages.se3(o.pose().pose()), cameraPose(i), i);
        }
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.MALFORMED)).isEqualTo(bad);
        assertThat(status.framesProcessed()).isEqualTo(frames);
        assertThat(status.tracking()).isEqualTo(reference.frames().get(frames - 1).state);
        assertThat(reference.frames().subList(0, frames).stream().filter(FrameResult::tracked).count())
                .isGreaterThanOrEqualTo(frames - 3);
        assertThat(h.odom.comes(0.2)).isFalse();
    }

    @Test
    void aFloodFasterThanProcessingKeepsTheQueueBoundedAndCountsTheDrops() throws Exception {
        ConfigVoNode config = NodeHarness.cpu(VoMode.MONO);
        config.queueSize = 2;
        NodeHarness h = harness(config).start();
        int frames = 24;
        byte[][] encoded = new byte[frames][];
        for (int i = 0; i < frames; i++)
            encoded[i] = MessageCodecs.of(Image.class).encode(h.feeder.images(i)[0]);
        h.feeder.publishCameraInfo(0);
        long start = System.nanoTime();
        for (byte[] frame : encoded)
            h.feeder.publishRawImageBytes(frame);
        double floodMillis = (System.nanoTime() - start) / 1e6;
        NodeStatus status = NodeWaits.until(h.node,
                s -> s.framesProcessed() + s.issue(NodeIssue.DROPPED) == frames, 120);
        System.out.printf("flood of %d frames in %.1f ms: %d processed, %d dropped%n", frames, floodMillis,
                status.framesProcessed(), status.issue(NodeIssue.DROPPED));
        assertThat(status.issue(NodeIssue.DROPPED)).isGreaterThan(0);
        assertThat(status.queueHighWater()).isLessThanOrEqualTo(2);
        NodeWaits.until(h.node, s -> h.odom.count() == s.framesProcessed(), 5);
        List<Odometry> got = h.odom.all();
        // the newest frame is never the one dropped; stamps stay in order
        assertThat(got.get(got.size() - 1).header().stamp()).isEqualTo(h.feeder.stamp(frames - 1));
        for (int k = 1; k < got.size(); k++)
            assertThat(got.get(k).header().stamp().toNanos()).isGreaterThan(got.get(k - 1).header().stamp().toNanos());
    }

    @Test
    void stampsGoingBackwardsStartTheOdometryOverAsABagLoopNeeds() throws Exception {
        NodeHarness h = harness(NodeHarness.cpu(VoMode.MONO));
        TopicRecorder<NavPath> path = TopicRecorder.of(h.transport, h.config.topics.path, NavPath.class);
        h.start();
        for (int loop = 0; loop < 2; loop++)
            for (int i = 0; i < 5; i++) {
                Odometry o = h.frame(i);
                assertThat(o.header().stamp()).isEqualTo(h.feeder.stamp(i));
                // the second loop is a fresh start: the very poses of the first
                assertSamePose(PoseMessages.se3(o.pose().pose()), cameraPose(i), i);
            }
        NodeStatus status = h.status();
        assertThat(status.issue(NodeIssue.STAMP_BACKWARDS)).isEqualTo(1);
        assertThat(status.restarts()).isEqualTo(1);
        assertThat(status.framesProcessed()).isEqualTo(10);
        // the path was cleared at the loop: the 6th path holds one pose
        assertThat(path.all().get(4).poses()).hasSize(5);
        assertThat(path.all().get(5).poses()).hasSize(1);
    }

    @Test
    void aResetMessageStartsTheOdometryOverAtTheNextFrame() throws Exception {
        NodeHarness h = started();
        for (int i = 0; i < 4; i++)
            h.frame(i);
        RawPublisher reset = h.transport.advertise(h.config.topics.reset, EmptyMessage.TYPE, QosProfile.RELIABLE);
        reset.publish(MessageCodecs.of(EmptyMessage.class).encode(new EmptyMessage()));
        // after the reset the pipeline sees frames 4.. as a new sequence
        try (VisualOdometry fresh = FactoryVisualOdometry.create(h.config.vo, kitti.camera(), null)) {
            for (int i = 4; i < 8; i++) {
                Odometry o = h.frame(i);
                FrameResult expected = fresh.process(kitti.timestamp(i), kitti.left(i), null, null);
                assertSamePose(PoseMessages.se3(o.pose().pose()), expected.cameraToWorld, i);
                if (i == 4)
                    assertSamePose(PoseMessages.se3(o.pose().pose()), new Se3_F64(), i);
            }
        }
        NodeStatus status = h.status();
        assertThat(status.resets()).isEqualTo(1);
        assertThat(status.restarts()).isEqualTo(1);
    }

    @Test
    void imagesBeforeAnyCameraInfoAreCountedAndLeftOut() throws Exception {
        ConfigVoNode config = NodeHarness.cpu(VoMode.MONO);
        config.queueSize = 4; // three frames go in at once: none may be dropped before it is judged
        NodeHarness h = harness(config).start();
        for (int i = 0; i < 3; i++)
            h.feeder.publishImages(h.feeder.images(i));
        NodeStatus waiting = NodeWaits.until(h.node, s -> s.issue(NodeIssue.NO_CAMERA_INFO) == 3, 10);
        assertThat(waiting.calibrated()).isFalse();
        assertThat(waiting.framesProcessed()).isZero();
        assertThat(h.odom.count()).isZero();
        Odometry o = h.frame(3);
        assertThat(o.header().stamp()).isEqualTo(h.feeder.stamp(3));
        assertSamePose(PoseMessages.se3(o.pose().pose()), new Se3_F64(), 3); // the pipeline's first frame
        assertThat(h.status().calibrated()).isTrue();
    }

    static void assertSamePose(Se3_F64 actual, Se3_F64 expected, int frame) {
        assertThat(actual.T.distance(expected.T)).as("frame %d translation", frame).isLessThan(1e-9);
        for (int k = 0; k < 9; k++)
            assertThat(Math.abs(actual.R.data[k] - expected.R.data[k])).as("frame %d rotation", frame)
                    .isLessThan(1e-9);
    }
}
