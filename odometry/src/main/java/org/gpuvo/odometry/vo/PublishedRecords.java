package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * A growable array of fixed-size records of doubles, written by one thread and read by others through immutable
 * {@link View}s. The records live in chunks, shared with the views published while they stay unchanged: the first
 * write into a chunk after a publication copies it (copy on write), so that publishing after a local change costs the
 * change, not the array (a long run's trajectory holds millions of frames, of which a bundle adjustment moves a few),
 * and a chunk nobody writes any more is held once. The oldest chunks may be forgotten ({@link #forgetBelow}) where only
 * the recent records are wanted.
 */
final class PublishedRecords {
    private final int stride, chunkBits, chunk, mask;
    /** the chunks from {@link #firstChunk} on; those below were forgotten */
    private double[][] work = new double[0][];
    /** whether a chunk is shared with the views published: it is copied before it is written */
    private boolean[] shared = new boolean[0];
    private int firstChunk, size;

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

    /** Records below this index are forgotten (a multiple of the chunk size, 0 if none are). */
    int firstKept() {
        return firstChunk << chunkBits;
    }

    /** Appends a record of zeros; returns its index. */
    int add() {
        int c = (size >>> chunkBits) - firstChunk;
        if (c == work.length) {
            int n = Math.max(4, 2 * work.length);
            work = Arrays.copyOf(work, n);
            shared = Arrays.copyOf(shared, n);
        }
        if (work[c] == null)
            work[c] = new double[chunk * stride];
        // the new record's slot was never written: zeros, also in a shared chunk, whose views end before it
        return size++;
    }

    double get(int index, int component) {
        return work[kept(index)][(index & mask) * stride + component];
    }

    void set(int index, int component, double value) {
        int c = kept(index);
        if (shared[c]) {
            work[c] = work[c].clone();
            shared[c] = false;
        }
        work[c][(index & mask) * stride + component] = value;
    }

    private int kept(int index) {
        int c = (index >>> chunkBits) - firstChunk;
        if (c < 0)
            throw new IllegalArgumentException("record " + index + " was forgotten (kept from " + firstKept() + ")");
        return c;
    }

    /** Forgets the whole chunks of records below {@code index}: they may no longer be read or written. */
    void forgetBelow(int index) {
        int drop = Math.min((Math.min(index, size) >>> chunkBits) - firstChunk, work.length);
        if (drop <= 0)
            return;
        System.arraycopy(work, drop, work, 0, work.length - drop);
        System.arraycopy(shared, drop, shared, 0, shared.length - drop);
        Arrays.fill(work, work.length - drop, work.length, null);
        Arrays.fill(shared, shared.length - drop, shared.length, false);
        firstChunk += drop;
    }

    /** An immutable view of the records as they are now. */
    View publish() {
        int chunks = ((size + mask) >>> chunkBits) - firstChunk;
        Arrays.fill(shared, 0, chunks, true);
        return new View(stride, chunkBits, firstChunk, Arrays.copyOf(work, chunks), size);
    }

    /** Records as they were when published; never changes. */
    static final class View {
        static final View EMPTY = new View(1, 0, 0, new double[0][], 0);

        private final int stride, chunkBits, mask, firstChunk;
        private final double[][] chunks;
        private final int size;

        private View(int stride, int chunkBits, int firstChunk, double[][] chunks, int size) {
            this.stride = stride;
            this.chunkBits = chunkBits;
            this.mask = (1 << chunkBits) - 1;
            this.firstChunk = firstChunk;
            this.chunks = chunks;
            this.size = size;
        }

        int size() {
            return size;
        }

        /** Records below this index were forgotten before the view was published. */
        int firstKept() {
            return firstChunk << chunkBits;
        }

        double get(int index, int component) {
            int c = (index >>> chunkBits) - firstChunk;
            if (c < 0)
                throw new IllegalArgumentException("record " + index + " was forgotten (kept from " + firstKept()
                        + ")");
            return chunks[c][(index & mask) * stride + component];
        }
    }
}
