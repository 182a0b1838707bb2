package org.gpuvo.ros.node;

import java.util.Locale;

/**
 * How camera images arrive, in image_transport's terms: {@code raw} sensor_msgs/Image on the image topic itself, or
 * {@code compressed} sensor_msgs/CompressedImage (JPEG or PNG) on the image topic + {@code /compressed}. Depth images
 * are always raw (compressedDepth is not supported).
 */
public enum ImageTransport {
    RAW(""),
    COMPRESSED("/compressed");

    /** What image_transport appends to the base topic. */
    public final String topicSuffix;

    ImageTransport(String topicSuffix) {
        this.topicSuffix = topicSuffix;
    }

    /**
     * The transport of a parameter value, {@code raw} or {@code compressed}.
     *
     * @throws IllegalArgumentException for any other
     */
    public static ImageTransport of(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        for (ImageTransport t : values())
            if (t.name().toLowerCase(Locale.ROOT).equals(n))
                return t;
        throw new IllegalArgumentException("image transport must be 'raw' or 'compressed', got '" + name + "'");
    }
}
