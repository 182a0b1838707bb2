package org.gpuvo.ros.msg;

/**
 * sensor_msgs/msg/Image. {@code step} is the row length in bytes; {@code data} holds {@code height × step} bytes
 * (senders may append more; a shorter array is malformed). Unsigned fields are held in ints as sent.
 */
public record Image(Header header, int height, int width, String encoding, boolean bigEndian, int step, byte[] data) {
    public static final String TYPE = "sensor_msgs/msg/Image";
}
