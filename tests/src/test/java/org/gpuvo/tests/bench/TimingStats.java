package org.gpuvo.tests.bench;

import java.util.Arrays;

/** Summary of repeated timings of one piece of work: median and 90th percentile, in milliseconds. */
final class TimingStats {
    final int repetitions;
    final double medianMs;
    final double p90Ms;
    final double minMs;

    private TimingStats(int repetitions, double medianMs, double p90Ms, double minMs) {
        this.repetitions = repetitions;
        this.medianMs = medianMs;
        this.p90Ms = p90Ms;
        this.minMs = minMs;
    }

    /** Statistics of {@code nanos} (one entry per repetition; the array is sorted in place). */
    static TimingStats of(long[] nanos) {
        if (nanos.length == 0)
            throw new IllegalArgumentException("no timings");
        Arrays.sort(nanos);
        return new TimingStats(nanos.length, percentile(nanos, 0.5), percentile(nanos, 0.9), nanos[0] / 1e6);
    }

    /** Linear interpolation between the closest ranks, in milliseconds. */
    private static double percentile(long[] sorted, double p) {
        double rank = p * (sorted.length - 1);
        int lo = (int) Math.floor(rank), hi = (int) Math.ceil(rank);
        double value = sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
        return value / 1e6;
    }
}
