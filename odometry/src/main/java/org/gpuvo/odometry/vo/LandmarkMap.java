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
    /** where a triangulated point was first seen (frame, normalized x, y) and the parallax it was triangulated with */
    private int[] anchorFrame = new int[1024];
    private double[] anchorX = new double[1024], anchorY = new double[1024], parallaxDeg = new double[1024];
    private int size;

    int add(double wx, double wy, double wz, int greyValue) {
        if (size == x.length) {
            int n = size * 2;
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            z = Arrays.copyOf(z, n);
            grey = Arrays.copyOf(grey, n);
            rejected = Arrays.copyOf(rejected, n);
            anchorFrame = Arrays.copyOf(anchorFrame, n);
            anchorX = Arrays.copyOf(anchorX, n);
            anchorY = Arrays.copyOf(anchorY, n);
            parallaxDeg = Arrays.copyOf(parallaxDeg, n);
        }
        anchorFrame[size] = -1;
        x[size] = wx;
        y[size] = wy;
        z[size] = wz;
        grey[size] = (byte) greyValue;
        return size++;
    }

    /** Adds a point triangulated from its first observation (frame, x, y) with the given parallax. */
    int addTriangulated(double wx, double wy, double wz, int greyValue, int frame, double x, double y, double parallax) {
        int id = add(wx, wy, wz, greyValue);
        anchorFrame[id] = frame;
        anchorX[id] = x;
        anchorY[id] = y;
        parallaxDeg[id] = parallax;
        return id;
    }

    /** The frame of the point's first observation, or -1 for a point measured by stereo or depth. */
    int anchorFrame(int id) {
        return anchorFrame[id];
    }

    double anchorX(int id) {
        return anchorX[id];
    }

    double anchorY(int id) {
        return anchorY[id];
    }

    double parallaxDeg(int id) {
        return parallaxDeg[id];
    }

    /** Moves a triangulated point to a better estimate, from a wider parallax. */
    void refine(int id, double wx, double wy, double wz, double parallax) {
        x[id] = wx;
        y[id] = wy;
        z[id] = wz;
        parallaxDeg[id] = parallax;
    }

    /** Moves a point (bundle adjustment). */
    void setPosition(int id, double wx, double wy, double wz) {
        x[id] = wx;
        y[id] = wy;
        z[id] = wz;
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
