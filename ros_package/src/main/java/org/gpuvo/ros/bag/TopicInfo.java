package org.gpuvo.ros.bag;

import java.util.Objects;

/**
 * A topic as rosbag2 records it: name, ROS type ({@code sensor_msgs/msg/Image}), serialization format ({@code cdr}),
 * the offered QoS profiles as rosbag2's YAML text ("" where the bag has none), and the type description hash
 * ({@code RIHS01_...}, "" where the bag has none).
 */
public record TopicInfo(String name, String type, String serializationFormat, String offeredQosProfiles,
                        String typeDescriptionHash) {
    public TopicInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        serializationFormat = serializationFormat == null ? "cdr" : serializationFormat;
        offeredQosProfiles = offeredQosProfiles == null ? "" : offeredQosProfiles;
        typeDescriptionHash = typeDescriptionHash == null ? "" : typeDescriptionHash;
    }

    /** A CDR topic without QoS profiles or type hash. */
    public static TopicInfo of(String name, String type) {
        return new TopicInfo(name, type, "cdr", "", "");
    }
}
