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

    @Override
    void close();
}
