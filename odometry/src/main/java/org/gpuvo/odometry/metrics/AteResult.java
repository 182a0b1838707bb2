package org.gpuvo.odometry.metrics;

/**
 * Absolute trajectory error: the distance between each paired estimate position, after alignment, and its
 * reference position.
 *
 * @param alignment  the transform applied to the estimate (identity for {@link AlignmentMode#NONE})
 * @param errors     metres, one per pair, in pair order
 * @param times      the estimate's time of each pair, seconds
 * @param statistics summary of {@code errors}
 */
public record AteResult(AlignmentMode mode, SimilarityTransform alignment, double[] errors, double[] times,
                        ErrorStatistics statistics) {
    public double rmse() {
        return statistics.rmse();
    }

    public int n() {
        return statistics.n();
    }
}
