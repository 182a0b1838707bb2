package org.gpuvo.odometry.vo;

import java.util.Arrays;

/** Triangulated map points in the world frame, with the grey value of the pixel each was seen at. */
public final class PointCloud {
    private float[] xyz = new float[3 * 64];
    private byte[] grey = new byte[64];
    private int size;

    public void add(double x, double y, double z, int greyValue) {
        if (size == grey.length) {
            grey = Arrays.copyOf(grey, size * 2);
            xyz = Arrays.copyOf(xyz, size * 6);
        }
        xyz[3 * size] = (float) x;
        xyz[3 * size + 1] = (float) y;
        xyz[3 * size + 2] = (float) z;
        grey[size++] = (byte) greyValue;
    }

    /** A copy of this cloud, as large as it needs to be. */
    public PointCloud copy() {
        PointCloud c = new PointCloud();
        c.xyz = Arrays.copyOf(xyz, Math.max(3, 3 * size));
        c.grey = Arrays.copyOf(grey, Math.max(1, size));
        c.size = size;
        return c;
    }

    public int size() {
        return size;
    }

    public float x(int i) {
        return xyz[3 * check(i)];
    }

    public float y(int i) {
        return xyz[3 * check(i) + 1];
    }

    public float z(int i) {
        return xyz[3 * check(i) + 2];
    }

    /** Grey value 0..255. */
    public int grey(int i) {
        return grey[check(i)] & 0xFF;
    }

    private int check(int i) {
        if (i < 0 || i >= size)
            throw new IndexOutOfBoundsException(i);
        return i;
    }
}
