package org.gpuvo.ros.msg;

/** geometry_msgs/msg/PoseStamped. */
public record PoseStamped(Header header, Pose pose) {
    public static final String TYPE = "geometry_msgs/msg/PoseStamped";
}
