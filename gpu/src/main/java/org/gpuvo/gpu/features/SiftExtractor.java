package org.gpuvo.gpu.features;

import org.gpuvo.gpu.image.GrayImage;

/**
 * Detects SIFT keypoints and computes their 128-D descriptors (Lowe 2004, with VLFeat's conventions; the
 * algorithm both backends follow is written down in {@code gpu/SIFT.md}). Implementations keep their working
 * buffers between calls, so one instance serves one stream of frames and is not thread safe. Create one with
 * {@code FactorySift}.
 */
public interface SiftExtractor extends AutoCloseable {
    /**
     * Detects and describes features of {@code image}, replacing the contents of {@code out}. An image too small
     * for the configured octaves gets fewer octaves; one too small for any gets no features.
     *
     * @throws IllegalArgumentException if the image or {@code out} is null or the image is larger than supported
     */
    void detect(GrayImage image, SiftFeatures out);

    /** A copy of the configuration this extractor was created with. */
    ConfigSift config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();

    @Override
    default void close() {
    }
}
