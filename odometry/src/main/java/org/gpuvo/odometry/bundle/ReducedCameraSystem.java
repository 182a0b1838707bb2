package org.gpuvo.odometry.bundle;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ejml.dense.row.linsol.chol.LinearSolverChol_DDRM;

import java.util.Arrays;

/**
 * One damped Gauss–Newton step of the bundle by the Schur complement (Triggs et al. 2000, §6.1): the points are
 * eliminated, which leaves the reduced camera system S·δc = b with S = U* − Σ_j W_j V*_j⁻¹ W_jᵀ and
 * b = −g_c + Σ_j W_j V*_j⁻¹ g_p,j, dense and at most 6·freeViews square; it is solved by Cholesky, and the points
 * follow by back-substitution, δp_j = V*_j⁻¹ (−g_p,j − W_jᵀ δc). A star marks Marquardt's damping,
 * H_kk ← H_kk + λ·max(H_kk, {@link #DIAGONAL_MIN}) on every diagonal element, pose and point alike.
 */
final class ReducedCameraSystem {
    /** Floor of the diagonal that the damping scales, so that unconstrained parameters still get damped. */
    static final double DIAGONAL_MIN = 1e-6;

    /** Step of the free views' (ω, t), 6 per free view, after {@link #solve}. */
    final DMatrixRMaj poseStep = new DMatrixRMaj(1, 1);
    /** Step of the points, 3 per point, after {@link #solve}. */
    double[] pointStep = new double[0];
    /** Decrease of the cost that the Gauss–Newton model predicts for the step. */
    double predictedReduction;

    private final DMatrixRMaj s = new DMatrixRMaj(1, 1), rhs = new DMatrixRMaj(1, 1);
    private final LinearSolverChol_DDRM cholesky = new LinearSolverChol_DDRM(new CholeskyDecompositionInner_DDRM(true));
    /** V*⁻¹ (xx, xy, xz, yy, yz, zz) per point. */
    private double[] vInv = new double[0];
    /** Y = W·V*⁻¹ (6×3) of one point's observations in free views, with their free-view index and W offset. */
    private double[] y = new double[0];
    private int[] yView = new int[0], yObs = new int[0];

    /** Sizes the scratch for the problem that {@code b} was set up for; allocates only when it is larger. */
    void setUp(NormalEquationBlocks b) {
        int n = 6 * b.freeViews;
        s.reshape(n, n);
        rhs.reshape(n, 1);
        poseStep.reshape(n, 1);
        if (pointStep.length < 3 * b.points) {
            pointStep = new double[3 * b.points];
            vInv = new double[6 * b.points];
        }
        if (yView.length < b.longestFreeTrack) {
            y = new double[18 * b.longestFreeTrack];
            yView = new int[b.longestFreeTrack];
            yObs = new int[b.longestFreeTrack];
        }
    }

    /**
     * Solves (H + λ·D)·δ = −g for the blocks in {@code b}.
     *
     * @return false if a V* or S is not positive definite (more damping may help) or the step is not finite
     */
    boolean solve(NormalEquationBlocks b, double lambda) {
        final int nf = b.freeViews, n = 6 * nf;
        final double[] S = s.data, r = rhs.data, u = b.u, v = b.v, gc = b.gc, gp = b.gp, w = b.w;
        Arrays.fill(S, 0, n * n, 0.0);
        for (int fv = 0; fv < nf; fv++) {
            for (int k = 0; k < 6; k++) {
                int row = (6 * fv + k) * n + 6 * fv, ub = 36 * fv + 6 * k;
                for (int l = k; l < 6; l++)
                    S[row + l] = u[ub + l];
                S[row + k] += lambda * Math.max(u[ub + k], DIAGONAL_MIN);
                r[6 * fv + k] = -gc[6 * fv + k];
            }
        }

        for (int j = 0; j < b.points; j++) {
            if (!invertDamped(v, j, lambda))
                return false;
            int m = 0;
            for (int o = b.pointStart[j], end = b.pointStart[j + 1]; o < end; o++) {
                int fv = b.view[o] - b.fixedViews;
                if (fv < 0 || !b.valid[o])
                    continue;
                multInverse(w, 18 * o, j, y, 18 * m);
                int yb = 18 * m;
                double p0 = gp[3 * j], p1 = gp[3 * j + 1], p2 = gp[3 * j + 2];
                for (int k = 0; k < 6; k++)
                    r[6 * fv + k] += y[yb + 3 * k] * p0 + y[yb + 3 * k + 1] * p1 + y[yb + 3 * k + 2] * p2;
                yView[m] = fv;
                yObs[m++] = o;
            }
            // views ascend within a point, so (a, c) with a ≤ c falls in S's upper block triangle
            for (int a = 0; a < m; a++) {
                subtractUpper(S, n, yView[a], y, 18 * a, w, 18 * yObs[a]);
                for (int c = a + 1; c < m; c++) {
                    subtractProduct(S, n, yView[a], yView[c], y, 18 * a, w, 18 * yObs[c]);
                    // the same view seeing the point twice: its diagonal block also gets the transposed term
                    if (yView[a] == yView[c])
                        subtractProduct(S, n, yView[a], yView[c], y, 18 * c, w, 18 * yObs[a]);
                }
            }
        }
        for (int i = 1; i < n; i++)
            for (int k = 0; k < i; k++)
                S[i * n + k] = S[k * n + i];

        if (!cholesky.setA(s))
            return false;
        cholesky.solve(rhs, poseStep);
        return backSubstitute(b, lambda);
    }

