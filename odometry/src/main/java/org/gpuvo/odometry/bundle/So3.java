package org.gpuvo.odometry.bundle;

/** Rotations as row-major {@code double[9]} blocks of a larger array: the exponential map and the left update. */
final class So3 {
    private So3() {
    }

    /**
     * exp([w]×) by Rodrigues' formula, with its Taylor expansion near zero so that tiny steps stay exact to
     * rounding.
     */
    static void exp(double wx, double wy, double wz, double[] out) {
        double theta2 = wx * wx + wy * wy + wz * wz;
        double a, b;
        if (theta2 < 1e-12) {
            a = 1.0 - theta2 / 6.0;
            b = 0.5 - theta2 / 24.0;
        } else {
            double theta = Math.sqrt(theta2);
            a = Math.sin(theta) / theta;
            b = (1.0 - Math.cos(theta)) / theta2;
        }
        out[0] = 1.0 - b * (wy * wy + wz * wz);
        out[1] = -a * wz + b * wx * wy;
        out[2] = a * wy + b * wx * wz;
        out[3] = a * wz + b * wx * wy;
        out[4] = 1.0 - b * (wx * wx + wz * wz);
        out[5] = -a * wx + b * wy * wz;
        out[6] = -a * wy + b * wx * wz;
        out[7] = a * wx + b * wy * wz;
        out[8] = 1.0 - b * (wx * wx + wy * wy);
    }

    /** dst[9·i..] = e·src[9·i..], for a 3×3 e; dst and src may be different arrays only. */
    static void multLeft(double[] e, double[] src, double[] dst, int i) {
        int o = 9 * i;
        for (int c = 0; c < 3; c++) {
            double s0 = src[o + c], s1 = src[o + 3 + c], s2 = src[o + 6 + c];
            dst[o + c] = e[0] * s0 + e[1] * s1 + e[2] * s2;
            dst[o + 3 + c] = e[3] * s0 + e[4] * s1 + e[5] * s2;
            dst[o + 6 + c] = e[6] * s0 + e[7] * s1 + e[8] * s2;
        }
    }

    /**
     * Makes the rotation at {@code r[9·i..]} orthonormal again after a run of updates, by two Newton steps towards its
     * polar factor (R ← R + ½·R·(I − RᵀR)), so that the poses it gives stay rotations to rounding; e and next are
     * scratch of 9.
     */
    static void orthonormalize(double[] r, int i, double[] e, double[] next) {
        int o = 9 * i;
        for (int step = 0; step < 2; step++) {
            // e = I − RᵀR
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double sum = 0;
                    for (int k = 0; k < 3; k++)
                        sum += r[o + 3 * k + a] * r[o + 3 * k + b];
                    e[3 * a + b] = (a == b ? 1.0 : 0.0) - sum;
                }
            for (int a = 0; a < 3; a++)
                for (int b = 0; b < 3; b++) {
                    double sum = 0;
                    for (int k = 0; k < 3; k++)
                        sum += r[o + 3 * a + k] * e[3 * k + b];
                    next[3 * a + b] = r[o + 3 * a + b] + 0.5 * sum;
                }
            System.arraycopy(next, 0, r, o, 9);
        }
    }
}
