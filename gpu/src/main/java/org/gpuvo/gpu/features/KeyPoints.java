package org.gpuvo.gpu.features;

import java.util.Arrays;

/**
 * A growable list of keypoints held as parallel primitive arrays, with no object per keypoint. Coordinates are
 * in pixels of the full-resolution image (level 0), as in OpenCV: a keypoint detected on pyramid level {@code l}
 * at (u, v) is stored at (u·s, v·s) with {@code s = scaleFactor^l}.
 */
public final class KeyPoints {
    private int size;
    public float[] x = new float[0];
    public float[] y = new float[0];
    /** pyramid level (OpenCV's {@code octave}) */
    public int[] level = new int[0];
    /** diameter of the described patch in level-0 pixels */
    public float[] diameter = new float[0];
    /** orientation in degrees, [0, 360), measured as OpenCV does (image x right, y down) */
    public float[] angle = new float[0];
    /** corner response used for ranking (Harris, or FAST score) */
    public float[] response = new float[0];

    public KeyPoints() {
    }

    public KeyPoints(int capacity) {
        ensureCapacity(capacity);
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        size = 0;
    }

    public void ensureCapacity(int capacity) {
        if (capacity <= x.length)
            return;
        int n = Math.max(capacity, x.length + (x.length >> 1) + 16);
        x = Arrays.copyOf(x, n);
        y = Arrays.copyOf(y, n);
        level = Arrays.copyOf(level, n);
        diameter = Arrays.copyOf(diameter, n);
        angle = Arrays.copyOf(angle, n);
        response = Arrays.copyOf(response, n);
    }

    /** Appends a keypoint and returns its index. */
    public int add(float x, float y, int level, float diameter, float angle, float response) {
        ensureCapacity(size + 1);
        int i = size++;
        this.x[i] = x;
        this.y[i] = y;
        this.level[i] = level;
        this.diameter[i] = diameter;
        this.angle[i] = angle;
        this.response[i] = response;
        return i;
    }

    /** Appends keypoint {@code i} of {@code other}. */
    public int addFrom(KeyPoints other, int i) {
        return add(other.x[i], other.y[i], other.level[i], other.diameter[i], other.angle[i], other.response[i]);
    }

    /** Copies keypoint {@code from} over keypoint {@code to} (for compacting a list in place). */
    public void move(int from, int to) {
        if (from == to)
            return;
        x[to] = x[from];
        y[to] = y[from];
        level[to] = level[from];
        diameter[to] = diameter[from];
        angle[to] = angle[from];
        response[to] = response[from];
    }

    /** Drops every keypoint from index {@code newSize} on. */
    public void truncate(int newSize) {
        if (newSize < 0 || newSize > size)
            throw new IllegalArgumentException("cannot truncate " + size + " keypoints to " + newSize);
        size = newSize;
    }

    public KeyPoints copy() {
        KeyPoints c = new KeyPoints(size);
        for (int i = 0; i < size; i++)
            c.addFrom(this, i);
        return c;
    }
}
