package org.gpuvo.ros.msg;

/** std_msgs/msg/String. */
public record StringMessage(String data) {
    public static final String TYPE = "std_msgs/msg/String";
}
