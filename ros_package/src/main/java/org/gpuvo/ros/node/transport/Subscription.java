package org.gpuvo.ros.node.transport;

/** A subscription; closing it stops the callbacks. */
public interface Subscription extends AutoCloseable {
    String topic();

    @Override
    void close();
}
