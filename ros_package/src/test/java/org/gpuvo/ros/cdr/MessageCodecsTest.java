package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Pose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageCodecsTest {
    @Test
    void aCodecPerMessageTheNodeUses() {
        assertThat(MessageCodecs.types()).containsExactlyInAnyOrder("sensor_msgs/msg/Image",
                "sensor_msgs/msg/CompressedImage", "sensor_msgs/msg/CameraInfo", "nav_msgs/msg/Odometry",
                "nav_msgs/msg/Path", "geometry_msgs/msg/PoseStamped", "geometry_msgs/msg/TransformStamped",
                "tf2_msgs/msg/TFMessage", "std_msgs/msg/Header", "std_msgs/msg/String", "std_msgs/msg/Int32",
                "std_msgs/msg/Empty", "diagnostic_msgs/msg/DiagnosticArray", "rosgraph_msgs/msg/Clock");
        assertThat(MessageCodecs.all()).hasSameSizeAs(MessageCodecs.types());
    }

    @Test
    void eachCodecsTypeIsItsRecordsType() throws ReflectiveOperationException {
        for (MessageCodec<?> codec : MessageCodecs.all()) {
            assertThat(codec.messageClass().getField("TYPE").get(null)).isEqualTo(codec.type());
            assertThat(MessageCodecs.of(codec.messageClass())).isSameAs(codec);
            assertThat(MessageCodecs.forType(codec.type())).containsSame(codec);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sensor_msgs/msg/Image", "sensor_msgs::msg::dds_::Image_", "sensor_msgs/Image",
            "sensor_msgs::msg::Image", " sensor_msgs/msg/Image "})
    void typesAreFoundInEachSpelling(String name) {
        assertThat(MessageCodecs.forType(name)).containsSame(MessageCodecs.of(Image.class));
    }

    @Test
    void pathIsFoundUnderItsRosName() {
        assertThat(MessageCodecs.forType("nav_msgs::msg::dds_::Path_")).containsSame(MessageCodecs.of(NavPath.class));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sensor_msgs/msg/PointCloud2", "std_srvs/srv/Trigger", "Image", "", "a/b/c/d",
            "sensor_msgs::msg::dds_::Imag_"})
    void otherTypesHaveNone(String name) {
        assertThat(MessageCodecs.forType(name)).isEmpty();
    }

    @Test
    void aClassWithoutCodecIsRefused() {
        assertThatThrownBy(() -> MessageCodecs.of(Pose.class)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("org.gpuvo.ros.msg.Pose").hasMessageContaining("sensor_msgs/msg/Image");
    }

    @Test
    void typeNamesInTheirCanonicalForm() {
        assertThat(RosTypeNames.canonical("tf2_msgs::msg::dds_::TFMessage_")).isEqualTo("tf2_msgs/msg/TFMessage");
        assertThat(RosTypeNames.canonical("std_msgs/String")).isEqualTo("std_msgs/msg/String");
        assertThat(RosTypeNames.canonical("std_srvs/srv/Trigger")).isEqualTo("std_srvs/srv/Trigger");
        assertThat(RosTypeNames.canonical("std_srvs::srv::dds_::Trigger_Request_"))
                .isEqualTo("std_srvs/srv/Trigger_Request");
    }
}
