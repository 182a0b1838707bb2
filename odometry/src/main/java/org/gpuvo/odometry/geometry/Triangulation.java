package org.gpuvo.odometry.geometry;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;

/**
 * Two-view triangulation of normalized observations, allocation-free: the midpoint of the common perpendicular of
 * the two rays (Hartley &amp; Zisserman §12.1; P. Beardsley, A. Zisserman, D. Murray, ECCV 1994) as a start,
 * then Gauss–Newton on the reprojection error in both views, which from there reaches the maximum-likelihood point
 * (Hartley &amp; Sturm, "Triangulation", CVIU 68(2), 1997) in a few steps.
 */
public final class Triangulation {
    private static final int MAX_STEPS = 10;

    private Triangulation() {
    }

    /**
     * Point in view-1 coordinates from (x1, y1) (view 1) and (x2, y2) (view 2); false if the rays are (near)
     * parallel (parallax below {@code minParallaxDeg}), the point is behind either camera, or its reprojection
     * error (Euclidean, normalized units) in either view exceeds {@code maxErrorNormalized}. When false,
     * {@code outInView1} holds the rejected estimate if one was computed and is otherwise unchanged.
     */
    public static boolean triangulate(double x1, double y1, double x2, double y2, Se3_F64 view1ToView2,
                                      double minParallaxDeg, double maxErrorNormalized, Point3D_F64 outInView1) {
        double[] r = view1ToView2.R.data;
        double tx = view1ToView2.T.x, ty = view1ToView2.T.y, tz = view1ToView2.T.z;
        // ray 1 in view-2 coordinates, d1 = R·(x1, y1, 1), from the centre T; ray 2 is d2 = (x2, y2, 1) from 0
        double ax = r[0] * x1 + r[1] * y1 + r[2];
        double ay = r[3] * x1 + r[4] * y1 + r[5];
        double az = r[6] * x1 + r[7] * y1 + r[8];
        double parallax = angle(ax, ay, az, x2, y2, 1);
        if (!(parallax >= Math.toRadians(minParallaxDeg)) || parallax == 0)
            return false;

        // midpoint: minimise |T + s·d1 − u·d2|²
        double aa = ax * ax + ay * ay + az * az;
        double ab = ax * x2 + ay * y2 + az;
        double bb = x2 * x2 + y2 * y2 + 1;
        double at = ax * tx + ay * ty + az * tz;
        double bt = x2 * tx + y2 * ty + tz;
        double det = aa * bb - ab * ab;
        if (!(det > 0))
            return false;
        double s = (ab * bt - bb * at) / det;
        double u = (aa * bt - ab * at) / det;
        // midpoint in view 2, then back to view 1: p1 = Rᵀ·(p2 − T)
        double mx = 0.5 * (tx + s * ax + u * x2) - tx;
        double my = 0.5 * (ty + s * ay + u * y2) - ty;
        double mz = 0.5 * (tz + s * az + u) - tz;
        double px = r[0] * mx + r[3] * my + r[6] * mz;
        double py = r[1] * mx + r[4] * my + r[7] * mz;
        double pz = r[2] * mx + r[5] * my + r[8] * mz;

        // Gauss–Newton on the four reprojection residuals, 3×3 normal equations solved by Cramer's rule; a step
        // that raises the error is halved (low-parallax points have a shallow, curved valley)
        double cost = cost(r, tx, ty, tz, px, py, pz, x1, y1, x2, y2);
        for (int step = 0; step < MAX_STEPS && cost > 0 && cost < Double.POSITIVE_INFINITY; step++) {
            double qx = r[0] * px + r[1] * py + r[2] * pz + tx;
            double qy = r[3] * px + r[4] * py + r[5] * pz + ty;
            double qz = r[6] * px + r[7] * py + r[8] * pz + tz;
            double iz1 = 1 / pz, iz2 = 1 / qz;
            double e0 = px * iz1 - x1, e1 = py * iz1 - y1;
            double e2 = qx * iz2 - x2, e3 = qy * iz2 - y2;
            // rows of J (d residual / d p1)
            double j00 = iz1, j01 = 0, j02 = -px * iz1 * iz1;
            double j10 = 0, j11 = iz1, j12 = -py * iz1 * iz1;
            double fx = qx * iz2 * iz2, fy = qy * iz2 * iz2;
            double j20 = r[0] * iz2 - fx * r[6], j21 = r[1] * iz2 - fx * r[7], j22 = r[2] * iz2 - fx * r[8];
            double j30 = r[3] * iz2 - fy * r[6], j31 = r[4] * iz2 - fy * r[7], j32 = r[5] * iz2 - fy * r[8];
            double a00 = j00 * j00 + j10 * j10 + j20 * j20 + j30 * j30;
            double a01 = j00 * j01 + j10 * j11 + j20 * j21 + j30 * j31;
            double a02 = j00 * j02 + j10 * j12 + j20 * j22 + j30 * j32;
            double a11 = j01 * j01 + j11 * j11 + j21 * j21 + j31 * j31;
            double a12 = j01 * j02 + j11 * j12 + j21 * j22 + j31 * j32;
            double a22 = j02 * j02 + j12 * j12 + j22 * j22 + j32 * j32;
            double g0 = -(j00 * e0 + j10 * e1 + j20 * e2 + j30 * e3);
            double g1 = -(j01 * e0 + j11 * e1 + j21 * e2 + j31 * e3);
            double g2 = -(j02 * e0 + j12 * e1 + j22 * e2 + j32 * e3);
            double c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
            double d = a00 * c00 + a01 * c01 + a02 * c02;
            if (!(Math.abs(d) > 0))
                break;
            double c11 = a00 * a22 - a02 * a02, c12 = a01 * a02 - a00 * a12, c22 = a00 * a11 - a01 * a01;
            double dx = (c00 * g0 + c01 * g1 + c02 * g2) / d;
            double dy = (c01 * g0 + c11 * g1 + c12 * g2) / d;
            double dz = (c02 * g0 + c12 * g1 + c22 * g2) / d;
            boolean accepted = false;
            for (int halving = 0; halving < 4 && !accepted; halving++) {
                double nx = px + dx, ny = py + dy, nz = pz + dz;
                double c = cost(r, tx, ty, tz, nx, ny, nz, x1, y1, x2, y2);
                if (c < cost) {
                    accepted = true;
                    px = nx;
                    py = ny;
                    pz = nz;
                    boolean converged = cost - c <= 1e-12 * cost;
                    cost = c;
                    if (converged)
                        step = MAX_STEPS;
                } else {
                    dx *= 0.5;
                    dy *= 0.5;
                    dz *= 0.5;
                }
            }
            if (!accepted)
                break;
        }
        outInView1.setTo(px, py, pz);

        double qx = r[0] * px + r[1] * py + r[2] * pz + tx;
        double qy = r[3] * px + r[4] * py + r[5] * pz + ty;
        double qz = r[6] * px + r[7] * py + r[8] * pz + tz;
        if (!(pz > 0 && qz > 0))
            return false;
        double e1x = px / pz - x1, e1y = py / pz - y1;
        double e2x = qx / qz - x2, e2y = qy / qz - y2;
        double limit2 = maxErrorNormalized * maxErrorNormalized;
        return e1x * e1x + e1y * e1y <= limit2 && e2x * e2x + e2y * e2y <= limit2;
    }

