package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Transform. */
public record Transform(Vector3 translation, Quaternion rotation) {
    public static final String TYPE = "geometry_msgs/msg/Transform";
}
