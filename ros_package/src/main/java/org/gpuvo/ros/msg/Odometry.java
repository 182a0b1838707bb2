package org.gpuvo.ros.msg;

/** nav_msgs/msg/Odometry: the pose in {@code header.frameId}, the twist in {@code childFrameId}. */
public record Odometry(Header header, String childFrameId, PoseWithCovariance pose, TwistWithCovariance twist) {
    public static final String TYPE = "nav_msgs/msg/Odometry";
}
