package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DdsNamesTest {
    @ParameterizedTest
    @CsvSource({"/chatter, rt/chatter", "/vo/odom, rt/vo/odom", "/tf_static, rt/tf_static",
            "/camera/left/image_rect, rt/camera/left/image_rect", "/a1/_b, rt/a1/_b"})
    void topicsGetRosPrefix(String rosTopic, String ddsTopic) {
        assertThat(DdsNames.topic(rosTopic)).isEqualTo(ddsTopic);
    }

    @ParameterizedTest
    @ValueSource(strings = {"chatter", "/", "", "/vo/", "/vo//odom", "/1st", "/vo/2nd", "/vo odom", "/vo-odom", "~/x",
            "/vo/odom?"})
    void topicsThatAreNotFullyQualifiedValidNamesAreRefused(String rosTopic) {
        assertThatThrownBy(() -> DdsNames.topic(rosTopic)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'" + rosTopic + "'");
    }

    @ParameterizedTest
    @CsvSource({"sensor_msgs/msg/Image, sensor_msgs::msg::dds_::Image_",
            "sensor_msgs/Image, sensor_msgs::msg::dds_::Image_",
            "sensor_msgs::msg::dds_::Image_, sensor_msgs::msg::dds_::Image_",
            "tf2_msgs/msg/TFMessage, tf2_msgs::msg::dds_::TFMessage_",
            "my_pkg/msg/Custom, my_pkg::msg::dds_::Custom_"})
    void typesGetTheDdsNamespaceAndTrailingUnderscore(String rosType, String ddsType) {
        assertThat(DdsNames.type(rosType)).isEqualTo(ddsType);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Image", "std_srvs/srv/Trigger", "a/b/c/d", "/msg/Image", "pkg/msg/"})
    void namesOfNoMessageTypeAreRefused(String rosType) {
        assertThatThrownBy(() -> DdsNames.type(rosType)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("package/msg/Type");
    }
}
