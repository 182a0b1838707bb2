package org.gpuvo.ros.msg;

/** rosgraph_msgs/msg/Clock: the simulated time on {@code /clock}. */
public record Clock(Time clock) {
    public static final String TYPE = "rosgraph_msgs/msg/Clock";
}
