package org.gpuvo.gpu.opencv;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;

import java.util.List;

/**
 * Measures agreement between gpuvo's CPU ORB and OpenCV's {@code cv::ORB} (through the JavaCPP presets) on the
 * same images with the same parameters. (being written)
 */
public final class OrbConformance {
    /** Keypoints of the same level closer than this, in pixels of that level, are the same keypoint. */
    public static final double MATCH_RADIUS_PX = 1.0;

    private OrbConformance() {
    }

    /** @param images named images, in order */
    public static OrbConformanceReport measure(List<NamedImage> images, ConfigOrb config) {
        throw new UnsupportedOperationException("in progress");
    }

    /** An image and the name it is reported under (usually its file name). */
    public record NamedImage(String name, GrayImage image) {
    }
}
