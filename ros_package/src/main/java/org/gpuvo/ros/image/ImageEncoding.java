package org.gpuvo.ros.image;

import java.util.Locale;
import java.util.Optional;

/**
 * The {@code sensor_msgs/Image} encodings gpuvo reads (the names of ROS's {@code sensor_msgs/image_encodings.hpp}):
 * grey, colour with or without alpha, and depth in millimetres (16UC1) or metres (32FC1).
 */
public enum ImageEncoding {
    MONO8("mono8", 1, 1),
    MONO16("mono16", 1, 2),
    RGB8("rgb8", 3, 1),
    BGR8("bgr8", 3, 1),
    RGBA8("rgba8", 4, 1),
    BGRA8("bgra8", 4, 1),
    /** depth in millimetres, 0 = none */
    DEPTH_16UC1("16UC1", 1, 2),
    /** depth in metres, 0 or NaN = none */
    DEPTH_32FC1("32FC1", 1, 4);

    /** The name in the message. */
    public final String rosName;
    public final int channels, bytesPerChannel;

    ImageEncoding(String rosName, int channels, int bytesPerChannel) {
        this.rosName = rosName;
        this.channels = channels;
        this.bytesPerChannel = bytesPerChannel;
    }

    public int bytesPerPixel() {
        return channels * bytesPerChannel;
    }

    /** Whether the pixels are depth rather than intensity. */
    public boolean isDepth() {
        return this == DEPTH_16UC1 || this == DEPTH_32FC1;
    }

    /** The encoding of a message's {@code encoding} field (case as ROS writes it; "8UC1" is mono8, "16UC1" depth). */
    public static Optional<ImageEncoding> of(String name) {
        if (name == null)
            return Optional.empty();
        String n = name.trim();
        for (ImageEncoding e : values())
            if (e.rosName.equals(n) || e.rosName.equalsIgnoreCase(n))
                return Optional.of(e);
        return switch (n.toUpperCase(Locale.ROOT)) {
            case "8UC1" -> Optional.of(MONO8);
            case "8UC3" -> Optional.of(BGR8); // OpenCV's default channel order
            case "8UC4" -> Optional.of(BGRA8);
            default -> Optional.empty();
        };
    }

    /** The names accepted, for error messages. */
    public static String supported() {
        StringBuilder b = new StringBuilder();
        for (ImageEncoding e : values())
            b.append(b.length() == 0 ? "" : ", ").append(e.rosName);
        return b.toString();
    }
}
