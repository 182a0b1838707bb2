package org.gpuvo.ros.msg;

/** sensor_msgs/msg/CompressedImage: {@code format} names the codec ("jpeg", "png", or image_transport's longer form). */
public record CompressedImage(Header header, String format, byte[] data) {
    public static final String TYPE = "sensor_msgs/msg/CompressedImage";
}
