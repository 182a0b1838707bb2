package org.gpuvo.ros.msg;

/** std_msgs/msg/Empty: a message that carries nothing but its arrival (the node's reset request). */
public record EmptyMessage() {
    public static final String TYPE = "std_msgs/msg/Empty";
}
