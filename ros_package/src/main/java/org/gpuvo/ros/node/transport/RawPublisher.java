package org.gpuvo.ros.node.transport;

/** Publishes serialized messages (CDR with the encapsulation header) of one topic and type. */
public interface RawPublisher extends AutoCloseable {
    /** The fully qualified topic name, e.g. {@code /vo/odom}. */
    String topic();

    void publish(byte[] cdr);

    /**
     * How many subscriptions are matched right now, or -1 where the transport cannot tell (then optional outputs such
     * as a debug image are published anyway).
     */
    int matchedSubscriptions();

    /** The writer's GUID (16 bytes), its gid in ROS 2's graph; empty where the transport has none. */
    default byte[] gid() {
        return new byte[0];
    }

    @Override
    void close();
}