    /** δp_j = V*_j⁻¹(−g_p,j − Σ W_ijᵀ δc_i); also the predicted reduction ½(δᵀλDδ − gᵀδ) (Madsen et al. 2004). */
    private boolean backSubstitute(NormalEquationBlocks b, double lambda) {
        final double[] dc = poseStep.data, u = b.u, v = b.v, gc = b.gc, gp = b.gp, w = b.w, dp = pointStep;
        double damped = 0, gradient = 0;
        for (int i = 0; i < 6 * b.freeViews; i++) {
            double d = dc[i];
            damped += lambda * Math.max(u[36 * (i / 6) + 7 * (i % 6)], DIAGONAL_MIN) * d * d;
            gradient += gc[i] * d;
        }
        for (int j = 0; j < b.points; j++) {
            double t0 = -gp[3 * j], t1 = -gp[3 * j + 1], t2 = -gp[3 * j + 2];
            for (int o = b.pointStart[j], end = b.pointStart[j + 1]; o < end; o++) {
                int fv = b.view[o] - b.fixedViews;
                if (fv < 0 || !b.valid[o])
                    continue;
                int wb = 18 * o, cb = 6 * fv;
                for (int k = 0; k < 6; k++) {
                    double d = dc[cb + k];
                    t0 -= w[wb + 3 * k] * d;
                    t1 -= w[wb + 3 * k + 1] * d;
                    t2 -= w[wb + 3 * k + 2] * d;
                }
            }
            int ib = 6 * j;
            double d0 = vInv[ib] * t0 + vInv[ib + 1] * t1 + vInv[ib + 2] * t2;
            double d1 = vInv[ib + 1] * t0 + vInv[ib + 3] * t1 + vInv[ib + 4] * t2;
            double d2 = vInv[ib + 2] * t0 + vInv[ib + 4] * t1 + vInv[ib + 5] * t2;
            dp[3 * j] = d0;
            dp[3 * j + 1] = d1;
            dp[3 * j + 2] = d2;
            int vb = 6 * j;
            damped += lambda * (Math.max(v[vb], DIAGONAL_MIN) * d0 * d0 + Math.max(v[vb + 3], DIAGONAL_MIN) * d1 * d1
                    + Math.max(v[vb + 5], DIAGONAL_MIN) * d2 * d2);
            gradient += gp[3 * j] * d0 + gp[3 * j + 1] * d1 + gp[3 * j + 2] * d2;
        }
        predictedReduction = 0.5 * (damped - gradient);
        return Double.isFinite(predictedReduction);
    }

    /** vInv_j = (V_j + λ·max(diag V_j, DIAGONAL_MIN))⁻¹ by a 3×3 Cholesky factorisation; false if not definite. */
    private boolean invertDamped(double[] v, int j, double lambda) {
        int vb = 6 * j;
        double a00 = v[vb] + lambda * Math.max(v[vb], DIAGONAL_MIN);
        double a01 = v[vb + 1], a02 = v[vb + 2];
        double a11 = v[vb + 3] + lambda * Math.max(v[vb + 3], DIAGONAL_MIN);
        double a12 = v[vb + 4];
        double a22 = v[vb + 5] + lambda * Math.max(v[vb + 5], DIAGONAL_MIN);
        if (!(a00 > 0))
            return false;
        double l00 = Math.sqrt(a00), l10 = a01 / l00, l20 = a02 / l00;
        double d11 = a11 - l10 * l10;
        if (!(d11 > 0))
            return false;
        double l11 = Math.sqrt(d11), l21 = (a12 - l20 * l10) / l11;
        double d22 = a22 - l20 * l20 - l21 * l21;
        if (!(d22 > 0))
            return false;
        double l22 = Math.sqrt(d22);
        // M = L⁻¹ (lower), then A⁻¹ = MᵀM
        double m00 = 1 / l00, m11 = 1 / l11, m22 = 1 / l22;
        double m10 = -l10 * m00 * m11, m21 = -l21 * m11 * m22, m20 = -(l20 * m00 + l21 * m10) * m22;
        vInv[vb] = m00 * m00 + m10 * m10 + m20 * m20;
        vInv[vb + 1] = m10 * m11 + m20 * m21;
        vInv[vb + 2] = m20 * m22;
        vInv[vb + 3] = m11 * m11 + m21 * m21;
        vInv[vb + 4] = m21 * m22;
        vInv[vb + 5] = m22 * m22;
        return true;
    }

