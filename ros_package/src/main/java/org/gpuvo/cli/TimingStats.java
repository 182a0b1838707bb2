package org.gpuvo.cli;

import java.util.Arrays;

/** Summary of repeated timings of one piece of work: median, 90th percentile and minimum, in milliseconds. */
public final class TimingStats {
    public final int repetitions;
    public final double medianMs;
    public final double p90Ms;
    public final double minMs;

    private TimingStats(int repetitions, double medianMs, double p90Ms, double minMs) {
        this.repetitions = repetitions;
        this.medianMs = medianMs;
        this.p90Ms = p90Ms;
        this.minMs = minMs;
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
            return new TimingStats(0, Double.NaN, Double.NaN, Double.NaN);
        return new TimingStats(finite.length, percentile(finite, 0.5), percentile(finite, 0.9), finite[0]);
    }

    /** Linear interpolation between the closest ranks. */
    private static double percentile(double[] sorted, double p) {
        double rank = p * (sorted.length - 1);
        int lo = (int) Math.floor(rank), hi = (int) Math.ceil(rank);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
    }
}
