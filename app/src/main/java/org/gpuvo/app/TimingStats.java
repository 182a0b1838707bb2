package org.gpuvo.app;

import java.util.Arrays;

/**
 * Summary of repeated timings of one piece of work, in milliseconds: median, 90th and 99th percentiles, minimum,
 * maximum and mean.
 */
public final class TimingStats {
    public final int repetitions;
    public final double medianMs;
    public final double p90Ms;
    public final double minMs;
    /** the 99th percentile: with fewer than 100 timings, interpolated between the two largest */
    public final double p99Ms;
    public final double maxMs;
    public final double meanMs;

    private TimingStats(int repetitions, double medianMs, double p90Ms, double minMs, double p99Ms, double maxMs,
                        double meanMs) {
        this.repetitions = repetitions;
        this.medianMs = medianMs;
        this.p90Ms = p90Ms;
        this.minMs = minMs;
        this.p99Ms = p99Ms;
        this.maxMs = maxMs;
        this.meanMs = meanMs;
    }

    /** Statistics of {@code nanos} (one entry per repetition; the array is sorted in place). */
    public static TimingStats ofNanos(long[] nanos) {
        double[] ms = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++)
            ms[i] = nanos[i] / 1e6;
        return ofMillis(ms, ms.length);
    }

    /** Statistics of the first {@code count} entries of {@code millis} (sorted in place); NaN entries are skipped. */
    public static TimingStats ofMillis(double[] millis, int count) {
        double[] finite = Arrays.stream(millis, 0, count).filter(Double::isFinite).sorted().toArray();
        if (finite.length == 0)
            return new TimingStats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        double sum = 0;
        for (double v : finite)
            sum += v;
        return new TimingStats(finite.length, percentile(finite, 0.5), percentile(finite, 0.9), finite[0],
                percentile(finite, 0.99), finite[finite.length - 1], sum / finite.length);
    }

    /** Linear interpolation between the closest ranks. */
    private static double percentile(double[] sorted, double p) {
        double rank = p * (sorted.length - 1);
        int lo = (int) Math.floor(rank), hi = (int) Math.ceil(rank);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
    }
}
