package org.gpuvo.odometry.bundle;

import org.gpuvo.odometry.geometry.Mat3;

/**
 * Rotations as row-major {@code double[9]} blocks of a larger array: the left update and orthonormalisation (the
 * exponential map is {@link Mat3#exp}).
 */
final class So3 {
    private So3() {
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
