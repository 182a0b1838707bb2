package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.KeyPoints;

/**
 * The search-window candidates of the brute-force matchers: train keypoints bucketed in a {@link KeyPointGrid}, with
 * their indices and positions copied into bucket order, and for one predicted position the bucket positions of the
 * keypoints within the search radius (inclusive, tested in double). A matcher gathers its descriptors in the same
 * bucket order ({@link #pointAt}), so that the candidates of one grid row are contiguous in memory. Buffers are
 * reused.
 */
final class WindowCandidates {
    private final KeyPointGrid grid = new KeyPointGrid();
    private final int[] cellRange = new int[4];
    private double radius;
    private int[] index = new int[0];
    private float[] x = new float[0];
    private float[] y = new float[0];
    private int[] found = new int[0];

    /** Buckets the first {@code count} keypoints of {@code points} for windows of {@code radius}. */
    void build(KeyPoints points, int count, double radius) {
        this.radius = radius;
        grid.build(points, count, radius);
        int n = grid.size();
        if (index.length < n) {
            index = new int[n];
            x = new float[n];
            y = new float[n];
            found = new int[n];
        }
        for (int k = 0; k < n; k++) {
            int j = grid.pointAt(k);
            index[k] = j;
            x[k] = points.x[j];
            y[k] = points.y[j];
        }
    }

    /** Keypoints with finite positions: the bucket positions are {@code 0 .. size() - 1}. */
    int size() {
        return grid.size();
    }

    /** The keypoint index at bucket position {@code k}. */
    int pointAt(int k) {
        return index[k];
    }

    /**
     * Finds the keypoints within the radius of ({@code cx}, {@code cy}): their bucket positions, in bucket order
     * (not index order), are {@link #found()}{@code [0 .. returned count)}. A non-finite centre finds none.
     */
    int collect(double cx, double cy) {
        if (!Double.isFinite(cx) || !Double.isFinite(cy) || !grid.cellRange(cx, cy, radius, cellRange))
            return 0;
        double radiusSquared = radius * radius;
        int n = 0;
        for (int row = cellRange[2]; row <= cellRange[3]; row++) {
            int end = grid.spanEnd(row, cellRange[1]);
            for (int k = grid.spanBegin(row, cellRange[0]); k < end; k++) {
                double dx = x[k] - cx, dy = y[k] - cy;
                if (dx * dx + dy * dy <= radiusSquared)
                    found[n++] = k;
            }
        }
        return n;
    }

    /** The bucket positions of the last {@link #collect}. */
    int[] found() {
        return found;
    }
}
