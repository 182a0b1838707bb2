package org.gpuvo.odometry.geometry;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The rotation R that best aligns the rays of view 1 with those of view 2 (r₂ ≈ R·r₁, unit rays), by the SVD
 * solution of Wahba's problem (Kabsch 1976; Umeyama, PAMI 13(4), 1991, without translation and scale), and the
 * rays' residual angles under it. A relative motion whose inliers such a rotation explains has no measurable
 * translation.
 */
final class RotationOnlyFit {
    private final SingularValueDecomposition_F64<DMatrixRMaj> svd =
            DecompositionFactory_DDRM.svd(3, 3, true, true, false);
    private final DMatrixRMaj h = new DMatrixRMaj(3, 3);
    private final DMatrixRMaj u = new DMatrixRMaj(3, 3), v = new DMatrixRMaj(3, 3);
    private final DMatrixRMaj rotation = new DMatrixRMaj(3, 3);
    private double[] residuals = new double[0];
    private int[] subset = new int[0];
    private double median = Double.NaN;

    void invalidate() {
        median = Double.NaN;
    }

    double[] rotation() {
        return rotation.data;
    }

    double medianResidual() {
        return median;
    }

    /**
     * Fits the rotation to correspondences idx[0..count) and returns whether the median residual angle (radians)
     * is below {@code maxMedianRad}.
     */
    boolean explains(double[] x1, double[] y1, double[] x2, double[] y2, int[] idx, int count, double maxMedianRad) {
        if (!fit(x1, y1, x2, y2, idx, count))
            return false;
        if (residuals.length < count) {
            residuals = new double[Math.max(count, residuals.length + (residuals.length >> 1))];
            subset = new int[residuals.length];
        }
        // the essential matrix's inliers may hold pairs that fit it by chance but not the rotation: refit on the
        // pairs the rotation explains, so they cannot bias it
        for (int round = 0; round < 4; round++) {
            double cutoff = maxMedianRad * (round < 2 ? 4 >> round : 1); // 4, 2, 1, 1 × the limit
            int kept = 0;
            for (int k = 0; k < count; k++) {
                int i = idx[k];
                if (angle(x1[i], y1[i], x2[i], y2[i]) < cutoff)
                    subset[kept++] = i;
            }
            if (kept < 3 || !fit(x1, y1, x2, y2, subset, kept))
                break;
        }
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            residuals[k] = angle(x1[i], y1[i], x2[i], y2[i]);
        }
        median = Selection.median(residuals, count);
        return median < maxMedianRad;
    }

    /**
     * Starting from the last fit, alternately flags as inliers (in {@code out}) the correspondences whose residual
     * angle is below {@code maxAngleRad} and refits on them, until the set is stable (at most five rounds). The
     * inliers of a degenerate essential matrix may hold outliers that lie near their epipolar lines by chance;
     * this drops them.
     */
    void refine(double[] x1, double[] y1, double[] x2, double[] y2, int n, double maxAngleRad, InlierSet out) {
        for (int round = 0; round < 5; round++) {
            boolean[] flags = out.flags();
            boolean changed = false;
            for (int i = 0; i < n; i++) {
                boolean inlier = angle(x1[i], y1[i], x2[i], y2[i]) < maxAngleRad;
                changed |= inlier != flags[i];
                flags[i] = inlier;
            }
            out.update();
            if (!changed || !fit(x1, y1, x2, y2, out.indices(), out.count()))
                return;
        }
    }

    private boolean fit(double[] x1, double[] y1, double[] x2, double[] y2, int[] idx, int count) {
        if (count < 2)
            return false;
        double[] m = h.data;
        java.util.Arrays.fill(m, 0);
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            double n1 = 1.0 / Math.sqrt(x1[i] * x1[i] + y1[i] * y1[i] + 1);
            double n2 = 1.0 / Math.sqrt(x2[i] * x2[i] + y2[i] * y2[i] + 1);
            double ax = x1[i] * n1, ay = y1[i] * n1, az = n1;
            double bx = x2[i] * n2, by = y2[i] * n2, bz = n2;
            // H = Σ r₂ r₁ᵀ ; R = U·diag(1, 1, det(UVᵀ))·Vᵀ maximises Σ r₂ᵀ R r₁
            m[0] += bx * ax; m[1] += bx * ay; m[2] += bx * az;
            m[3] += by * ax; m[4] += by * ay; m[5] += by * az;
            m[6] += bz * ax; m[7] += bz * ay; m[8] += bz * az;
        }
        if (!svd.decompose(h))
            return false;
        svd.getU(u, false);
        svd.getV(v, false);
        CommonOps_DDRM.multTransB(u, v, rotation);
        if (CommonOps_DDRM.det(rotation) < 0) {
            for (int r = 0; r < 3; r++)
                u.data[3 * r + 2] = -u.data[3 * r + 2];
            CommonOps_DDRM.multTransB(u, v, rotation);
        }
        return true;
    }

    /** Angle between the ray of (x2, y2) and the rotated ray of (x1, y1). */
    private double angle(double x1, double y1, double x2, double y2) {
        double[] r = rotation.data;
        double ax = r[0] * x1 + r[1] * y1 + r[2];
        double ay = r[3] * x1 + r[4] * y1 + r[5];
        double az = r[6] * x1 + r[7] * y1 + r[8];
        double cx = ay - y2 * az, cy = x2 * az - ax, cz = y2 * ax - x2 * ay;
        double cross = Math.sqrt(cx * cx + cy * cy + cz * cz);
        double dot = ax * x2 + ay * y2 + az;
        return Math.atan2(cross, dot);
    }
}
