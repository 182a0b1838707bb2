package org.gpuvo.gpu.features;

import java.util.Arrays;

/**
 * Real-valued descriptors of a fixed length (SIFT: 128), stored back to back in one float array (row {@code i}
 * starts at {@code i * length}). They are compared by Euclidean distance. Where a distance has to be an integer
 * (a {@code Matches} entry, {@code ConfigMatch.maxDistance}), it is {@link #DISTANCE_SCALE} times the Euclidean
 * distance, rounded: the unit of the 8-bit SIFT descriptors of VLFeat and OpenCV, which store 512 times the
 * unit-length descriptor's components.
 */
public final class FloatDescriptors {
    public static final int SIFT_LENGTH = 128;
    /** integer distances are this many times the Euclidean distance (the 8-bit SIFT unit) */
    public static final int DISTANCE_SCALE = 512;

    public final int length;
    private int size;
    public float[] data = new float[0];

    public FloatDescriptors(int length) {
        if (length <= 0)
            throw new IllegalArgumentException("descriptor length must be positive: " + length);
        this.length = length;
    }

    public static FloatDescriptors sift() {
        return new FloatDescriptors(SIFT_LENGTH);
    }

    public int size() {
        return size;
    }

    /** Sets the number of descriptors, growing the storage if needed (new rows are zero). */
    public void resize(int count) {
        if (count < 0)
            throw new IllegalArgumentException("negative descriptor count " + count);
        long floats = (long) count * length;
        if (floats > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException(count + " descriptors of " + length + " floats do not fit one array");
        if (floats > data.length)
            data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(floats, data.length * 3L / 2)));
        if (count > size)
            Arrays.fill(data, size * length, count * length, 0f);
        size = count;
    }

    /** Squared Euclidean distance between descriptor {@code i} of this set and descriptor {@code j} of {@code other}. */
    public float squaredDistance(int i, FloatDescriptors other, int j) {
        if (other.length != length)
            throw new IllegalArgumentException("descriptor lengths differ: " + length + " and " + other.length);
        int a = i * length, b = j * length;
        float d = 0;
        for (int k = 0; k < length; k++) {
            float e = data[a + k] - other.data[b + k];
            d += e * e;
        }
        return d;
    }

    /** {@link #DISTANCE_SCALE} times the Euclidean distance of a squared distance, rounded: the integer unit. */
    public static int scaledDistance(float squaredDistance) {
        return (int) Math.min(Integer.MAX_VALUE - 1, Math.round(Math.sqrt(squaredDistance) * DISTANCE_SCALE));
    }

    /** Copies descriptor {@code from} over descriptor {@code to} (for compacting a set in place). */
    public void move(int from, int to) {
        if (from != to)
            System.arraycopy(data, from * length, data, to * length, length);
    }

    public float[] row(int i) {
        return Arrays.copyOfRange(data, i * length, (i + 1) * length);
    }

    public FloatDescriptors copy() {
        FloatDescriptors c = new FloatDescriptors(length);
        c.resize(size);
        System.arraycopy(data, 0, c.data, 0, size * length);
        return c;
    }
}