    /** Squared reprojection error in both views; +∞ if the point is not in front of both cameras. */
    private static double cost(double[] r, double tx, double ty, double tz, double px, double py, double pz,
                               double x1, double y1, double x2, double y2) {
        double qz = r[6] * px + r[7] * py + r[8] * pz + tz;
        if (!(pz > 0 && qz > 0))
            return Double.POSITIVE_INFINITY;
        double qx = r[0] * px + r[1] * py + r[2] * pz + tx;
        double qy = r[3] * px + r[4] * py + r[5] * pz + ty;
        double e0 = px / pz - x1, e1 = py / pz - y1, e2 = qx / qz - x2, e3 = qy / qz - y2;
        return e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
    }

    /** Parallax angle in degrees between the two rays of an observation pair (independent of the translation). */
    public static double parallaxDeg(double x1, double y1, double x2, double y2, Se3_F64 view1ToView2) {
        double[] r = view1ToView2.R.data;
        double ax = r[0] * x1 + r[1] * y1 + r[2];
        double ay = r[3] * x1 + r[4] * y1 + r[5];
        double az = r[6] * x1 + r[7] * y1 + r[8];
        return Math.toDegrees(angle(ax, ay, az, x2, y2, 1));
    }

    /** Angle between two vectors, by atan2(|a×b|, a·b): accurate for small angles too. */
    static double angle(double ax, double ay, double az, double bx, double by, double bz) {
        double cx = ay * bz - az * by, cy = az * bx - ax * bz, cz = ax * by - ay * bx;
        return Math.atan2(Math.sqrt(cx * cx + cy * cy + cz * cz), ax * bx + ay * by + az * bz);
    }
}
