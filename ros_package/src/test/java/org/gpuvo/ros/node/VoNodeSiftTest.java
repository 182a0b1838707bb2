package org.gpuvo.ros.node;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.VisualOdometry;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.KeyValue;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.args.RosArguments;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpuvo.ros.node.NodeHarness.FRAME_WAIT;

/**
 * The node with {@code features: sift} (set as a ROS parameter, CPU backend) on KITTI 06 frames 0–11 over the
 * in-memory transport: its odometry is the SIFT pipeline's, frame by frame, the debug image draws SIFT matches, and
 * the status and diagnostics name the feature type.
 */
class VoNodeSiftTest {
    private static ConfigVoNode config(String... parameters) {
        RosArguments args = RosArguments.parse(parameters);
        NodeName node = args.nodeName(NodeMain.DEFAULT_NODE_NAME, "/");
        return NodeParameters.config(args.parameters(node), args.nameResolver(node));
    }

    @Test
    void siftParametersReachThePipeline() {
        ConfigVoNode c = config("--ros-args", "-p", "features:=sift", "-p", "sift.max_features:=800",
                "-p", "sift.first_octave:=-1", "-p", "sift.contrast_threshold:=0.03", "-p", "sift.edge_threshold:=8.0",
                "-p", "sift.root_sift:=true", "-p", "sift.match.ratio:=0.75", "-p", "sift.match.max_distance:=300",
                "-p", "match.mutual:=false", "-p", "match.search_radius:=40.0", "-p", "sift.adaptive_threshold:=false");
        assertThat(c.vo.features).isEqualTo(FeatureType.SIFT);
        assertThat(c.vo.sift.maxFeatures).isEqualTo(800);
        assertThat(c.vo.sift.firstOctave).isEqualTo(-1);
        assertThat(c.vo.sift.contrastThreshold).isEqualTo(0.03);
        assertThat(c.vo.sift.edgeThreshold).isEqualTo(8.0);
        assertThat(c.vo.sift.rootSift).isTrue();
        assertThat(c.vo.siftThreshold.adaptive).isFalse();
        assertThat(config("--ros-args", "-p", "features:=sift").vo.siftThreshold.adaptive).isTrue();
        assertThat(c.vo.matching()).isSameAs(c.vo.siftMatch);
        assertThat(c.vo.siftMatch.ratio).isEqualTo(0.75);
        assertThat(c.vo.siftMatch.maxDistance).isEqualTo(300);
        assertThat(c.vo.siftMatch.mutual).isFalse();
        assertThat(c.vo.siftMatch.searchRadius).isEqualTo(40.0);
        assertThat(c.vo.match.ratio).as("ORB's matching keeps its own ratio").isEqualTo(0.9);

        assertThat(config("--ros-args").vo.features).isEqualTo(FeatureType.ORB);
        assertThatThrownBy(() -> config("--ros-args", "-p", "features:=surf"))
                .hasMessageContaining("parameter features: 'surf' is not one of orb, sift");
        assertThatThrownBy(() -> config("--ros-args", "-p", "sift.first_octave:=1"))
                .hasMessageContaining("parameters sift.*: firstOctave must be -1 (upsampled) or 0, got 1");
    }

    @Test
    void siftOdometryFrameByFrameWithTheFeatureTypeInTheStatus() throws Exception {
        Sequence kitti = Datasets.open(SharedData.require("kitti-06-0050"));
        // deterministic mapping: the node's poses are compared with the pipeline's, exactly
        ConfigVoNode config = config("--ros-args", "-p", "features:=sift", "-p", "backend:=cpu",
                "-p", "status_period:=3600.0", "-p", "deterministic:=true");
        assertThat(config.vo.backend).isEqualTo(Backend.CPU);
        assertThat(config.vo.deterministic).isTrue();
        int frames = 12;
        try (NodeHarness h = new NodeHarness(config, kitti);
             VisualOdometry reference = FactoryVisualOdometry.create(config.vo, kitti.camera(), null)) {
            TopicRecorder<Int32Message> matches = TopicRecorder.of(h.transport, config.topics.matches, Int32Message.class);
            TopicRecorder<StringMessage> status = TopicRecorder.of(h.transport, config.topics.status, StringMessage.class);
            TopicRecorder<DiagnosticArray> diagnostics = TopicRecorder.of(h.transport, config.topics.diagnostics,
                    DiagnosticArray.class);
            TopicRecorder<Image> debug = TopicRecorder.of(h.transport, config.topics.debugImage, Image.class);
            h.start();
            int tracked = 0;
            for (int i = 0; i < frames; i++) {
                Odometry o = h.frame(i);
                FrameResult expected = reference.process(kitti.timestamp(i), kitti.left(i), null, null);
                VoNodeKittiTest.assertSamePose(PoseMessages.se3(o.pose().pose()), expected.cameraToWorld, i);
                assertThat(matches.next(FRAME_WAIT).data()).as("matches of frame %d", i).isEqualTo(expected.matches);
                if (expected.tracked())
                    tracked++;
                Image drawn = debug.next(FRAME_WAIT);
                assertThat(drawn.header().stamp()).isEqualTo(h.feeder.stamp(i));
            }
            assertThat(tracked).as("frames tracked").isGreaterThan(frames / 2);
            h.node.publishStatus();
            JsonNode json = new ObjectMapper().readTree(status.next(5).data());
            assertThat(json.path("features").asText()).isEqualTo("sift");
            assertThat(json.path("backend").asText()).isEqualTo("cpu");
            assertThat(json.path("frames_processed").asInt()).isEqualTo(frames);
            assertThat(diagnostics.next(5).status().get(0).values()).contains(new KeyValue("features", "sift"));
        }
    }
}
