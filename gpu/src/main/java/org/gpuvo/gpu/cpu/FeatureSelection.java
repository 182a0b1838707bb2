package org.gpuvo.gpu.cpu;

import java.util.Arrays;

/**
 * Chooses which candidate corners of a level become features. Candidates are given as parallel arrays
 * (x, y, response) and are compacted in place, keeping their order.
 */
final class FeatureSelection {
    private float[] sorted = new float[0];
    private int[] cellCount = new int[0];
    private int[] cellStart = new int[0];
    private int[] members = new int[0];
    private boolean[] chosen = new boolean[0];

    /**
     * Keeps the candidates whose response is at least the {@code n}-th largest, so ties at the boundary all stay:
     * the rule of OpenCV's {@code KeyPointsFilter::retainBest}, which makes the kept set independent of order.
     *
     * @return the number kept
     */
    int retainBest(int count, int n, int[] xs, int[] ys, float[] response) {
        if (n >= count)
            return count;
        if (n <= 0)
            return 0;
        if (sorted.length < count)
            sorted = new float[count];
        System.arraycopy(response, 0, sorted, 0, count);
        Arrays.sort(sorted, 0, count);
        float threshold = sorted[count - n];
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (response[i] >= threshold) {
                xs[kept] = xs[i];
                ys[kept] = ys[i];
                response[kept] = response[i];
                kept++;
            }
        }
        return kept;
    }

    /**
     * Spreads the {@code n} features over the level: the level is cut into square cells of {@code cellSize}
     * pixels and the cells, in turn, give up their strongest remaining candidate until {@code n} are chosen, so
     * that one textured region cannot take them all (the intent of ORB-SLAM's distribution, Mur-Artal et al. 2015).
     *
     * @return the number kept
     */
    int spreadOverGrid(int count, int n, int[] xs, int[] ys, float[] response, int width, int height, int cellSize) {
        if (n >= count)
            return count;
        if (n <= 0)
            return 0;
        int cols = (width + cellSize - 1) / cellSize, rows = (height + cellSize - 1) / cellSize;
        int cells = cols * rows;
        if (cellCount.length < cells + 1) {
            cellCount = new int[cells + 1];
            cellStart = new int[cells + 1];
        }
        if (members.length < count) {
            members = new int[count];
            chosen = new boolean[count];
        }
        Arrays.fill(cellCount, 0, cells + 1, 0);
        for (int i = 0; i < count; i++)
            cellCount[(ys[i] / cellSize) * cols + xs[i] / cellSize]++;
        for (int c = 0, start = 0; c < cells; c++) {
            cellStart[c] = start;
            start += cellCount[c];
        }
        cellStart[cells] = count;
        Arrays.fill(cellCount, 0, cells, 0);
        for (int i = 0; i < count; i++) {
            int c = (ys[i] / cellSize) * cols + xs[i] / cellSize;
            members[cellStart[c] + cellCount[c]++] = i;
        }
        // strongest first within each cell (cells hold few candidates: insertion sort)
        for (int c = 0; c < cells; c++) {
            int s = cellStart[c], e = s + cellCount[c];
            for (int i = s + 1; i < e; i++) {
                int m = members[i];
                int j = i - 1;
                while (j >= s && response[members[j]] < response[m]) {
                    members[j + 1] = members[j];
                    j--;
                }
                members[j + 1] = m;
            }
        }
        Arrays.fill(chosen, 0, count, false);
        int picked = 0;
        for (int round = 0; picked < n; round++) {
            for (int c = 0; c < cells && picked < n; c++) {
                if (round < cellCount[c]) {
                    chosen[members[cellStart[c] + round]] = true;
                    picked++;
                }
            }
        }
        int kept = 0;
        for (int i = 0; i < count; i++) {
            if (chosen[i]) {
                xs[kept] = xs[i];
                ys[kept] = ys[i];
                response[kept] = response[i];
                kept++;
            }
        }
        return kept;
    }
}
