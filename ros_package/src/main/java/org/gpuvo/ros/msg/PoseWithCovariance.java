package org.gpuvo.ros.msg;

/** geometry_msgs/msg/PoseWithCovariance: 6×6 row-major covariance of (x, y, z, rotation about x, y, z). */
public record PoseWithCovariance(Pose pose, double[] covariance) {
    public static final String TYPE = "geometry_msgs/msg/PoseWithCovariance";
}
