package org.gpuvo.ros.msg;

/** geometry_msgs/msg/Vector3. */
public record Vector3(double x, double y, double z) {
    public static final String TYPE = "geometry_msgs/msg/Vector3";
    public static final Vector3 ZERO = new Vector3(0, 0, 0);
}
