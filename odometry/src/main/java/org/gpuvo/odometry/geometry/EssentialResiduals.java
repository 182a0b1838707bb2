package org.gpuvo.odometry.geometry;

/**
 * Cheap residuals of the epipolar constraint x₂ᵀ·E·x₁ = 0 for normalized observations, E row-major in a
 * {@code double[9]}. The Sampson distance (P. D. Sampson 1982; Hartley &amp; Zisserman §11.4.3, eq. 11.9) is the
 * first-order approximation of the distance, in the joint 4-D space of the two observations, to the nearest pair
 * that satisfies the constraint:
 * <pre>  d² = (x₂ᵀEx₁)² / ((Ex₁)₁² + (Ex₁)₂² + (Eᵀx₂)₁² + (Eᵀx₂)₂²)</pre>
 * It is invariant to the scale of E and measured in the units of the observations (BoofCV 1.2.2's own Sampson
 * error is not, which is why it is not used). The same formula with a fundamental matrix gives the distance of
 * pixel correspondences.
 */
public final class EssentialResiduals {
    private EssentialResiduals() {
    }

    /** Squared Sampson distance of one correspondence; NaN inputs give NaN. */
    public static double sampsonSquared(double[] e, double x1, double y1, double x2, double y2) {
        return sampsonSquared(e, 0, x1, y1, x2, y2);
    }

    /** As {@link #sampsonSquared(double[], double, double, double, double)}, of the E at {@code e[at..at+9)}. */
    static double sampsonSquared(double[] e, int at, double x1, double y1, double x2, double y2) {
        double a0 = e[at] * x1 + e[at + 1] * y1 + e[at + 2];
        double a1 = e[at + 3] * x1 + e[at + 4] * y1 + e[at + 5];
        double a2 = e[at + 6] * x1 + e[at + 7] * y1 + e[at + 8];
        double b0 = e[at] * x2 + e[at + 3] * y2 + e[at + 6];
        double b1 = e[at + 1] * x2 + e[at + 4] * y2 + e[at + 7];
        double num = x2 * a0 + y2 * a1 + a2;
        double den = a0 * a0 + a1 * a1 + b0 * b0 + b1 * b1;
        return den > 0 ? num * num / den : (num == 0 ? 0 : Double.POSITIVE_INFINITY);
    }

    /** E = [t]×·R. */
    static void essential(double[] r, double[] t, double[] e) {
        Mat3.crossMult(t[0], t[1], t[2], r, e);
    }

    /**
     * Depth of the point along ray 1 (its z in view 1, since rays have z = 1) from the two observations and the
     * motion p₂ = R·p₁ + T, by intersecting in the plane of the rays: λ₁ = −((x₂×T)·(x₂×Rx₁)) / |x₂×Rx₁|².
     * {@code out[0]} = z₁, {@code out[1]} = z₂. Returns false if the rays are parallel.
     */
    static boolean depths(double[] r, double[] t, double x1, double y1, double x2, double y2, double[] out) {
        double a0 = r[0] * x1 + r[1] * y1 + r[2];
        double a1 = r[3] * x1 + r[4] * y1 + r[5];
        double a2 = r[6] * x1 + r[7] * y1 + r[8];
        double c0 = y2 * a2 - a1, c1 = a0 - x2 * a2, c2 = x2 * a1 - y2 * a0;
        double d0 = y2 * t[2] - t[1], d1 = t[0] - x2 * t[2], d2 = x2 * t[1] - y2 * t[0];
        double cc = c0 * c0 + c1 * c1 + c2 * c2;
        if (!(cc > 0))
            return false;
        double z1 = -(d0 * c0 + d1 * c1 + d2 * c2) / cc;
        out[0] = z1;
        out[1] = z1 * a2 + t[2];
        return true;
    }
}
