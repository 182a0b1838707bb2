package org.gpuvo.odometry.metrics;

import java.util.Arrays;

/**
 * Summary of a set of non-negative errors, as evo reports them ({@code numpy}: the median of an even count is the
 * mean of the middle two; {@code std} is the population standard deviation, {@code np.std}).
 *
 * @param rmse   √(sse / n)
 * @param sse    Σ eᵢ²
 */
public record ErrorStatistics(int n, double rmse, double mean, double median, double std, double min, double max,
                              double sse) {

    public static ErrorStatistics of(double[] errors) {
        int n = errors.length;
        if (n == 0)
            return new ErrorStatistics(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);
        double sum = 0, sse = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double e : errors) {
            sum += e;
            sse += e * e;
            min = Math.min(min, e);
            max = Math.max(max, e);
        }
        double mean = sum / n;
        double squares = 0;
        for (double e : errors)
            squares += (e - mean) * (e - mean);
        double[] sorted = errors.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
        return new ErrorStatistics(n, Math.sqrt(sse / n), mean, median, Math.sqrt(squares / n), min, max, sse);
    }
}
