package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Pose. */
public record Pose(Point position, Quaternion orientation) {
    public static final String TYPE = "geometry_msgs/msg/Pose";
}
