package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Point. */
public record Point(double x, double y, double z) {
    public static final String TYPE = "geometry_msgs/msg/Point";
}
