package org.gpuvo.odometry.dataset;

/**
 * The check every calibration reader applies to focal lengths: positive and at most {@value #MAX_PIXELS} pixels.
 * A larger one (a 32768-pixel-wide image with a field of view under 2 degrees needs 1e6) is a typing error whose
 * products overflow or vanish in later steps, where the error would name the wrong cause.
 */
final class FocalLengths {
    static final double MAX_PIXELS = 1e6;

    private FocalLengths() {
    }

    /** Null where both are plausible; otherwise what is wrong, naming them as {@code fxName}, {@code fyName}. */
    static String problem(String fxName, double fx, String fyName, double fy) {
        if (fx > 0 && fy > 0 && fx <= MAX_PIXELS && fy <= MAX_PIXELS)
            return null;
        return "focal lengths must be positive and at most " + MAX_PIXELS + " pixels, got " + fxName + "=" + fx
                + " " + fyName + "=" + fy;
    }
}
