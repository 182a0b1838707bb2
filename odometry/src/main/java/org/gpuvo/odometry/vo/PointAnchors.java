package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * Tracking's record of the monocular points it triangulated, by point id: the first observation (frame, normalized
 * x, y) and the parallax of the latest triangulation, from which a point is triangulated again as the baseline grows.
 * Points measured by stereo or depth have no anchor (frame -1).
 */
final class PointAnchors {
    private int[] frame = new int[1024];
    private double[] x = new double[1024], y = new double[1024], parallaxDeg = new double[1024];

    /** Sets point {@code id}'s anchor (frame -1: none). */
    void set(int id, int anchorFrame, double ax, double ay, double parallax) {
        if (id >= frame.length) {
            int n = Math.max(id + 1, 2 * frame.length);
            frame = Arrays.copyOf(frame, n);
            x = Arrays.copyOf(x, n);
            y = Arrays.copyOf(y, n);
            parallaxDeg = Arrays.copyOf(parallaxDeg, n);
        }
        frame[id] = anchorFrame;
        x[id] = ax;
        y[id] = ay;
        parallaxDeg[id] = parallax;
    }

    int frame(int id) {
        return frame[id];
    }

    double x(int id) {
        return x[id];
    }

    double y(int id) {
        return y[id];
    }

    double parallaxDeg(int id) {
        return parallaxDeg[id];
    }

    void setParallax(int id, double parallax) {
        parallaxDeg[id] = parallax;
    }
}
