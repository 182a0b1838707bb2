package org.gpuvo.app.conformance;

/**
 * Decides from ground truth whether a match between a point of one image and a point of another is a true
 * correspondence: its error, in pixels, is at most the tolerance.
 */
public interface CorrespondenceCheck {
    /** The error of the match (x1, y1) in the first image ↔ (x2, y2) in the second, in pixels. */
    double error(double x1, double y1, double x2, double y2);

    /** The largest error of a correct match, in pixels. */
    double tolerancePx();

    /** What the error is, as a stable identifier for reports: e.g. {@code "sampson_distance"}. */
    String criterion();

    /** Whether the match is correct; a NaN error (undefined geometry) is not. */
    default boolean isCorrect(double x1, double y1, double x2, double y2) {
        return error(x1, y1, x2, y2) <= tolerancePx();
    }
}
