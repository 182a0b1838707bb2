package org.gpuvo.ros.msg;

/** geometry_msgs/msg/TransformStamped: the pose of {@code childFrameId} in {@code header.frameId}. */
public record TransformStamped(Header header, String childFrameId, Transform transform) {
    public static final String TYPE = "geometry_msgs/msg/TransformStamped";
}
