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
}
