package org.gpuvo.ros.node.transport;

import java.util.function.Consumer;

/**
 * What the node needs of a ROS 2 middleware: publish and subscribe serialized messages by fully qualified topic
 * name and ROS type name ({@code sensor_msgs/msg/Image}; the transport maps them to DDS, {@code rt/<topic>} and
 * {@code sensor_msgs::msg::dds_::Image_}). Everything above (names, parameters, messages) is ROS-neutral, so that a
 * new middleware binding is one class. Callbacks may come on any thread, concurrently for different topics.
 */
public interface Transport extends AutoCloseable {
    /** A short name for logs, e.g. "ihmc-fastdds" or "loopback". */
    String name();

    RawPublisher advertise(String topic, String rosType, QosProfile qos);

    Subscription subscribe(String topic, String rosType, QosProfile qos, Consumer<ReceivedMessage> callback);

    /**
     * Offers a service: requests of {@code serviceType} ({@code std_srvs/srv/Empty}) to {@code service} (a fully
     * qualified name) go to the handler, its answers back to the client that asked, as ROS 2's middlewares pair them.
     *
     * @throws UnsupportedOperationException where the transport has no services
     */
    default ServiceServer serve(String service, String serviceType, QosProfile qos, ServiceHandler handler) {
        throw new UnsupportedOperationException(name() + " offers no services");
    }

    /**
     * The GUID of the transport's DDS participant (16 bytes: the 12-byte prefix, then the entity id), which ROS 2
     * tools take as the gid of every node on it; empty where the transport has no DDS participant.
     */
    default byte[] participantGid() {
        return new byte[0];
    }

    /**
     * Publishes on a DDS topic named exactly {@code ddsTopic}, outside ROS's topic names (no {@code rt/} prefix), as
     * rmw does for {@code ros_discovery_info}.
     *
     * @throws UnsupportedOperationException where the transport has no such topics
     */
    default RawPublisher advertiseDdsTopic(String ddsTopic, String rosType, QosProfile qos) {
        throw new UnsupportedOperationException(name() + " has no DDS topics outside ROS's names");
    }

    @Override
    void close();
}
