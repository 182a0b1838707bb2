package org.gpuvo.odometry.geometry;

import georegression.struct.se.Se3_F64;

/** 3×3 matrices as row-major {@code double[9]} and 3-vectors as {@code double[3]}: the allocation-free kernels of the estimators. */
public final class Mat3 {
    private Mat3() {
    }

    /** out = a·b; out must not alias a or b. */
    public static void mult(double[] a, double[] b, double[] out) {
        for (int r = 0; r < 3; r++) {
            double a0 = a[3 * r], a1 = a[3 * r + 1], a2 = a[3 * r + 2];
            out[3 * r] = a0 * b[0] + a1 * b[3] + a2 * b[6];
            out[3 * r + 1] = a0 * b[1] + a1 * b[4] + a2 * b[7];
            out[3 * r + 2] = a0 * b[2] + a1 * b[5] + a2 * b[8];
        }
    }

    /** out = [v]×·m, the cross product of v with each column of m; out must not alias m. */
    public static void crossMult(double vx, double vy, double vz, double[] m, double[] out) {
        for (int c = 0; c < 3; c++) {
            double m0 = m[c], m1 = m[3 + c], m2 = m[6 + c];
            out[c] = vy * m2 - vz * m1;
            out[3 + c] = vz * m0 - vx * m2;
            out[6 + c] = vx * m1 - vy * m0;
        }
    }

    /**
     * Rotation matrix exp([w]×) by Rodrigues' formula, with the Taylor expansion near zero so that tiny steps stay
     * exact to rounding.
     */
    public static void exp(double wx, double wy, double wz, double[] out) {
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

    /** R ← exp([w]×)·R, using {@code tmp} (9) and {@code tmp2} (9) as scratch. */
    static void rotateLeft(double wx, double wy, double wz, double[] r, double[] tmp, double[] tmp2) {
        exp(wx, wy, wz, tmp);
        mult(tmp, r, tmp2);
        System.arraycopy(tmp2, 0, r, 0, 9);
    }

    public static void copyFrom(Se3_F64 pose, double[] r, double[] t) {
        System.arraycopy(pose.R.data, 0, r, 0, 9);
        t[0] = pose.T.x;
        t[1] = pose.T.y;
        t[2] = pose.T.z;
    }

    static void copyTo(double[] r, double[] t, Se3_F64 pose) {
        System.arraycopy(r, 0, pose.R.data, 0, 9);
        pose.T.setTo(t[0], t[1], t[2]);
    }

    /**
     * Makes the rotation at {@code r[o..o+9]} orthonormal again after a run of updates, by two Newton steps towards
     * its polar factor (R ← R + ½·R·(I − RᵀR)), so that the poses it gives stay rotations to rounding; e and next are
     * scratch of 9.
     */
    public static void orthonormalize(double[] r, int o, double[] e, double[] next) {
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
