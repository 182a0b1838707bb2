package org.gpuvo.ros.transport.ihmc;

import org.gpuvo.ros.cdr.RosTypeNames;
import org.gpuvo.ros.node.args.RosNames;
import us.ihmc.pubsub.common.Guid;

/**
 * The DDS names that ROS 2 gives its topics and types, so that a plain DDS participant matches ROS 2 nodes of any
 * middleware: topic {@code /vo/odom} is DDS topic {@code rt/vo/odom}, type {@code nav_msgs/msg/Odometry} is DDS type
 * {@code nav_msgs::msg::dds_::Odometry_} (the mapping of ROS 2's design article "Topic and Service name mapping to
 * DDS" and of rosidl's generated IDL).
 */
public final class DdsNames {
    /** The prefix ROS 2 puts before the name of a topic (not of a service or action). */
    public static final String TOPIC_PREFIX = "rt";
    /** The prefixes and suffixes of a service's request and reply topics ({@code rq/vo/resetRequest}). */
    public static final String REQUEST_PREFIX = "rq", REPLY_PREFIX = "rr", REQUEST_SUFFIX = "Request",
            REPLY_SUFFIX = "Reply";

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

    /** The DDS topic of a service's requests: {@code /vo/reset} is {@code rq/vo/resetRequest}. */
    public static String requestTopic(String rosService) {
        RosNames.checkFullTopicName(rosService);
        return REQUEST_PREFIX + rosService + REQUEST_SUFFIX;
    }

    /** The DDS topic of a service's replies: {@code /vo/reset} is {@code rr/vo/resetReply}. */
    public static String replyTopic(String rosService) {
        RosNames.checkFullTopicName(rosService);
        return REPLY_PREFIX + rosService + REPLY_SUFFIX;
    }

    /**
     * The DDS types of a service's request and response, as rosidl generates them: {@code std_srvs/srv/Empty} gives
     * {@code std_srvs::srv::dds_::Empty_Request_} and {@code std_srvs::srv::dds_::Empty_Response_}.
     *
     * @throws IllegalArgumentException where the name is not of the form {@code package/srv/Type}
     */
    public static String[] serviceTypes(String rosService) {
        String[] parts = rosService == null ? new String[0] : rosService.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty() || !parts[1].equals("srv") || parts[2].isEmpty())
            throw new IllegalArgumentException("ROS type '" + rosService + "' is not a service type of the form "
                    + "package/srv/Type");
        String base = parts[0] + "::srv::dds_::" + parts[2];
        return new String[]{base + "_Request_", base + "_Response_"};
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

    /**
     * A GUID's 16 bytes in RTPS order (the 12-byte prefix, then the entity id), as rmw copies it into a gid.
     * ihmc-pub-sub fills both parts from the native GUID's bytes in memory order, so they are the wire's bytes.
     */
    static byte[] gid(Guid guid) {
        byte[] prefix = guid.getGuidPrefix().getValue();
        byte[] entity = guid.getEntity().getValue();
        byte[] gid = new byte[prefix.length + entity.length];
        System.arraycopy(prefix, 0, gid, 0, prefix.length);
        System.arraycopy(entity, 0, gid, prefix.length, entity.length);
        return gid;
    }
}
