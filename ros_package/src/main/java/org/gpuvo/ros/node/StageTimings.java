package org.gpuvo.ros.node;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The durations of each {@link Stage} over the last frames, for their medians. A fixed window per stage, so the
 * figures follow the present and the memory never grows. Thread-safe.
 */
final class StageTimings {
    private final double[][] millis;
    private final int[] counts = new int[Stage.values().length];
    private final int window;

    StageTimings(int window) {
        this.window = window;
        this.millis = new double[Stage.values().length][window];
    }

    synchronized void add(Stage stage, double ms) {
        int s = stage.ordinal();
        millis[s][counts[s] % window] = ms;
        counts[s]++;
    }

    /** The median of each stage over the window, NaN for a stage with no figure yet. */
    synchronized Map<Stage, Double> medians() {
        Map<Stage, Double> medians = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            int n = Math.min(counts[stage.ordinal()], window);
            if (n == 0) {
                medians.put(stage, Double.NaN);
                continue;
            }
            double[] sorted = Arrays.copyOf(millis[stage.ordinal()], n);
            Arrays.sort(sorted);
            medians.put(stage, n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]));
        }
        return medians;
    }
}
