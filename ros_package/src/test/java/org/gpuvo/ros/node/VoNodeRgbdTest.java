package org.gpuvo.ros.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Odometry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.node.NodeHarness.FRAME_WAIT;
import static org.gpuvo.ros.node.VoNodeKittiTest.assertSamePose;

/** The node in RGB-D mode on a rendered room (320×240, exact depth), depth as 32FC1 metres or 16UC1 millimetres. */
class VoNodeRgbdTest {
    private static final int FRAMES = 12;
    private static SyntheticSequence room;

    @BeforeAll
    static void render() {
        room = NodeHarness.smallRoom(FRAMES);
    }

    @Test
    void mono8And32FC1GiveThePipelinesPoses() throws Exception {
        assertNodeFollowsThePipeline(i -> RoomImages.gray(room, i), i -> room.depth(i),
                i -> org.gpuvo.ros.image.ImageMessages.fromDepth(room.depth(i), header(i)));
    }

    /** bgr8 of a grey image is that grey again (OpenCV's weights sum to 1); 16UC1 carries depth in whole mm. */
    @Test
    void bgr8And16UC1GiveThePipelinesPosesOnMillimetreDepth() throws Exception {
        IntFunction<DepthImage> millimetres = i -> {
            DepthImage d = room.depth(i);
            float[] mm = new float[d.metres.length];
            for (int k = 0; k < mm.length; k++)
                mm[k] = millimetres(d.metres[k]) / 1000f;
            return new DepthImage(d.width, d.height, mm);
        };
        assertNodeFollowsThePipeline(i -> RoomImages.bgr(room, i), millimetres, i -> depth16(room.depth(i), header(i)));
    }

    private void assertNodeFollowsThePipeline(IntFunction<Image> image, IntFunction<DepthImage> depthSeen,
                                              IntFunction<Image> depthMessage) throws Exception {
        int tracked = 0;
        try (NodeHarness h = NodeHarness.started(NodeHarness.cpu(VoMode.RGBD), room);
             VisualOdometry pipeline = FactoryVisualOdometry.create(h.config.vo, room.camera(), null)) {
            for (int i = 0; i < FRAMES; i++) {
                h.feeder.publishCameraInfo(i);
                h.feeder.publishImages(image.apply(i), depthMessage.apply(i));
                Odometry o = h.odom.next(FRAME_WAIT);
                FrameResult expected = pipeline.process(room.timestamp(i), room.left(i), null, depthSeen.apply(i));
                assertThat(o.header().stamp()).isEqualTo(h.feeder.stamp(i));
                assertSamePose(PoseMessages.se3(o.pose().pose()), expected.cameraToWorld, i);
                if (expected.tracked())
                    tracked++;
            }
            assertThat(h.status().issue(NodeIssue.MALFORMED)).isZero();
            assertThat(h.status().issue(NodeIssue.UNPAIRED)).isZero();
        }
        // the rendered room is easy: a pipeline that did not track would make the comparison hollow
        assertThat(tracked).isEqualTo(FRAMES);
    }

    /**
     * The live default, local mapping on a thread of its own (what a robot runs): every frame is answered and
     * tracked, and the status says how mapping runs and counts what it did. (Its poses are not compared: the
     * asynchronous mode does not repeat bit for bit.)
     */
    @Test
    void theLiveDefaultMapsAsynchronouslyAndTheStatusSaysSo() throws Exception {
        ConfigVoNode config = NodeHarness.cpu(VoMode.RGBD);
        config.vo.deterministic = false;
        try (NodeHarness h = NodeHarness.started(config, room)) {
            for (int i = 0; i < FRAMES; i++) {
                h.feeder.publishCameraInfo(i);
                h.feeder.publishImages(RoomImages.gray(room, i),
                        org.gpuvo.ros.image.ImageMessages.fromDepth(room.depth(i), header(i)));
                assertThat(h.odom.next(FRAME_WAIT).header().stamp()).isEqualTo(h.feeder.stamp(i));
            }
            NodeStatus status = h.status();
            assertThat(status.framesProcessed()).isEqualTo(FRAMES);
            assertThat(status.framesLost()).isZero();
            assertThat(status.tracking()).isEqualTo(TrackingState.TRACKING);
            assertThat(status.deterministic()).isFalse();
            assertThat(status.mapping().errors()).as("%s", status.mapping()).isZero();
            assertThat(status.mapping().bundleFailures()).isLessThanOrEqualTo(status.mapping().bundleAdjustments());
            JsonNode json = new ObjectMapper().readTree(StatusMessages.json(status));
            assertThat(json.path("mapping").path("deterministic").asBoolean(true)).isFalse();
            assertThat(json.path("mapping").path("bundle_adjustments").asInt())
                    .isEqualTo(status.mapping().bundleAdjustments());
        }
    }

    private static Header header(int i) {
        return new Header(org.gpuvo.ros.msg.Time.ofSeconds(room.timestamp(i)), SequenceFeeder.CAMERA_FRAME);
    }

    private static int millimetres(float metres) {
        return metres > 0 && Float.isFinite(metres) ? Math.min(65535, Math.round(metres * 1000)) : 0;
    }

    /** A 16UC1 (mm, little endian) message of a depth image. */
    private static Image depth16(DepthImage d, Header header) {
        byte[] data = new byte[d.metres.length * 2];
        for (int k = 0; k < d.metres.length; k++) {
            int mm = millimetres(d.metres[k]);
            data[2 * k] = (byte) mm;
            data[2 * k + 1] = (byte) (mm >> 8);
        }
        return new Image(header, d.height, d.width, "16UC1", false, d.width * 2, data);
    }

    /** Intensity messages of the room's frames. */
    private static final class RoomImages {
        static Image gray(SyntheticSequence s, int i) {
            return org.gpuvo.ros.image.ImageMessages.fromGray(s.left(i), header(i));
        }

        static Image bgr(SyntheticSequence s, int i) {
            GrayImage g = s.left(i).packed();
            byte[] data = new byte[g.width * g.height * 3];
            for (int k = 0; k < g.width * g.height; k++)
                data[3 * k] = data[3 * k + 1] = data[3 * k + 2] = g.data[k];
            return new Image(header(i), g.height, g.width, "bgr8", false, g.width * 3, data);
        }
    }
}
