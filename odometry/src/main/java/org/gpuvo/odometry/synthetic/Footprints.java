package org.gpuvo.odometry.synthetic;

/**
 * Oriented rectangles in the ground plane, used to lay scenes out without overlaps and with clearance around
 * the camera path. A footprint is {centre x, centre y, half length, half width, yaw}.
 */
final class Footprints {
    private Footprints() {
    }

    static double[] of(double cx, double cy, double length, double width, double yaw) {
        return new double[]{cx, cy, length / 2, width / 2, yaw};
    }

    /** Distance from point (px, py) to the rectangle (0 inside). */
    static double distance(double[] f, double px, double py) {
        double c = Math.cos(f[4]), s = Math.sin(f[4]);
        double dx = px - f[0], dy = py - f[1];
        double along = Math.abs(c * dx + s * dy) - f[2];
        double across = Math.abs(-s * dx + c * dy) - f[3];
        double ox = Math.max(along, 0), oy = Math.max(across, 0);
        return Math.hypot(ox, oy);
    }

    /** Whether two rectangles grown by {@code margin} overlap (separating axis test). */
    static boolean overlap(double[] a, double[] b, double margin) {
        double[][] axes = {axis(a[4]), normal(a[4]), axis(b[4]), normal(b[4])};
        for (double[] n : axes) {
            double ca = n[0] * a[0] + n[1] * a[1], cb = n[0] * b[0] + n[1] * b[1];
            if (Math.abs(ca - cb) > extent(a, n) + extent(b, n) + margin)
                return false;
        }
        return true;
    }

    /** Whether all four corners lie inside [x0, x1] × [y0, y1]. */
    static boolean inside(double[] f, double x0, double y0, double x1, double y1) {
        double c = Math.cos(f[4]), s = Math.sin(f[4]);
        for (int k = 0; k < 4; k++) {
            double a = (k == 0 || k == 3 ? -1 : 1) * f[2], b = (k < 2 ? -1 : 1) * f[3];
            double x = f[0] + c * a - s * b, y = f[1] + s * a + c * b;
            if (x < x0 || x > x1 || y < y0 || y > y1)
                return false;
        }
        return true;
    }

    private static double extent(double[] f, double[] n) {
        double c = Math.cos(f[4]), s = Math.sin(f[4]);
        return f[2] * Math.abs(c * n[0] + s * n[1]) + f[3] * Math.abs(-s * n[0] + c * n[1]);
    }

    private static double[] axis(double yaw) {
        return new double[]{Math.cos(yaw), Math.sin(yaw)};
    }

    private static double[] normal(double yaw) {
        return new double[]{-Math.sin(yaw), Math.cos(yaw)};
    }
}
