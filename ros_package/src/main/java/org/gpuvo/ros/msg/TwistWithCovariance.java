package org.gpuvo.ros.msg;

/** geometry_msgs/msg/TwistWithCovariance: 6×6 row-major covariance. */
public record TwistWithCovariance(Twist twist, double[] covariance) {
    public static final String TYPE = "geometry_msgs/msg/TwistWithCovariance";
}
