package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.features.ConfigSift;

/**
 * How many extrema and oriented features the CUDA SIFT's device lists hold. The lists are sized generously from
 * the scale space's area (real frames give about one refined extremum per 300 first-octave pixels; the lists hold
 * one per 48 pixels of all octaves), so that a frame rarely overflows them; one that does makes the extractor grow
 * them by {@link #grown} and run the frame again.
 */
final class SiftCapacities {
    /** pixels of all octaves per extremum the initial list holds */
    static final int PIXELS_PER_EXTREMUM = 48;
    static final int MINIMUM = 1024;

    private SiftCapacities() {
    }

    /** Extrema the list holds at first for frames of {@code table}'s size. */
    static int initialExtrema(SiftOctaveTable table) {
        long pixels = 0;
        for (int i = 0; i < table.count; i++)
            pixels += (long) table.width[i] * table.height[i];
        return (int) Math.min(Integer.MAX_VALUE / 64, MINIMUM + pixels / PIXELS_PER_EXTREMUM);
    }

    /** Feature entries for {@code extrema} extrema: two orientations each on average (about 1.3 is typical). */
    static int featuresFor(int extrema, ConfigSift config) {
        return (int) Math.min(Integer.MAX_VALUE / 64, (long) extrema * Math.min(2, config.maxOrientations) + MINIMUM);
    }

    /** A list that held fewer than {@code found}: the next size. */
    static int grown(int found) {
        return (int) Math.min(Integer.MAX_VALUE / 64, found + (long) found / 4 + MINIMUM);
    }
}
