package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;

/**
 * Products and inverses of poses as 4×4 homogeneous matrices [R t; 0 1], without allocation.
 * <p>
 * The reference tools invert poses differently, and that matters in the 6th digit for files whose rotations are
 * printed with few digits (KITTI ground truth: 7): evo inverts with the transpose
 * ({@code lie.se3_inverse}), the KITTI devkit ({@code Matrix::inv}), kitti-odom-eval and the TUM tools
 * ({@code numpy.linalg.inv}) with the general inverse. Each metric names the one it follows.
 */
final class PoseAlgebra {
    private PoseAlgebra() {
    }

    /** {@code out = a · b} (apply b, then a). {@code out} may be neither a nor b. */
    static void multiply(Se3_F64 a, Se3_F64 b, Se3_F64 out) {
        double[] ra = a.R.data, rb = b.R.data, ro = out.R.data;
        for (int i = 0; i < 3; i++) {
            double a0 = ra[i * 3], a1 = ra[i * 3 + 1], a2 = ra[i * 3 + 2];
            ro[i * 3] = a0 * rb[0] + a1 * rb[3] + a2 * rb[6];
            ro[i * 3 + 1] = a0 * rb[1] + a1 * rb[4] + a2 * rb[7];
            ro[i * 3 + 2] = a0 * rb[2] + a1 * rb[5] + a2 * rb[8];
        }
        double x = b.T.x, y = b.T.y, z = b.T.z;
        out.T.x = ra[0] * x + ra[1] * y + ra[2] * z + a.T.x;
        out.T.y = ra[3] * x + ra[4] * y + ra[5] * z + a.T.y;
        out.T.z = ra[6] * x + ra[7] * y + ra[8] * z + a.T.z;
    }

    /**
     * {@code out = a⁻¹}: with {@code general}, the inverse of the 3×3 part by its adjugate; otherwise its transpose
     * (exact for rotation matrices). {@code out} may be {@code a}.
     */
    static void invert(Se3_F64 a, boolean general, Se3_F64 out) {
        double[] r = a.R.data;
        double m00 = r[0], m01 = r[1], m02 = r[2], m10 = r[3], m11 = r[4], m12 = r[5], m20 = r[6], m21 = r[7], m22 = r[8];
        double i00, i01, i02, i10, i11, i12, i20, i21, i22;
        if (general) {
            double c00 = m11 * m22 - m12 * m21, c01 = m12 * m20 - m10 * m22, c02 = m10 * m21 - m11 * m20;
            double det = m00 * c00 + m01 * c01 + m02 * c02;
            double s = 1.0 / det;
            i00 = c00 * s;
            i10 = c01 * s;
            i20 = c02 * s;
            i01 = (m02 * m21 - m01 * m22) * s;
            i11 = (m00 * m22 - m02 * m20) * s;
            i21 = (m01 * m20 - m00 * m21) * s;
            i02 = (m01 * m12 - m02 * m11) * s;
            i12 = (m02 * m10 - m00 * m12) * s;
            i22 = (m00 * m11 - m01 * m10) * s;
        } else {
            i00 = m00; i01 = m10; i02 = m20;
            i10 = m01; i11 = m11; i12 = m21;
            i20 = m02; i21 = m12; i22 = m22;
        }
        double x = a.T.x, y = a.T.y, z = a.T.z;
        double[] o = out.R.data;
        o[0] = i00; o[1] = i01; o[2] = i02;
        o[3] = i10; o[4] = i11; o[5] = i12;
        o[6] = i20; o[7] = i21; o[8] = i22;
        out.T.x = -(i00 * x + i01 * y + i02 * z);
        out.T.y = -(i10 * x + i11 * y + i12 * z);
        out.T.z = -(i20 * x + i21 * y + i22 * z);
    }

    /** {@code out = a⁻¹ · b}, the motion from a to b; {@code work} is scratch space. */
    static void relative(Se3_F64 a, Se3_F64 b, boolean general, Se3_F64 work, Se3_F64 out) {
        invert(a, general, work);
        multiply(work, b, out);
    }

    /** ‖t‖ of a pose. */
    static double translationNorm(Se3_F64 e) {
        return Math.sqrt(e.T.x * e.T.x + e.T.y * e.T.y + e.T.z * e.T.z);
    }

    /**
     * The rotation angle of a pose in radians, {@code acos(clamp((tr R − 1) / 2, −1, 1))}, as the KITTI devkit,
     * kitti-odom-eval and TUM's {@code evaluate_rpe.py} compute it.
     */
    static double rotationAngle(Se3_F64 e) {
        double[] r = e.R.data;
        double c = 0.5 * (r[0] + r[4] + r[8] - 1.0);
        return Math.acos(Math.max(-1.0, Math.min(1.0, c)));
    }
}
