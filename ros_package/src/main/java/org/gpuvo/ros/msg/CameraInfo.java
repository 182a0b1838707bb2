package org.gpuvo.ros.msg;

/**
 * sensor_msgs/msg/CameraInfo: intrinsics {@code k} (3×3), rectification rotation {@code r} (3×3), projection
 * {@code p} (3×4), all row-major, and the distortion {@code d} of {@code distortionModel} ("plumb_bob",
 * "rational_polynomial", "equidistant").
 */
public record CameraInfo(Header header, int height, int width, String distortionModel, double[] d, double[] k,
                         double[] r, double[] p, int binningX, int binningY, RegionOfInterest roi) {
    public static final String TYPE = "sensor_msgs/msg/CameraInfo";
}
