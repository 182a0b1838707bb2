package org.gpuvo.ros.node;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.args.Parameters;
import org.gpuvo.ros.node.args.RosArguments;
import org.gpuvo.ros.node.transport.QosProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class NodeParametersTest {
    @TempDir
    Path dir;

    private static ConfigVoNode config(String... argv) {
        RosArguments args = RosArguments.parse(argv);
        NodeName node = args.nodeName(NodeMain.DEFAULT_NODE_NAME, "/");
        return NodeParameters.config(args.parameters(node), args.nameResolver(node));
    }

    /** Every parameter of every shipped parameter file is one the node reads: a misspelt one would be unread. */
    @ParameterizedTest
    @ValueSource(strings = {"vo.yaml", "stereo.yaml", "rgbd.yaml", "replay.yaml"})
    void theShippedParameterFilesAreReadCompletely(String file) {
        Path yaml = Path.of("..", "launch", "config", file);
        assertThat(yaml).exists();
        RosArguments args = RosArguments.parse("--ros-args", "-r", "__node:=vo", "--params-file", yaml.toString());
        NodeName node = args.nodeName(NodeMain.DEFAULT_NODE_NAME, "/");
        Parameters parameters = args.parameters(node);
        ConfigVoNode config = NodeParameters.config(parameters, args.nameResolver(node));
        assertThat(parameters.unread()).as(file).isEmpty();
        assertThat(config.qos.tfStatic.durability()).isEqualTo(QosProfile.Durability.TRANSIENT_LOCAL);
        assertThat(config.qos.images.reliability()).isEqualTo(QosProfile.Reliability.BEST_EFFORT);
    }

    @Test
    void namesParametersAndQosReachTheConfiguration() throws Exception {
        Path params = dir.resolve("p.yaml");
        Files.writeString(params, String.join("\n", "/**:", "  ros__parameters:", "    mode: stereo",
                "    backend: cpu", "    orb:", "      max_features: 1500", "    qos:", "      tf:",
                "        depth: 7", "", ""));
        ConfigVoNode c = config("--ros-args", "-r", "__node:=vo", "-r", "__ns:=/robot",
                "-r", "left/image_rect:=/stereo/left/image", "--params-file", params.toString(),
                "-p", "camera_mounting:=[0.1, 0.0, 0.5, 0.0, 0.0, 0.0, 1.0]", "-p", "qos.image.reliability:=reliable",
                "-p", "camera_info_wait:=1.5");
        assertThat(c.mode()).isEqualTo(VoMode.STEREO);
        assertThat(c.vo.backend).isEqualTo(Backend.CPU);
        assertThat(c.vo.orb.maxFeatures).isEqualTo(1500);
        assertThat(c.topics.leftImage).isEqualTo("/stereo/left/image");
        assertThat(c.topics.rightImage).isEqualTo("/robot/right/image_rect");
        assertThat(c.topics.odom).isEqualTo("/robot/odom");
        assertThat(c.topics.tf).isEqualTo("/tf");
        assertThat(c.topics.reset).isEqualTo("/robot/vo/reset");
        assertThat(c.qos.tf.depth()).isEqualTo(7);
        assertThat(c.qos.images.reliability()).isEqualTo(QosProfile.Reliability.RELIABLE);
        assertThat(c.cameraMounting.T.z).isCloseTo(0.5, within(1e-15));
        assertThat(c.rectified).isTrue();
        assertThat(c.cameraInfoWaitSeconds).isEqualTo(1.5);
        assertThat(c.vo.deterministic).as("asynchronous local mapping by default").isFalse();
    }

    @Test
    void ransacParametersReachBothRansacsAndTheBundleAdjustment() {
        ConfigVoNode defaults = config("--ros-args");
        assertThat(defaults.vo.ransac.inlierThresholdPixels).isEqualTo(1.5);
        assertThat(defaults.vo.initRansac.inlierThresholdPixels).isEqualTo(2.0);
        ConfigVoNode c = config("--ros-args", "-p", "ransac.threshold_px:=2.5", "-p", "ransac.max_iterations:=500",
                "-p", "ransac.seed:=42");
        assertThat(c.vo.ransac.inlierThresholdPixels).isEqualTo(2.5);
        assertThat(c.vo.initRansac.inlierThresholdPixels).as("the initialisation keeps its own threshold")
                .isEqualTo(2.0);
        assertThat(c.vo.bundle.huberPixels).as("Huber's threshold follows").isEqualTo(2.5);
        assertThat(c.vo.ransac.maxIterations).isEqualTo(500);
        assertThat(c.vo.initRansac.maxIterations).isEqualTo(500);
        assertThat(c.vo.ransac.seed).isEqualTo(42);
        assertThat(c.vo.initRansac.seed).isEqualTo(42);
        assertThatThrownBy(() -> config("--ros-args", "-p", "ransac.max_iterations:=0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxIterations");
    }

    @Test
    void theWarmUpIsAParameter() {
        assertThat(config("--ros-args").warmUpFrames).isEqualTo(30);
        assertThat(config("--ros-args", "-p", "warm_up_frames:=0").warmUpFrames).isZero();
        assertThatThrownBy(() -> config("--ros-args", "-p", "warm_up_frames:=-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("warmUpFrames");
    }

    @Test
    void deterministicMappingIsAParameter() {
        assertThat(config("--ros-args").vo.deterministic).isFalse();
        assertThat(config("--ros-args", "-p", "deterministic:=true").vo.deterministic).isTrue();
        assertThat(config("--ros-args", "-p", "deterministic:=false").vo.deterministic).isFalse();
    }

    @Test
    void mappingsLagIsAParameterWhoseDefaultFollowsTheMode() {
        assertThat(config("--ros-args").vo.mappingLag).isZero();
        assertThat(config("--ros-args", "-p", "mode:=stereo").vo.mappingLag).isEqualTo(5);
        assertThat(config("--ros-args", "-p", "mode:=rgbd", "-p", "mapping.lag_frames:=2").vo.mappingLag)
                .isEqualTo(2);
        assertThat(config("--ros-args").vo.maxMappingLag).isEqualTo(10);
        assertThat(config("--ros-args", "-p", "mapping.max_lag_frames:=3").vo.maxMappingLag).isEqualTo(3);
        assertThatThrownBy(() -> config("--ros-args", "-p", "mapping.max_lag_frames:=0"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxMappingLag");
        assertThatThrownBy(() -> config("--ros-args", "-p", "mapping.lag_frames:=-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mappingLag");
    }

    @Test
    void theLocalMapSearchIsAParameter() {
        assertThat(config("--ros-args", "-p", "mode:=stereo").vo.localMapKeyframes).isEqualTo(8);
        assertThat(config("--ros-args").vo.localMapKeyframes).as("mono").isZero();
        assertThat(config("--ros-args", "-p", "keyframe.local_map:=4").vo.localMapKeyframes).isEqualTo(4);
        assertThat(config("--ros-args", "-p", "mode:=rgbd", "-p", "keyframe.local_map:=0").vo.localMapKeyframes)
                .isZero();
        assertThat(config("--ros-args", "-p", "keyframe.search_radius_px:=6.5").vo.projectionSearchRadius)
                .isEqualTo(6.5);
        assertThatThrownBy(() -> config("--ros-args", "-p", "keyframe.local_map:=-2"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("localMapKeyframes");
    }

    @Test
    void wrongValuesAreNamed() {
        assertThatThrownBy(() -> config("--ros-args", "-p", "mode:=lidar"))
                .hasMessageContaining("parameter mode: 'lidar' is not one of mono, stereo, rgbd");
        assertThatThrownBy(() -> config("--ros-args", "-p", "qos.tf.durability:=forever"))
                .hasMessageContaining("qos.tf.durability");
        assertThatThrownBy(() -> config("--ros-args", "-p", "camera_mounting:=[1.0, 2.0]"))
                .hasMessageContaining("camera_mounting: expected 7 numbers");
        assertThatThrownBy(() -> config("--ros-args", "-p", "orb.max_features:=many"))
                .hasMessageContaining("orb.max_features");
    }
}
