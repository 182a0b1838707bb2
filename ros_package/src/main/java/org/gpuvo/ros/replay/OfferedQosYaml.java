package org.gpuvo.ros.replay;

import org.gpuvo.ros.node.transport.QosProfile;

/**
 * A topic's {@code offered_qos_profiles} as rosbag2 writes it into bags (metadata.yaml, the sqlite3 {@code topics}
 * table, MCAP channel metadata): a YAML list of the publishers' profiles, each with the keys of rosbag2_storage's
 * {@code convert<rclcpp::QoS>::encode}. The policies are written as rmw's enum numbers, as rosbag2 writes them up to
 * metadata version 8 (gpuvo's), which every rosbag2 reads (from version 9 on it writes names and reads either):
 * history KEEP_LAST 1; reliability RELIABLE 1, BEST_EFFORT 2; durability TRANSIENT_LOCAL 1, VOLATILE 2; liveliness
 * AUTOMATIC 1 ({@code rmw/types.h}). Deadline, lifespan and lease are infinite, written as rmw's
 * {@code RMW_DURATION_INFINITE} (9223372036 s 854775807 ns), as ROS 2 recorded them for default profiles.
 */
public final class OfferedQosYaml {
    private static final String INFINITE = "\n    sec: 9223372036\n    nsec: 854775807";

    private OfferedQosYaml() {
    }

    /** The list of one publisher's profile. */
    public static String of(QosProfile qos) {
        int reliability = qos.reliability() == QosProfile.Reliability.RELIABLE ? 1 : 2;
        int durability = qos.durability() == QosProfile.Durability.TRANSIENT_LOCAL ? 1 : 2;
        return "- history: 1\n  depth: " + qos.depth() + "\n  reliability: " + reliability + "\n  durability: "
                + durability + "\n  deadline:" + INFINITE + "\n  lifespan:" + INFINITE + "\n  liveliness: 1\n"
                + "  liveliness_lease_duration:" + INFINITE + "\n  avoid_ros_namespace_conventions: false";
    }
}
