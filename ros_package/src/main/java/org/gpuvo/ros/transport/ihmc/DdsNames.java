package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.RosTypeNames;
import org.gpuvo.ros.node.args.RosNames;

/**
 * The DDS names that ROS 2 gives its topics and types, so that a plain DDS participant matches ROS 2 nodes of any
 * middleware: topic {@code /vo/odom} is DDS topic {@code rt/vo/odom}, type {@code nav_msgs/msg/Odometry} is DDS type
 * {@code nav_msgs::msg::dds_::Odometry_} (the mapping of ROS 2's design article "Topic and Service name mapping to
 * DDS" and of rosidl's generated IDL).
 */
public final class DdsNames {
    /** The prefix ROS 2 puts before the name of a topic (not of a service or action). */
    public static final String TOPIC_PREFIX = "rt";

    private DdsNames() {
    }

    /**
     * The DDS topic of a fully qualified ROS topic name.
     *
     * @throws IllegalArgumentException where the name is not fully qualified or not a valid ROS name
     */
    public static String topic(String rosTopic) {
        RosNames.checkFullTopicName(rosTopic);
        return TOPIC_PREFIX + rosTopic;
    }

    /**
     * The DDS type of a ROS message type, given in any spelling {@link RosTypeNames#canonical} knows
     * ({@code sensor_msgs/msg/Image}, {@code sensor_msgs/Image}, or already in DDS form).
     *
     * @throws IllegalArgumentException where the name is not of the form {@code package/msg/Type}
     */
    public static String type(String rosType) {
        if (rosType == null)
            throw new IllegalArgumentException("ROS type name is null");
        String canonical = RosTypeNames.canonical(rosType);
        String[] parts = canonical.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !parts[1].equals("msg") || parts[2].isEmpty())
            throw new IllegalArgumentException("ROS type '" + rosType + "' is not a message type of the form "
                    + "package/msg/Type");
        return parts[0] + "::msg::dds_::" + parts[2] + "_";
    }
}
