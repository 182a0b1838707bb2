package org.gpuvo.app.bench;

/**
 * CudaSift's published times on an H100 ("Fast, on an H100": CudaSift built from source on that
 * H100). They are fixed reference figures printed beside gpuvo's, not measured by {@code gpuvo bench}.
 */
final class CudaSiftReference {
    /** Device-only extraction, milliseconds, at 1280×720 and 1920×1080. */
    static final double EXTRACTION_1280x720_MS = 0.32, EXTRACTION_1920x1080_MS = 0.42;
    /** Matching 3267 × 4318 features, milliseconds. */
    static final double MATCH_3267x4318_MS = 0.52;
    /** Its best 16384 × 16384 × 128 brute-force match, milliseconds (24 TFLOP/s). */
    static final double MATCH_16384x16384_MS = 2.86;
    /** The targets for gpuvo's knn-2 match, milliseconds. */
    static final double TARGET_16384x16384_MS = 0.5, TARGET_4096x4096_MS = 0.05;

    private CudaSiftReference() {
    }

    /** CudaSift's extraction time at this size, or NaN where none is published. */
    static double extractionMs(int width, int height) {
        if (width == 1280 && height == 720)
            return EXTRACTION_1280x720_MS;
        if (width == 1920 && height == 1080)
            return EXTRACTION_1920x1080_MS;
        return Double.NaN;
    }

    /** CudaSift's match time for these set sizes (either order), or NaN where none is published. */
    static double matchMs(int queries, int train) {
        if (queries == 16384 && train == 16384)
            return MATCH_16384x16384_MS;
        if (queries == 3267 && train == 4318 || queries == 4318 && train == 3267)
            return MATCH_3267x4318_MS;
        return Double.NaN;
    }

    /** gpuvo's target for these set sizes, or NaN where it sets none. */
    static double targetMs(int queries, int train) {
        if (queries == 16384 && train == 16384)
            return TARGET_16384x16384_MS;
        if (queries == 4096 && train == 4096)
            return TARGET_4096x4096_MS;
        return Double.NaN;
    }
}
