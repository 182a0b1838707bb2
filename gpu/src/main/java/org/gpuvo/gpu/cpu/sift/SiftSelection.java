package org.gpuvo.gpu.cpu.sift;

/**
 * The order of SIFT features ({@code gpu/SIFT.md} §7): response descending (as OpenCV's {@code retainBest} keeps
 * the strongest; Lowe and VLFeat keep all), ties by lower y, then lower x, then lower angle, so that the kept {@code maxFeatures} and their order do not depend on the order in which they were
 * found. A merge sort of an index array over primitive key arrays (no object per feature); buffers are reused.
 */
public final class SiftSelection {
    private int[] order = new int[0];
    private int[] scratch = new int[0];
    private float[] response, y, x, angle;

    /**
     * Sorts the indices 0 … n−1 by the keys; {@code angle} may be null (extrema, before orientation).
     *
     * @return the sorted indices, valid until the next call
     */
    public int[] order(int n, float[] response, float[] y, float[] x, float[] angle) {
        if (order.length < n) {
            order = new int[n];
            scratch = new int[n];
        }
        for (int i = 0; i < n; i++)
            order[i] = i;
        this.response = response;
        this.y = y;
        this.x = x;
        this.angle = angle;
        sort(0, n);
        this.response = this.y = this.x = this.angle = null;
        return order;
    }

    /** Negative if feature i comes before feature j. */
    int compare(int i, int j) {
        int c = Float.compare(response[j], response[i]);
        if (c != 0)
            return c;
        c = Float.compare(y[i], y[j]);
        if (c != 0)
            return c;
        c = Float.compare(x[i], x[j]);
        if (c != 0 || angle == null)
            return c;
        return Float.compare(angle[i], angle[j]);
    }

    /** Stable merge sort of order[from, to). */
    private void sort(int from, int to) {
        if (to - from < 16) {
            for (int i = from + 1; i < to; i++) {
                int v = order[i], k = i - 1;
                while (k >= from && compare(order[k], v) > 0)
                    order[k + 1] = order[k--];
                order[k + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sort(from, mid);
        sort(mid, to);
        if (compare(order[mid - 1], order[mid]) <= 0)
            return;
        System.arraycopy(order, from, scratch, from, to - from);
        int a = from, b = mid, k = from;
        while (a < mid && b < to)
            order[k++] = compare(scratch[b], scratch[a]) < 0 ? scratch[b++] : scratch[a++];
        while (a < mid)
            order[k++] = scratch[a++];
        while (b < to)
            order[k++] = scratch[b++];
    }
}
