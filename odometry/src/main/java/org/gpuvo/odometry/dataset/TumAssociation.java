package org.gpuvo.odometry.dataset;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pairs two sorted lists of timestamps the way the TUM RGB-D benchmark's {@code associate.py} does: every pair closer
 * than {@code maxDifference} is a candidate; candidates are taken greedily by increasing |Δt| (ties by the first time,
 * then the second, as Python sorts the tuples), each time used at most once; the pairs come out sorted by the first
 * time. A two-pointer sweep finds the candidates, so this is O(n log n) rather than associate.py's O(n·m).
 */
final class TumAssociation {
    private TumAssociation() {
    }

    /** Pairs {index in a, index in b}, sorted by the time in {@code a}. Both arrays must be sorted ascending. */
    static int[][] associate(double[] a, double[] b, double maxDifference) {
        List<double[]> candidates = new ArrayList<>(); // {|dt|, a time, b time, i, j}
        int start = 0;
        for (int i = 0; i < a.length; i++) {
            while (start < b.length && b[start] <= a[i] - maxDifference)
                start++;
            for (int j = start; j < b.length && b[j] < a[i] + maxDifference; j++) {
                double d = Math.abs(a[i] - b[j]);
                if (d < maxDifference)
                    candidates.add(new double[]{d, a[i], b[j], i, j});
            }
        }
        candidates.sort((x, y) -> {
            for (int k = 0; k < 3; k++) {
                int c = Double.compare(x[k], y[k]);
                if (c != 0)
                    return c;
            }
            return 0;
        });
        boolean[] usedA = new boolean[a.length], usedB = new boolean[b.length];
        List<int[]> pairs = new ArrayList<>();
        for (double[] c : candidates) {
            int i = (int) c[3], j = (int) c[4];
            if (usedA[i] || usedB[j])
                continue;
            usedA[i] = usedB[j] = true;
            pairs.add(new int[]{i, j});
        }
        int[][] out = pairs.toArray(new int[0][]);
        Arrays.sort(out, (x, y) -> Integer.compare(x[0], y[0]));
        return out;
    }
}