    /** out (6×3) = W (6×3) · vInv_j (symmetric 3×3). */
    private void multInverse(double[] w, int wb, int j, double[] out, int ob) {
        int ib = 6 * j;
        double i00 = vInv[ib], i01 = vInv[ib + 1], i02 = vInv[ib + 2];
        double i11 = vInv[ib + 3], i12 = vInv[ib + 4], i22 = vInv[ib + 5];
        for (int k = 0; k < 6; k++) {
            double x = w[wb + 3 * k], yv = w[wb + 3 * k + 1], z = w[wb + 3 * k + 2];
            out[ob + 3 * k] = x * i00 + yv * i01 + z * i02;
            out[ob + 3 * k + 1] = x * i01 + yv * i11 + z * i12;
            out[ob + 3 * k + 2] = x * i02 + yv * i12 + z * i22;
        }
    }

    /** S block (fa, fc) −= Y·Wᵀ for a 6×3 Y at {@code yb} and a 6×3 W at {@code wb}. */
    private static void subtractProduct(double[] S, int n, int fa, int fc, double[] y, int yb, double[] w, int wb) {
        // W in locals: each is used six times, and the JIT does not keep array elements in registers across stores
        double w00 = w[wb], w01 = w[wb + 1], w02 = w[wb + 2], w10 = w[wb + 3], w11 = w[wb + 4], w12 = w[wb + 5];
        double w20 = w[wb + 6], w21 = w[wb + 7], w22 = w[wb + 8], w30 = w[wb + 9], w31 = w[wb + 10], w32 = w[wb + 11];
        double w40 = w[wb + 12], w41 = w[wb + 13], w42 = w[wb + 14];
        double w50 = w[wb + 15], w51 = w[wb + 16], w52 = w[wb + 17];
        for (int k = 0, row = 6 * fa * n + 6 * fc; k < 6; k++, row += n) {
            double y0 = y[yb + 3 * k], y1 = y[yb + 3 * k + 1], y2 = y[yb + 3 * k + 2];
            S[row] -= y0 * w00 + y1 * w01 + y2 * w02;
            S[row + 1] -= y0 * w10 + y1 * w11 + y2 * w12;
            S[row + 2] -= y0 * w20 + y1 * w21 + y2 * w22;
            S[row + 3] -= y0 * w30 + y1 * w31 + y2 * w32;
            S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
            S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        }
    }

    /**
     * Upper triangle of S's diagonal block fa −= Y·Wᵀ, which is symmetric when Y = W·V⁻¹ of the same observation;
     * unrolled, as a loop with a varying start defeats the JIT's unrolling.
     */
    private static void subtractUpper(double[] S, int n, int fa, double[] y, int yb, double[] w, int wb) {
        double w00 = w[wb], w01 = w[wb + 1], w02 = w[wb + 2], w10 = w[wb + 3], w11 = w[wb + 4], w12 = w[wb + 5];
        double w20 = w[wb + 6], w21 = w[wb + 7], w22 = w[wb + 8], w30 = w[wb + 9], w31 = w[wb + 10], w32 = w[wb + 11];
        double w40 = w[wb + 12], w41 = w[wb + 13], w42 = w[wb + 14];
        double w50 = w[wb + 15], w51 = w[wb + 16], w52 = w[wb + 17];
        int row = 6 * fa * n + 6 * fa;
        double y0 = y[yb], y1 = y[yb + 1], y2 = y[yb + 2];
        S[row] -= y0 * w00 + y1 * w01 + y2 * w02;
        S[row + 1] -= y0 * w10 + y1 * w11 + y2 * w12;
        S[row + 2] -= y0 * w20 + y1 * w21 + y2 * w22;
        S[row + 3] -= y0 * w30 + y1 * w31 + y2 * w32;
        S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
        S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        row += n;
        y0 = y[yb + 3]; y1 = y[yb + 4]; y2 = y[yb + 5];
        S[row + 1] -= y0 * w10 + y1 * w11 + y2 * w12;
        S[row + 2] -= y0 * w20 + y1 * w21 + y2 * w22;
        S[row + 3] -= y0 * w30 + y1 * w31 + y2 * w32;
        S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
        S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        row += n;
        y0 = y[yb + 6]; y1 = y[yb + 7]; y2 = y[yb + 8];
        S[row + 2] -= y0 * w20 + y1 * w21 + y2 * w22;
        S[row + 3] -= y0 * w30 + y1 * w31 + y2 * w32;
        S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
        S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        row += n;
        y0 = y[yb + 9]; y1 = y[yb + 10]; y2 = y[yb + 11];
        S[row + 3] -= y0 * w30 + y1 * w31 + y2 * w32;
        S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
        S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        row += n;
        y0 = y[yb + 12]; y1 = y[yb + 13]; y2 = y[yb + 14];
        S[row + 4] -= y0 * w40 + y1 * w41 + y2 * w42;
        S[row + 5] -= y0 * w50 + y1 * w51 + y2 * w52;
        row += n;
        S[row + 5] -= y[yb + 15] * w50 + y[yb + 16] * w51 + y[yb + 17] * w52;
    }
}
