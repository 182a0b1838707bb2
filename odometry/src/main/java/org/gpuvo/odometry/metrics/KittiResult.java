package org.gpuvo.odometry.metrics;

/**
 * The KITTI odometry benchmark's drift figures: mean over all segments of the translation error per metre and of
 * the rotation error per metre, with the breakdown by segment length.
 *
 * @param translationError  mean of ‖t(E)‖ / length, metres per metre
 * @param rotationError     mean of angle(E) / length, radians per metre
 * @param segments          how many segments the means are over
 * @param lengths           the segment lengths, metres
 * @param lengthSegments    segments of each length
 * @param lengthTranslation mean translation error per metre of each length (NaN where there is none)
 * @param lengthRotation    mean rotation error per metre of each length, radians (NaN where there is none)
 */
public record KittiResult(double translationError, double rotationError, int segments, double[] lengths,
                          int[] lengthSegments, double[] lengthTranslation, double[] lengthRotation) {
    /** t_err as the benchmark prints it, percent. */
    public double tErrPercent() {
        return translationError * 100;
    }

    /** r_err as the benchmark prints it, degrees per 100 m. */
    public double rErrDegPer100m() {
        return Math.toDegrees(rotationError) * 100;
    }
}
