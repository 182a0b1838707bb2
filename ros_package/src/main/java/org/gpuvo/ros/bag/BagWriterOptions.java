package org.gpuvo.ros.bag;

import org.gpuvo.ros.RosDistro;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings of a bag being written.
 *
 * @param rosDistro  the ROS distribution recorded in the bag ({@code ros_distro} in metadata.yaml, the sqlite3
 *                   {@code schema} table); rosbag2 takes it from the environment variable {@code ROS_DISTRO}
 * @param customData free key/value pairs for metadata.yaml's {@code custom_data}
 */
public record BagWriterOptions(String rosDistro, Map<String, String> customData) {
    public BagWriterOptions {
        rosDistro = rosDistro == null ? "" : rosDistro;
        customData = customData == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(customData));
    }

    /**
     * As rosbag2 does: the distribution named by {@code ROS_DISTRO}, or where unset the one whose bag formats gpuvo
     * writes ({@link RosDistro#DEFAULT}); no custom data.
     */
    public static BagWriterOptions defaults() {
        return new BagWriterOptions(RosDistro.fromEnvironment(System.getenv()), Map.of());
    }
}
