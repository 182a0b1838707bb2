package org.gpuvo.ros.msg;

/** std_msgs/msg/Header: the stamp and the coordinate frame of the data. */
public record Header(Time stamp, String frameId) {
    public static final String TYPE = "std_msgs/msg/Header";
}
