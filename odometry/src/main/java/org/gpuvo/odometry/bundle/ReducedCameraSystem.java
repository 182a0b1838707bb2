package org.gpuvo.odometry.bundle;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.decomposition.chol.CholeskyDecompositionInner_DDRM;
import org.ejml.dense.row.linsol.chol.LinearSolverChol_DDRM;

import org.gpuvo.odometry.concurrent.FixedChunks;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * One damped Gauss–Newton step of the bundle by the Schur complement (Triggs et al. 2000, "The Schur complement and
 * the reduced bundle system"): the points are eliminated, which leaves the reduced camera system S·δc = b with
 * S = U* − Σ_j W_j V*_j⁻¹ W_jᵀ and b = −g_c + Σ_j W_j V*_j⁻¹ g_p,j, dense and at most 6·freeViews square; it is
 * solved by Cholesky, and the points follow by back-substitution, δp_j = V*_j⁻¹ (−g_p,j − W_jᵀ δc). A star marks
 * Marquardt's damping, H_kk ← H_kk + λ·max(H_kk, {@link #DIAGONAL_MIN}) on every diagonal element, pose and point
 * alike.
 *
 * <p>Every W = J_cᵀ·P with P = Ω·J_p ({@link NormalEquationBlocks}), so a term of S is
 * W_a·V⁻¹·W_cᵀ = J_aᵀ·(Q_a·P_cᵀ)·J_c with Q_a = P_a·V⁻¹: a 2×2 core between two pose Jacobians, whose known zeros
 * are skipped.</p>
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
    /**
     * The points' terms of S and b are summed in {@link #CHUNKS} fixed ranges of points, each into sums of its own,
     * which are added in order, and the points' steps are solved in the same ranges: the ranges run on the common
     * fork–join pool where it has more than one thread, and the result is the same to the bit however many run
     * (forming S was three quarters of an adjustment's time). Eight rather than four: on a many-core host an adjustment
     * then fits in a deterministic run's five frames.
     */
    static final int CHUNKS = 8;
    /** fewer points than this are summed on the calling thread: the tasks would cost more than they save */
    static final int PARALLEL_POINTS = 256;
    private final Chunk[] chunks = new Chunk[CHUNKS];

    /** One range of points: its sums of the terms of S and b, and scratch for one point at a time. */
    private static final class Chunk {
        double[] s = new double[0], r = new double[0];
        /** Q = P·V*⁻¹ (2×3) of one point's observations in free views, with their free-view index and position */
        double[] q = new double[0];
        int[] qView = new int[0], qObs = new int[0];
        boolean definite;
        /** the chunk's points' terms of the predicted reduction, after {@link #backSubstitute} */
        double damped, gradient;
    }

    private final FixedChunks ranges;
    /** the blocks and damping of the solve under way, for {@link #pointTermsOfRange}, made once: nothing allocated */
    private NormalEquationBlocks solving;
    private double solvingLambda;
    private final FixedChunks.Range pointTermsOfRange = (c, first, end) -> pointTerms(solving, solvingLambda, chunks[c],
            first, end);
    private final FixedChunks.Range pointStepsOfRange = (c, first, end) -> pointSteps(solving, solvingLambda, chunks[c],
            first, end);

    ReducedCameraSystem() {
        this(ForkJoinPool.commonPool());
    }

    /** @param pool where the chunks run; with a parallelism of 1, one after the other on the calling thread */
    ReducedCameraSystem(ForkJoinPool pool) {
        this.ranges = new FixedChunks(pool, CHUNKS, PARALLEL_POINTS);
        for (int c = 0; c < CHUNKS; c++)
            chunks[c] = new Chunk();
    }

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
        for (Chunk c : chunks) {
            if (c.s.length < n * n) {
                c.s = new double[n * n];
                c.r = new double[n];
            }
            if (c.qView.length < b.longestFreeTrack) {
                c.q = new double[6 * b.longestFreeTrack];
                c.qView = new int[b.longestFreeTrack];
                c.qObs = new int[b.longestFreeTrack];
            }
        }
    }

    /**
     * Solves (H + λ·D)·δ = −g for the blocks in {@code b}.
     *
     * @return false if a V* or S is not positive definite (more damping may help) or the step is not finite
     */
    boolean solve(NormalEquationBlocks b, double lambda) {
        final int nf = b.freeViews, n = 6 * nf;
        final double[] S = s.data, r = rhs.data, u = b.u, gc = b.gc;
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

        solving = b;
        solvingLambda = lambda;
        ranges.run(b.points, pointTermsOfRange);
        solving = null;
        for (Chunk chunk : chunks) {
            if (!chunk.definite)
                return false;
            // the chunk's s holds minus its terms of S (its points' W·V*⁻¹·Wᵀ), its r its terms of b
            for (int i = 0; i < n; i++) {
                int row = i * n;
                for (int k = i; k < n; k++)
                    S[row + k] += chunk.s[row + k];
                r[i] += chunk.r[i];
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

    /**
     * Sums the terms of the points [firstPoint, endPoint): minus W·V*⁻¹·Wᵀ into its {@code s} (upper block triangle) and W·V*⁻¹·g_p
     * into its {@code r}; {@code definite} is false if a V* is not positive definite.
     */
    private void pointTerms(NormalEquationBlocks b, double lambda, Chunk chunk, int firstPoint, int endPoint) {
        final int n = 6 * b.freeViews;
        final double[] S = chunk.s, r = chunk.r, v = b.v, gp = b.gp, jc = b.jc, pj = b.pj, q = chunk.q;
        final int[] qView = chunk.qView, qObs = chunk.qObs;
        Arrays.fill(S, 0, n * n, 0.0);
        Arrays.fill(r, 0, n, 0.0);
        chunk.definite = false;
        for (int j = firstPoint; j < endPoint; j++) {
            if (!invertDamped(v, j, lambda))
                return;
            int ib = 6 * j, m = 0;
            double i00 = vInv[ib], i01 = vInv[ib + 1], i02 = vInv[ib + 2];
            double i11 = vInv[ib + 3], i12 = vInv[ib + 4], i22 = vInv[ib + 5];
            double p0 = gp[3 * j], p1 = gp[3 * j + 1], p2 = gp[3 * j + 2];
            for (int o = b.pointStart[j], end = b.pointStart[j + 1]; o < end; o++) {
                int fv = b.view[o] - b.fixedViews;
                if (fv < 0 || !b.valid[o])
                    continue;
                // Q = P·V⁻¹, then b_fv += W·V⁻¹·g_p = J_cᵀ·(Q·g_p)
                int pb = 6 * o, qb = 6 * m, jb = 12 * o;
                double h0 = 0, h1 = 0;
                for (int row = 0; row < 2; row++) {
                    double x = pj[pb + 3 * row], y = pj[pb + 3 * row + 1], z = pj[pb + 3 * row + 2];
                    double q0 = x * i00 + y * i01 + z * i02;
                    double q1 = x * i01 + y * i11 + z * i12;
                    double q2 = x * i02 + y * i12 + z * i22;
                    q[qb + 3 * row] = q0;
                    q[qb + 3 * row + 1] = q1;
                    q[qb + 3 * row + 2] = q2;
                    if (row == 0)
                        h0 = q0 * p0 + q1 * p1 + q2 * p2;
                    else
                        h1 = q0 * p0 + q1 * p1 + q2 * p2;
                }
                for (int k = 0; k < 6; k++)
                    r[6 * fv + k] += jc[jb + k] * h0 + jc[jb + 6 + k] * h1;
                qView[m] = fv;
                qObs[m++] = o;
            }
            // views ascend within a point, so (a, c) with a ≤ c falls in S's upper block triangle
            for (int a = 0; a < m; a++) {
                subtractUpper(S, n, qView[a], q, 6 * a, pj, 6 * qObs[a], jc, 12 * qObs[a]);
                for (int c = a + 1; c < m; c++) {
                    subtractProduct(S, n, qView[a], qView[c], q, 6 * a, pj, 6 * qObs[c], jc, 12 * qObs[a],
                            12 * qObs[c]);
                    // the same view seeing the point twice: its diagonal block also gets the transposed term
                    if (qView[a] == qView[c])
                        subtractProduct(S, n, qView[c], qView[a], q, 6 * c, pj, 6 * qObs[a], jc, 12 * qObs[c],
                                12 * qObs[a]);
                }
            }
        }
        chunk.definite = true;
    }

    /**
     * δp_j = V*_j⁻¹(−g_p,j − Σ W_ijᵀ δc_i) with Wᵀδc = Pᵀ·(J_c·δc); also the predicted reduction ½(δᵀλDδ − gᵀδ)
     * (Madsen et al. 2004, §3.2).
     */
    private boolean backSubstitute(NormalEquationBlocks b, double lambda) {
        final double[] dc = poseStep.data, u = b.u, gc = b.gc;
        double damped = 0, gradient = 0;
        for (int i = 0; i < 6 * b.freeViews; i++) {
            double d = dc[i];
            damped += lambda * Math.max(u[36 * (i / 6) + 7 * (i % 6)], DIAGONAL_MIN) * d * d;
            gradient += gc[i] * d;
        }
        solving = b;
        solvingLambda = lambda;
        ranges.run(b.points, pointStepsOfRange);
        solving = null;
        for (Chunk chunk : chunks) {
            damped += chunk.damped;
            gradient += chunk.gradient;
        }
        predictedReduction = 0.5 * (damped - gradient);
        return Double.isFinite(predictedReduction);
    }

    /** The steps of the points [firstPoint, endPoint), and their terms of the predicted reduction into the chunk. */
    private void pointSteps(NormalEquationBlocks b, double lambda, Chunk chunk, int firstPoint, int endPoint) {
        final double[] dc = poseStep.data, v = b.v, gp = b.gp, jc = b.jc, pj = b.pj;
        final double[] dp = pointStep;
        double damped = 0, gradient = 0;
        for (int j = firstPoint; j < endPoint; j++) {
            double t0 = -gp[3 * j], t1 = -gp[3 * j + 1], t2 = -gp[3 * j + 2];
            for (int o = b.pointStart[j], end = b.pointStart[j + 1]; o < end; o++) {
                int fv = b.view[o] - b.fixedViews;
                if (fv < 0 || !b.valid[o])
                    continue;
                int jb = 12 * o, pb = 6 * o, cb = 6 * fv;
                double e0 = 0, e1 = 0;
                for (int k = 0; k < 6; k++) {
                    e0 += jc[jb + k] * dc[cb + k];
                    e1 += jc[jb + 6 + k] * dc[cb + k];
                }
                t0 -= pj[pb] * e0 + pj[pb + 3] * e1;
                t1 -= pj[pb + 1] * e0 + pj[pb + 4] * e1;
                t2 -= pj[pb + 2] * e0 + pj[pb + 5] * e1;
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
        chunk.damped = damped;
        chunk.gradient = gradient;
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

    /**
     * S block (fa, fc) −= J_aᵀ·G·J_c with G = Q_a·P_cᵀ (2×2): the term W_a·V⁻¹·W_cᵀ. Written out with locals, as the
     * JIT reloads array elements after every store into S; J_c's zeros (row 0 at 4, row 1 at 3) are skipped.
     */
    private static void subtractProduct(double[] S, int n, int fa, int fc, double[] q, int qa, double[] pj, int pc,
                                        double[] jc, int ja, int jcc) {
        double qa0 = q[qa], qa1 = q[qa + 1], qa2 = q[qa + 2], qb0 = q[qa + 3], qb1 = q[qa + 4], qb2 = q[qa + 5];
        double p00 = pj[pc], p01 = pj[pc + 1], p02 = pj[pc + 2], p10 = pj[pc + 3], p11 = pj[pc + 4], p12 = pj[pc + 5];
        double g00 = qa0 * p00 + qa1 * p01 + qa2 * p02, g01 = qa0 * p10 + qa1 * p11 + qa2 * p12;
        double g10 = qb0 * p00 + qb1 * p01 + qb2 * p02, g11 = qb0 * p10 + qb1 * p11 + qb2 * p12;
        // E = G·J_c (2×6)
        double c0 = jc[jcc], c1 = jc[jcc + 1], c2 = jc[jcc + 2], c3 = jc[jcc + 3], c5 = jc[jcc + 5];
        double d0 = jc[jcc + 6], d1 = jc[jcc + 7], d2 = jc[jcc + 8], d4 = jc[jcc + 10], d5 = jc[jcc + 11];
        double e00 = g00 * c0 + g01 * d0, e01 = g00 * c1 + g01 * d1, e02 = g00 * c2 + g01 * d2;
        double e03 = g00 * c3, e04 = g01 * d4, e05 = g00 * c5 + g01 * d5;
        double e10 = g10 * c0 + g11 * d0, e11 = g10 * c1 + g11 * d1, e12 = g10 * c2 + g11 * d2;
        double e13 = g10 * c3, e14 = g11 * d4, e15 = g10 * c5 + g11 * d5;
        // S −= J_aᵀ·E, row by row: row k of J_aᵀ is (J_a[0][k], J_a[1][k])
        int row = 6 * fa * n + 6 * fc;
        for (int k = 0; k < 6; k++, row += n) {
            double a = jc[ja + k], b = jc[ja + 6 + k];
            if (k == 3) {
                S[row] -= a * e00;
                S[row + 1] -= a * e01;
                S[row + 2] -= a * e02;
                S[row + 3] -= a * e03;
                S[row + 4] -= a * e04;
                S[row + 5] -= a * e05;
            } else if (k == 4) {
                S[row] -= b * e10;
                S[row + 1] -= b * e11;
                S[row + 2] -= b * e12;
                S[row + 3] -= b * e13;
                S[row + 4] -= b * e14;
                S[row + 5] -= b * e15;
            } else {
                S[row] -= a * e00 + b * e10;
                S[row + 1] -= a * e01 + b * e11;
                S[row + 2] -= a * e02 + b * e12;
                S[row + 3] -= a * e03 + b * e13;
                S[row + 4] -= a * e04 + b * e14;
                S[row + 5] -= a * e05 + b * e15;
            }
        }
    }

    /** Upper triangle of S's diagonal block fa −= J_aᵀ·G·J_a with G = Q_a·P_aᵀ, symmetric. */
    private static void subtractUpper(double[] S, int n, int fa, double[] q, int qa, double[] pj, int pa,
                                      double[] jc, int ja) {
        double qa0 = q[qa], qa1 = q[qa + 1], qa2 = q[qa + 2], qb0 = q[qa + 3], qb1 = q[qa + 4], qb2 = q[qa + 5];
        double g00 = qa0 * pj[pa] + qa1 * pj[pa + 1] + qa2 * pj[pa + 2];
        double g01 = qa0 * pj[pa + 3] + qa1 * pj[pa + 4] + qa2 * pj[pa + 5];
        double g11 = qb0 * pj[pa + 3] + qb1 * pj[pa + 4] + qb2 * pj[pa + 5];
        double c0 = jc[ja], c1 = jc[ja + 1], c2 = jc[ja + 2], c3 = jc[ja + 3], c5 = jc[ja + 5];
        double d0 = jc[ja + 6], d1 = jc[ja + 7], d2 = jc[ja + 8], d4 = jc[ja + 10], d5 = jc[ja + 11];
        // E = G·J_a, then the upper triangle of J_aᵀ·E
        double e00 = g00 * c0 + g01 * d0, e01 = g00 * c1 + g01 * d1, e02 = g00 * c2 + g01 * d2;
        double e03 = g00 * c3, e04 = g01 * d4, e05 = g00 * c5 + g01 * d5;
        double e10 = g01 * c0 + g11 * d0, e11 = g01 * c1 + g11 * d1, e12 = g01 * c2 + g11 * d2;
        double e13 = g01 * c3, e14 = g11 * d4, e15 = g01 * c5 + g11 * d5;
        int row = 6 * fa * n + 6 * fa;
        S[row] -= c0 * e00 + d0 * e10;
        S[row + 1] -= c0 * e01 + d0 * e11;
        S[row + 2] -= c0 * e02 + d0 * e12;
        S[row + 3] -= c0 * e03 + d0 * e13;
        S[row + 4] -= c0 * e04 + d0 * e14;
        S[row + 5] -= c0 * e05 + d0 * e15;
        row += n;
        S[row + 1] -= c1 * e01 + d1 * e11;
        S[row + 2] -= c1 * e02 + d1 * e12;
        S[row + 3] -= c1 * e03 + d1 * e13;
        S[row + 4] -= c1 * e04 + d1 * e14;
        S[row + 5] -= c1 * e05 + d1 * e15;
        row += n;
        S[row + 2] -= c2 * e02 + d2 * e12;
        S[row + 3] -= c2 * e03 + d2 * e13;
        S[row + 4] -= c2 * e04 + d2 * e14;
        S[row + 5] -= c2 * e05 + d2 * e15;
        row += n;
        S[row + 3] -= c3 * e03;
        S[row + 4] -= c3 * e04;
        S[row + 5] -= c3 * e05;
        row += n;
        S[row + 4] -= d4 * e14;
        S[row + 5] -= d4 * e15;
        row += n;
        S[row + 5] -= c5 * e05 + d5 * e15;
    }
}
