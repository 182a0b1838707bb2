package org.gpuvo.odometry.geometry;

import java.util.Arrays;

/** The inliers of an estimate as both a flag per input and the increasing list of their indices; grows, never shrinks. */
final class InlierSet {
    private boolean[] flags = new boolean[0];
    private int[] indices = new int[0];
    private int count;
    private int size;

    /** Makes room for n inputs and clears the set. */
    void reset(int n) {
        if (flags.length < n) {
            int capacity = Math.max(n, flags.length + (flags.length >> 1));
            flags = new boolean[capacity];
            indices = new int[capacity];
        }
        size = n;
        count = 0;
        Arrays.fill(flags, 0, n, false);
    }

    /** The flags to fill; call {@link #update()} afterwards. */
    boolean[] flags() {
        return flags;
    }

    /** Rebuilds the index list from the flags. */
    void update() {
        count = 0;
        for (int i = 0; i < size; i++)
            if (flags[i])
                indices[count++] = i;
    }

    /** Exchanges storage with {@code other} (both must have been reset to the same size). */
    void swap(InlierSet other) {
        boolean[] f = flags;
        flags = other.flags;
        other.flags = f;
        int[] ix = indices;
        indices = other.indices;
        other.indices = ix;
        int c = count;
        count = other.count;
        other.count = c;
        int s = size;
        size = other.size;
        other.size = s;
    }

    int count() {
        return count;
    }

    int[] indices() {
        return indices;
    }

    int get(int k) {
        if (k < 0 || k >= count)
            throw new IndexOutOfBoundsException("inlier " + k + " of " + count);
        return indices[k];
    }

    boolean contains(int i) {
        if (i < 0 || i >= size)
            throw new IndexOutOfBoundsException("input " + i + " of " + size);
        return flags[i];
    }

    void clear() {
        Arrays.fill(flags, 0, size, false);
        count = 0;
    }
}
