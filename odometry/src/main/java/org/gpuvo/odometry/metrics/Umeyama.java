package org.gpuvo.odometry.metrics;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.SingularValueDecomposition_F64;

/**
 * The least-squares similarity (or rigid) transform between corresponding point sets: S. Umeyama, "Least-squares
 * estimation of transformation parameters between two point patterns", IEEE TPAMI 13(4), 1991 — as evo's
 * {@code geometry.umeyama_alignment} and kitti-odom-eval compute it, and, without scale, the same as the TUM tools'
 * Horn alignment.
 * <p>
 * With x the estimate's and y the reference's positions: Σxy = (1/n) Σ (yᵢ − μy)(xᵢ − μx)ᵀ = U D Vᵀ (singular
 * values in decreasing order); S = diag(1, 1, −1) if det U · det V &lt; 0, else I; R = U S Vᵀ; c = tr(D S) / σx²
 * with σx² = (1/n) Σ ‖xᵢ − μx‖² when the scale is estimated, else 1; t = μy − c R μx. Then y ≈ c R x + t.
 */
public final class Umeyama {
    private Umeyama() {
    }

    /**
     * @param x    points to map, interleaved x,y,z (3n values)
     * @param y    their counterparts, interleaved
     * @param mode {@link AlignmentMode#NONE} gives the identity
     */
    public static SimilarityTransform align(double[] x, double[] y, AlignmentMode mode) {
        if (x.length != y.length || x.length % 3 != 0)
            throw new IllegalArgumentException("point arrays of different or non-3D lengths: " + x.length + ", " + y.length);
        SimilarityTransform out = SimilarityTransform.identity();
        if (mode == AlignmentMode.NONE)
            return out;
        int n = x.length / 3;
        if (n < 3)
            throw new IllegalArgumentException("alignment needs at least 3 pairs of points, got " + n);
        double[] mx = mean(x), my = mean(y);
        DMatrixRMaj sigma = new DMatrixRMaj(3, 3);
        double varianceX = 0;
        double[] s = sigma.data;
        for (int i = 0; i < n; i++) {
            double x0 = x[3 * i] - mx[0], x1 = x[3 * i + 1] - mx[1], x2 = x[3 * i + 2] - mx[2];
            double y0 = y[3 * i] - my[0], y1 = y[3 * i + 1] - my[1], y2 = y[3 * i + 2] - my[2];
            s[0] += y0 * x0; s[1] += y0 * x1; s[2] += y0 * x2;
            s[3] += y1 * x0; s[4] += y1 * x1; s[5] += y1 * x2;
            s[6] += y2 * x0; s[7] += y2 * x1; s[8] += y2 * x2;
            varianceX += x0 * x0 + x1 * x1 + x2 * x2;
        }
        CommonOps_DDRM.scale(1.0 / n, sigma);
        varianceX /= n;
        if (!Double.isFinite(varianceX) || !Double.isFinite(CommonOps_DDRM.elementSum(sigma)))
            throw new IllegalArgumentException("the coordinates are too large to align: their products overflow");
        if (mode == AlignmentMode.SIM3 && !(variance(y, my) > 0))
            throw new IllegalArgumentException("cannot estimate a scale: the reference positions all coincide, so "
                    + "any estimate would be scaled onto one point");

        SingularValueDecomposition_F64<DMatrixRMaj> svd = DecompositionFactory_DDRM.svd(3, 3, true, true, false);
        if (!svd.decompose(sigma.copy()))
            throw new IllegalStateException("SVD of the cross-covariance failed");
        DMatrixRMaj u = svd.getU(null, false), v = svd.getV(null, false), w = svd.getW(null);
        SingularOps_DDRM.descendingOrder(u, false, w, v, false);

        double flip = CommonOps_DDRM.det(u) * CommonOps_DDRM.det(v) < 0 ? -1 : 1;
        // R = U S Vᵀ: scale the last column of U by S's last entry
        DMatrixRMaj us = u.copy();
        for (int r = 0; r < 3; r++)
            us.set(r, 2, us.get(r, 2) * flip);
        CommonOps_DDRM.multTransB(us, v, out.R);
        if (mode == AlignmentMode.SIM3) {
            if (!(varianceX > 0))
                throw new IllegalArgumentException("cannot estimate a scale: the points to map all coincide");
            out.scale = (w.get(0, 0) + w.get(1, 1) + flip * w.get(2, 2)) / varianceX;
            if (!(out.scale > 0) || !Double.isFinite(out.scale))
                throw new IllegalArgumentException("cannot estimate a scale: the fit gives " + out.scale);
        }
        double[] r = out.R.data;
        double c = out.scale;
        out.T.setTo(my[0] - c * (r[0] * mx[0] + r[1] * mx[1] + r[2] * mx[2]),
                my[1] - c * (r[3] * mx[0] + r[4] * mx[1] + r[5] * mx[2]),
                my[2] - c * (r[6] * mx[0] + r[7] * mx[1] + r[8] * mx[2]));
        return out;
    }

    /** Mean squared distance of the points from {@code mean}. */
    private static double variance(double[] p, double[] mean) {
        int n = p.length / 3;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double d0 = p[3 * i] - mean[0], d1 = p[3 * i + 1] - mean[1], d2 = p[3 * i + 2] - mean[2];
            sum += d0 * d0 + d1 * d1 + d2 * d2;
        }
        return sum / n;
    }

    private static double[] mean(double[] p) {
        int n = p.length / 3;
        double[] m = new double[3];
        for (int i = 0; i < n; i++) {
            m[0] += p[3 * i];
            m[1] += p[3 * i + 1];
            m[2] += p[3 * i + 2];
        }
        m[0] /= n;
        m[1] /= n;
        m[2] /= n;
        return m;
    }
}
