package org.gpuvo.gpu.features;

import org.gpuvo.gpu.image.GrayImage;

/**
 * Detects ORB keypoints and computes their 256-bit steered BRIEF descriptors. Implementations keep their
 * working buffers between calls, so one instance serves one stream of frames and is not thread safe.
 * Create one with {@link FactoryOrb}.
 */
public interface OrbExtractor extends AutoCloseable {
    /** Detects and describes features of {@code image}, replacing the contents of {@code out}. */
    void detect(GrayImage image, OrbFeatures out);

    /**
     * Computes descriptors for given keypoints (level and angle as set by the caller), as OpenCV's
     * {@code ORB::compute} does. Keypoints too close to the border of their level to be described are
     * removed from {@code keyPoints}, so that it stays index-aligned with {@code out}.
     */
    void describe(GrayImage image, KeyPoints keyPoints, Descriptors out);

    ConfigOrb config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();

    @Override
    default void close() {
    }
}
