package org.gpuvo.ros.node.transport;

/** A subscription; closing it stops the callbacks. */
public interface Subscription extends AutoCloseable {
    String topic();

    /** The reader's GUID (16 bytes), its gid in ROS 2's graph; empty where the transport has none. */
    default byte[] gid() {
        return new byte[0];
    }

    @Override
    void close();
}
