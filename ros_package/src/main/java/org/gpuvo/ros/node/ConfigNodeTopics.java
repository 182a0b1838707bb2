package org.gpuvo.ros.node;

import org.gpuvo.gpu.struct.Configuration;

import java.lang.reflect.Field;

/**
 * The node's topic names, fully qualified (remapping and namespaces already applied by whoever fills this in). The
 * defaults are the node's relative names resolved in the root namespace. Which inputs are used depends on the mode:
 * mono {@link #image} + {@link #cameraInfo}; stereo {@link #leftImage}, {@link #rightImage} and both camera infos;
 * RGB-D {@link #rgbImage}, {@link #depthImage} + {@link #rgbCameraInfo}.
 */
public final class ConfigNodeTopics implements Configuration {
    // inputs
    public String image = "/image";
    public String cameraInfo = "/camera_info";
    public String leftImage = "/left/image_rect";
    public String rightImage = "/right/image_rect";
    public String leftCameraInfo = "/left/camera_info";
    public String rightCameraInfo = "/right/camera_info";
    public String rgbImage = "/rgb/image";
    public String depthImage = "/depth/image";
    public String rgbCameraInfo = "/rgb/camera_info";
    /** std_msgs/Empty: start the odometry over; the default is the node's private {@code ~/reset} */
    public String reset = "/gpuvo/reset";
    /** read where use_sim_time is set */
    public String clock = "/clock";
    /** read where the camera's mounting is not given as a parameter */
    public String tfStatic = "/tf_static";

    // outputs
    public String odom = "/odom";
    public String tf = "/tf";
    public String pose = "/pose";
    public String path = "/path";
    public String matches = "/matches";
    public String inliers = "/inliers";
    public String status = "/status";
    public String diagnostics = "/diagnostics";
    public String debugImage = "/debug_image";

    /**
     * @throws IllegalArgumentException naming a topic whose name is not fully qualified
     */
    @Override
    public ConfigNodeTopics checkValidity() {
        for (Field field : ValueFields.of(ConfigNodeTopics.class, String.class)) {
            String name = (String) ValueFields.get(field, this);
            if (name == null || !name.startsWith("/") || name.endsWith("/") || name.contains("//") || name.contains(" "))
                throw new IllegalArgumentException("topic " + field.getName() + " must be a fully qualified name "
                        + "such as /camera/image, got '" + name + "'");
        }
        return this;
    }

    @Override
    public ConfigNodeTopics copy() {
        return ValueFields.copy(this, new ConfigNodeTopics(), String.class);
    }
}
