package org.gpuvo.ros.node;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.node.transport.InMemoryTransport;
import org.gpuvo.ros.node.transport.QosProfile;
import org.gpuvo.ros.node.transport.RawPublisher;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigVoNodeTest {
    @Test
    void defaultsAreValidInEveryMode() {
        for (VoMode mode : VoMode.values())
            assertThat(new ConfigVoNode(mode).checkValidity().mode()).isEqualTo(mode);
        assertThat(new ConfigVoNode(VoMode.STEREO).rectified).isTrue();
        assertThat(new ConfigVoNode(VoMode.MONO).rectified).isFalse();
    }

    @Test
    void eachWrongSettingIsNamed() {
        assertRejected(c -> c.topics.odom = "odom", "topic odom");
        assertRejected(c -> c.topics.image = "/camera/", "topic image");
        assertRejected(c -> c.baseFrame = "odom", "must differ");
        assertRejected(c -> c.odomFrame = " ", "odomFrame");
        assertRejected(c -> c.queueSize = 0, "queueSize");
        assertRejected(c -> c.syncToleranceSeconds = Double.NaN, "syncToleranceSeconds");
        assertRejected(c -> c.pathLength = -1, "pathLength");
        assertRejected(c -> c.statusPeriodSeconds = 0, "statusPeriodSeconds");
        assertRejected(c -> c.inputTimeoutSeconds = Double.POSITIVE_INFINITY, "inputTimeoutSeconds");
        assertRejected(c -> c.cameraInfoWaitSeconds = -0.1, "cameraInfoWaitSeconds");
        assertRejected(c -> c.cameraInfoWaitSeconds = Double.NaN, "cameraInfoWaitSeconds");
        assertRejected(c -> c.qos.odom = null, "QoS");
        assertRejected(c -> {
            Se3_F64 mirror = new Se3_F64();
            mirror.R.set(0, 0, -1);
            c.cameraMounting = mirror;
        }, "cameraMounting");
        assertRejected(c -> {
            Se3_F64 scaled = new Se3_F64();
            scaled.R.set(1, 1, 2);
            c.cameraMounting = scaled;
        }, "cameraMounting");
    }

    @Test
    void anInvalidConfigurationSubscribesToNothingAndClosingUnsubscribes() {
        InMemoryTransport transport = new InMemoryTransport();
        RawPublisher camera = transport.advertise("/image", "sensor_msgs/msg/Image", QosProfile.SENSOR_DATA);
        ConfigVoNode invalid = new ConfigVoNode();
        invalid.queueSize = 0;
        assertThatThrownBy(() -> VoNode.start(invalid, transport)).isInstanceOf(IllegalArgumentException.class);
        assertThat(camera.matchedSubscriptions()).isZero();
        VoNode node = VoNode.start(new ConfigVoNode(), transport);
        assertThat(camera.matchedSubscriptions()).isEqualTo(1);
        node.close();
        assertThat(camera.matchedSubscriptions()).isZero();
    }

    @Test
    void imageTransportsByTheirParameterNames() {
        assertThat(ImageTransport.of("raw")).isEqualTo(ImageTransport.RAW);
        assertThat(ImageTransport.of(" Compressed ")).isEqualTo(ImageTransport.COMPRESSED);
        assertThat(ImageTransport.COMPRESSED.topicSuffix).isEqualTo("/compressed");
        assertThatThrownBy(() -> ImageTransport.of("theora")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("theora");
    }

    private static void assertRejected(Consumer<ConfigVoNode> change, String named) {
        ConfigVoNode config = new ConfigVoNode();
        change.accept(config);
        assertThatThrownBy(config::checkValidity).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(named);
    }
}
