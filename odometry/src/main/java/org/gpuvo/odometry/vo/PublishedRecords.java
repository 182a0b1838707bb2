package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * A growable array of fixed-size records of doubles, written by one thread and read by others through immutable
 * {@link View}s. The records live in chunks; {@link #publish()} copies only the chunks written since the previous
 * publication and shares the others with it, so that publishing after a local change costs the change, not the
 * array (a long run's map holds millions of points, of which a bundle adjustment moves a few thousand).
 */
final class PublishedRecords {
    private final int stride, chunkBits, chunk, mask;
    private double[][] work = new double[0][];
    private double[][] published = new double[0][];
    private boolean[] dirty = new boolean[0];
    private int size;

    /** @param chunkBits records per chunk as a power of two: what one change to a record costs to publish */
    PublishedRecords(int stride, int chunkBits) {
        this.stride = stride;
        this.chunkBits = chunkBits;
        this.chunk = 1 << chunkBits;
        this.mask = chunk - 1;
    }

    int size() {
        return size;
    }

    /** Appends a record of zeros; returns its index. */
    int add() {
        int c = size >>> chunkBits;
        if (c == work.length) {
            int n = Math.max(4, 2 * work.length);
            work = Arrays.copyOf(work, n);
            published = Arrays.copyOf(published, n);
            dirty = Arrays.copyOf(dirty, n);
        }
        if (work[c] == null)
            work[c] = new double[chunk * stride];
        dirty[c] = true;
        return size++;
    }

    double get(int index, int component) {
        return work[index >>> chunkBits][(index & mask) * stride + component];
    }

    void set(int index, int component, double value) {
        int c = index >>> chunkBits;
        work[c][(index & mask) * stride + component] = value;
        dirty[c] = true;
    }

    /** An immutable view of the records as they are now. */
    View publish() {
        int chunks = (size + mask) >>> chunkBits;
        for (int c = 0; c < chunks; c++)
            if (dirty[c] || published[c] == null) {
                published[c] = work[c].clone();
                dirty[c] = false;
            }
        return new View(stride, chunkBits, Arrays.copyOf(published, chunks), size);
    }

    /** Records as they were when published; never changes. */
    static final class View {
        static final View EMPTY = new View(1, 0, new double[0][], 0);

        private final int stride, chunkBits, mask;
        private final double[][] chunks;
        private final int size;

        private View(int stride, int chunkBits, double[][] chunks, int size) {
            this.stride = stride;
            this.chunkBits = chunkBits;
            this.mask = (1 << chunkBits) - 1;
            this.chunks = chunks;
            this.size = size;
        }

        int size() {
            return size;
        }

        double get(int index, int component) {
            return chunks[index >>> chunkBits][(index & mask) * stride + component];
        }
    }
}
