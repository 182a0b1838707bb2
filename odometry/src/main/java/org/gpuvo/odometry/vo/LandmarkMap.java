package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * The map: triangulated points in the world frame, by id (ids are dense, from 0). Points are never removed, so
 * that the whole reconstruction can be exported; a point found wrong by RANSAC is flagged and no longer used.
 */
final class LandmarkMap {
    private double[] x = new double[1024], y = new double[1024], z = new double[1024];
    private byte[] grey = new byte[1024];
    private boolean[] rejected = new boolean[1024];
    private int size;

    int add(double wx, double wy, double wz, int greyValue) {
        if (size == x.length) {
            int n = size * 2;
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            z = Arrays.copyOf(z, n);
            grey = Arrays.copyOf(grey, n);
            rejected = Arrays.copyOf(rejected, n);
        }
        x[size] = wx;
        y[size] = wy;
        z[size] = wz;
        grey[size] = (byte) greyValue;
        return size++;
    }

    int size() {
        return size;
    }

    double x(int id) {
        return x[id];
    }

    double y(int id) {
        return y[id];
    }

    double z(int id) {
        return z[id];
    }

    void reject(int id) {
        rejected[id] = true;
    }

    boolean usable(int id) {
        return id >= 0 && !rejected[id];
    }

    /** The points not rejected, as a cloud. */
    PointCloud toPointCloud() {
        PointCloud cloud = new PointCloud();
        for (int i = 0; i < size; i++)
            if (!rejected[i])
                cloud.add(x[i], y[i], z[i], grey[i] & 0xFF);
        return cloud;
    }

    void clear() {
        size = 0;
    }
}
