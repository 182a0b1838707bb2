package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Quaternion, in ROS order x, y, z, w (georegression's is w, x, y, z). */
public record Quaternion(double x, double y, double z, double w) {
    public static final String TYPE = "geometry_msgs/msg/Quaternion";
    public static final Quaternion IDENTITY = new Quaternion(0, 0, 0, 1);
}
