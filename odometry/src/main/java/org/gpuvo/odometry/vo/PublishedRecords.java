package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * A growable array of fixed-size records of doubles, written by one thread and read by others through immutable
 * {@link View}s. The records live in chunks; {@link #publish()} copies only the chunks written since the previous
 * publication and shares the others with it, so that publishing after a local change costs the change, not the
 * array (a long run's map holds millions of points, of which a bundle adjustment moves a few thousand).
 */
final class PublishedRecords {
    private static final int CHUNK_BITS = 10, CHUNK = 1 << CHUNK_BITS, MASK = CHUNK - 1;

    private final int stride;
    private double[][] work = new double[0][];
    private double[][] published = new double[0][];
    private boolean[] dirty = new boolean[0];
    private int size;

    PublishedRecords(int stride) {
        this.stride = stride;
    }

    int size() {
        return size;
    }

    /** Appends a record of zeros; returns its index. */
    int add() {
        int chunk = size >>> CHUNK_BITS;
        if (chunk == work.length) {
            int n = Math.max(4, 2 * work.length);
            work = Arrays.copyOf(work, n);
            published = Arrays.copyOf(published, n);
            dirty = Arrays.copyOf(dirty, n);
        }
        if (work[chunk] == null)
            work[chunk] = new double[CHUNK * stride];
        dirty[chunk] = true;
        return size++;
    }

    double get(int index, int component) {
        return work[index >>> CHUNK_BITS][(index & MASK) * stride + component];
    }

    void set(int index, int component, double value) {
        int chunk = index >>> CHUNK_BITS;
        work[chunk][(index & MASK) * stride + component] = value;
        dirty[chunk] = true;
    }

    /** An immutable view of the records as they are now. */
    View publish() {
        int chunks = (size + MASK) >>> CHUNK_BITS;
        for (int c = 0; c < chunks; c++)
            if (dirty[c] || published[c] == null) {
                published[c] = work[c].clone();
                dirty[c] = false;
            }
        return new View(stride, Arrays.copyOf(published, chunks), size);
    }

    /** Records as they were when published; never changes. */
    static final class View {
        static final View EMPTY = new View(1, new double[0][], 0);

        private final int stride;
        private final double[][] chunks;
        private final int size;

        private View(int stride, double[][] chunks, int size) {
            this.stride = stride;
            this.chunks = chunks;
            this.size = size;
        }

        int size() {
            return size;
        }

        double get(int index, int component) {
            return chunks[index >>> CHUNK_BITS][(index & MASK) * stride + component];
        }
    }
}
