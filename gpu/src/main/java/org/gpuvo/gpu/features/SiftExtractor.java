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

    /**
     * Sets {@link ConfigSift#contrastThreshold} for the following detections: an extremum is kept when its refined
     * |D| is at least {@code threshold / levelsPerOctave}. Lower: more, weaker features (e.g. on sparse texture, to
     * reach {@code maxFeatures}). Both backends derive the per-level threshold from it on the host, once, as at
     * creation, so that they keep giving the same features for the same value; setting the value back gives the
     * features of before. Setting the value in force does nothing.
     *
     * @throws IllegalArgumentException unless {@code threshold} is in [0, 1) ({@link ConfigSift#checkValidity()})
     */
    void setContrastThreshold(double threshold);

    /**
     * A copy of the configuration the extractor detects with now: the one it was created with, and the contrast
     * threshold last given to {@link #setContrastThreshold}.
     */
    ConfigSift config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();

    @Override
    default void close() {
    }
}
