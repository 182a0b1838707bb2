package org.gpuvo.ros.replay;

import org.gpuvo.odometry.vo.VoMode;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplayTopicsTest {
    private static TopicInfo t(String name, String type) {
        return TopicInfo.of(name, type);
    }

    private static final TopicInfo INFO = t("/camera/camera_info", "sensor_msgs/msg/CameraInfo");

    @Test
    void oneImageTopicIsMonoWithTheCameraInfoBesideIt() {
        ReplayTopics r = ReplayTopics.choose(List.of(t("/camera/image_raw", "sensor_msgs/msg/Image"), INFO,
                t("/tf", "tf2_msgs/msg/TFMessage")), null, List.of(), null, null);
        assertThat(r.mode).isEqualTo(VoMode.MONO);
        assertThat(r.image).isEqualTo("/camera/image_raw");
        assertThat(r.cameraInfo).isEqualTo("/camera/camera_info");
        assertThat(r.groundTruth).isNull();
        assertThat(r.rectified).isFalse();
    }

    @Test
    void aLeftRightPairIsStereoAndAGroundTruthTopicIsFound() {
        List<TopicInfo> topics = List.of(t("/stereo/left/image_rect", "sensor_msgs/msg/Image"),
                t("/stereo/right/image_rect", "sensor_msgs/msg/Image"),
                t("/stereo/left/camera_info", "sensor_msgs/msg/CameraInfo"),
                t("/stereo/right/camera_info", "sensor_msgs/msg/CameraInfo"),
                t("/ground_truth", "nav_msgs/msg/Odometry"));
        ReplayTopics r = ReplayTopics.choose(topics, null, List.of(), null, null);
        assertThat(r.mode).isEqualTo(VoMode.STEREO);
        assertThat(r.imageTopics()).containsExactly("/stereo/left/image_rect", "/stereo/right/image_rect");
        assertThat(r.secondCameraInfo).isEqualTo("/stereo/right/camera_info");
        assertThat(r.groundTruth).isEqualTo("/ground_truth");
        assertThat(r.rectified).isTrue();

        // the same bag in mono takes the left camera; "" turns the ground truth off
        ReplayTopics mono = ReplayTopics.choose(topics, VoMode.MONO, List.of(), null, "");
        assertThat(mono.imageTopics()).containsExactly("/stereo/left/image_rect");
        assertThat(mono.groundTruth).isNull();
    }

    @Test
    void cam0Cam1AndCompressedAndRgbd() {
        ReplayTopics stereo = ReplayTopics.choose(List.of(t("/cam0/image_raw", "sensor_msgs/msg/Image"),
                t("/cam1/image_raw", "sensor_msgs/msg/Image"), t("/cam0/camera_info", "sensor_msgs/msg/CameraInfo"),
                t("/cam1/camera_info", "sensor_msgs/msg/CameraInfo")), null, List.of(), null, null);
        assertThat(stereo.imageTopics()).containsExactly("/cam0/image_raw", "/cam1/image_raw");

        ReplayTopics compressed = ReplayTopics.choose(List.of(t("/camera/image_raw/compressed",
                "sensor_msgs/msg/CompressedImage"), INFO), null, List.of(), null, null);
        assertThat(compressed.cameraInfo).isEqualTo("/camera/camera_info");

        ReplayTopics rgbd = ReplayTopics.choose(List.of(t("/camera/rgb/image_raw", "sensor_msgs/msg/Image"),
                t("/camera/depth/image_raw", "sensor_msgs/msg/Image"),
                t("/camera/rgb/camera_info", "sensor_msgs/msg/CameraInfo")), null, List.of(), null, null);
        assertThat(rgbd.mode).isEqualTo(VoMode.RGBD);
        assertThat(rgbd.second).isEqualTo("/camera/depth/image_raw");
        assertThat(rgbd.cameraInfo).isEqualTo("/camera/rgb/camera_info");
    }

    @Test
    void mistakesAreNamedWithWhatTheBagHas() {
        List<TopicInfo> two = List.of(t("/a/image", "sensor_msgs/msg/Image"), t("/b/image", "sensor_msgs/msg/Image"),
                t("/a/camera_info", "sensor_msgs/msg/CameraInfo"));
        assertThatThrownBy(() -> ReplayTopics.choose(two, null, List.of(), null, null))
                .hasMessageContaining("several image topics").hasMessageContaining("--image-topic");
        assertThatThrownBy(() -> ReplayTopics.choose(two, null, List.of("/c/image"), null, null))
                .hasMessageContaining("/c/image is not in the bag").hasMessageContaining("/a/image (sensor_msgs/msg/Image)");
        assertThatThrownBy(() -> ReplayTopics.choose(two, null, List.of("/a/camera_info"), null, null))
                .hasMessageContaining("is sensor_msgs/msg/CameraInfo, not");
        assertThatThrownBy(() -> ReplayTopics.choose(List.of(INFO), null, List.of(), null, null))
                .hasMessageContaining("no image topics");
        // the only camera_info of a bag serves any image topic; of several, the one beside the image must be there
        assertThat(ReplayTopics.choose(two, null, List.of("/b/image"), null, null).cameraInfo).isEqualTo("/a/camera_info");
        List<TopicInfo> twoInfos = new java.util.ArrayList<>(two);
        twoInfos.add(t("/c/camera_info", "sensor_msgs/msg/CameraInfo"));
        assertThatThrownBy(() -> ReplayTopics.choose(twoInfos, null, List.of("/b/image"), null, null))
                .hasMessageContaining("no camera_info topic /b/camera_info beside /b/image")
                .hasMessageContaining("--camera-info-topic");
        assertThatThrownBy(() -> ReplayTopics.choose(two, null, List.of("/a/image"), null, "/odom"))
                .hasMessageContaining("ground truth topic /odom is not in the bag");
    }
}
