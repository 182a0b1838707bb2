package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Twist. */
public record Twist(Vector3 linear, Vector3 angular) {
    public static final String TYPE = "geometry_msgs/msg/Twist";
}
