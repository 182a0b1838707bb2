package org.gpuvo.ros.node.transport;

/**
 * A message as it arrived: the topic (fully qualified ROS name), its serialized CDR bytes with the 4-byte
 * encapsulation header, and when it arrived ({@link System#nanoTime()}, for latency figures).
 */
public record ReceivedMessage(String topic, byte[] data, long receivedNanos) {
}
