package org.gpuvo.odometry.bundle;

import org.gpuvo.odometry.concurrent.FixedChunks;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

/**
 * The robust cost of a {@link BundleProblem} and the blocks of its Gauss–Newton normal equations (Triggs et al.,
 * "Bundle Adjustment — A Modern Synthesis", 2000, on the reduced bundle system): per free view U (6×6) and its
 * gradient (6), per point V (3×3) and its gradient (3), per observation of a free view W = J_cᵀ·Ω·J_p (6×3).
 * Residuals are IRLS-weighted (Triggs et al. on robustified least squares): Ω is the diagonal of
 * {@link HuberLoss#weight} of each component. W has rank 2 and is kept as its factors, J_c (2×6) and Ω·J_p (2×3),
 * on which the Schur complement needs fewer operations than on the product.
 *
 * <p>Residual of an observation: focal·(x_c/z_c − nx, y_c/z_c − ny), with x_c = R·X + T.</p>
 *
 * <p>Pose parameters of a free view are (ω, t), the increment x_c ← exp([ω]×)·x_c + t of the camera frame:
 * R ← exp([ω]×)·R, T ← exp([ω]×)·T + t. It is a rigid motion composed on the left of the pose, so the pose stays in
 * SE(3), and its Jacobian at zero needs x_c only: ∂x_c/∂ω = −[x_c]×, ∂x_c/∂t = I.</p>
 *
 * <p>The observations are gathered point by point, and by view within a point, so that the Schur complement reads
 * one point's factors of W contiguously and meets its views in increasing order.</p>
 *
 * <p>The cost and the blocks are summed over {@link #CHUNKS} fixed ranges of points, each into sums of its own (the
 * cost, U and the views' gradients), added in order afterwards: the ranges run on a fork–join pool where it has more
 * than one thread, with the same result to the bit however many run.</p>
 */
final class NormalEquationBlocks {
    /** eight rather than four: on a many-core host an adjustment then fits in a deterministic run's five frames */
    static final int CHUNKS = 8;
    /** fewer points than this are summed on the calling thread: the tasks would cost more than they save */
    static final int PARALLEL_POINTS = 256;
    /** Points at or behind this depth (camera z) give no residual rather than a division by ~0. */
    static final double MIN_DEPTH = 1e-9;

    int views, fixedViews, freeViews, points, observations;
    double focal, huber;
    /** whether the Gauss–Newton blocks weigh residuals by their Huber weights */
    boolean weighted;

    /** The problem's depth priors ({@link BundleProblem#prior}). */
    double[] prior = new double[0];

    /** Observations in point-major, view-minor order: their views, normalized coordinates, whether counted. */
    int[] view = new int[0];
    double[] xy = new double[0];
    boolean[] valid = new boolean[0];
    /** Observations of point j are {@code pointStart[j]..pointStart[j+1]-1}. */
    int[] pointStart = new int[1];
    /** Most observations of one point in free views. */
    int longestFreeTrack;

    /** U (6×6 row-major, upper triangle filled) and gradient per free view. */
    double[] u = new double[0], gc = new double[0];
    /** V (xx, xy, xz, yy, yz, zz) and gradient per point. */
    double[] v = new double[0], gp = new double[0];
    /**
     * Per ordered observation, set for counted observations of free views only: the pose Jacobian J_c (2×6
     * row-major; row 0 is 0 at column 4, row 1 at column 3) and Ω·J_p (2×3 row-major).
     */
    double[] jc = new double[0], pj = new double[0];
    /** Largest |gradient component| after {@link #linearize}. */
    double maxGradient;

    private int[] cursor = new int[0], byView = new int[0];

    /** One range of points: its sums of U, of the views' gradients and of the cost. */
    private static final class Chunk {
        double[] u = new double[0], gc = new double[0];
        double cost;
    }

    private final Chunk[] chunks = new Chunk[CHUNKS];
    private final FixedChunks ranges;
    /** the state being costed or linearized, for the ranges; set only while they run */
    private double[] atRotation, atTranslation, atXyz;
    private final FixedChunks.Range costOfRange = (c, first, end) -> chunks[c].cost = cost(first, end);
    private final FixedChunks.Range linearizeRange = (c, first, end) -> linearize(chunks[c], first, end);

    NormalEquationBlocks() {
        this(ForkJoinPool.commonPool());
    }

    /** @param pool where the ranges run; with a parallelism of 1, one after the other on the calling thread */
    NormalEquationBlocks(ForkJoinPool pool) {
        ranges = new FixedChunks(pool, CHUNKS, PARALLEL_POINTS);
        for (int c = 0; c < CHUNKS; c++)
            chunks[c] = new Chunk();
    }

    /** Orders the problem's observations and sizes every array; allocates only when the problem is larger. */
    void setUp(BundleProblem problem, double huberPixels, boolean weightedCurvature) {
        weighted = weightedCurvature;
        views = problem.views;
        fixedViews = problem.fixedViews;
        freeViews = views - fixedViews;
        points = problem.points;
        observations = problem.observations;
        focal = problem.focal;
        huber = huberPixels;
        prior = problem.prior;
        if (view.length < observations) {
            view = new int[observations];
            byView = new int[observations];
            xy = new double[2 * observations];
            valid = new boolean[observations];
            jc = new double[12 * observations];
            pj = new double[6 * observations];
        }
        if (pointStart.length < points + 1) {
            pointStart = new int[points + 1];
            v = new double[6 * points];
            gp = new double[3 * points];
        }
        if (cursor.length < Math.max(points, views + 1))
            cursor = new int[Math.max(points, views + 1)];
        if (u.length < 36 * freeViews) {
            u = new double[36 * freeViews];
            gc = new double[6 * freeViews];
            for (Chunk c : chunks) {
                c.u = new double[36 * freeViews];
                c.gc = new double[6 * freeViews];
            }
        }
        order(problem);
    }

    /** Two stable counting sorts of the observations, by view then by point; gathers them in that order. */
    private void order(BundleProblem problem) {
        int n = observations;
        int[] obsView = problem.obsView, obsPoint = problem.obsPoint;
        Arrays.fill(cursor, 0, views + 1, 0);
        for (int o = 0; o < n; o++)
            cursor[obsView[o] + 1]++;
        for (int i = 0; i < views; i++)
            cursor[i + 1] += cursor[i];
        for (int o = 0; o < n; o++)
            byView[cursor[obsView[o]]++] = o;

        Arrays.fill(pointStart, 0, points + 1, 0);
        for (int o = 0; o < n; o++)
            pointStart[obsPoint[o] + 1]++;
        for (int j = 0; j < points; j++)
            pointStart[j + 1] += pointStart[j];
        System.arraycopy(pointStart, 0, cursor, 0, points);
        for (int k = 0; k < n; k++) {
            int o = byView[k];
            int s = cursor[obsPoint[o]]++;
            view[s] = obsView[o];
            xy[2 * s] = problem.obsXy[2 * o];
            xy[2 * s + 1] = problem.obsXy[2 * o + 1];
        }
    }

    /**
     * Decides which observations count for the whole run: those whose point lies in front of the camera now. Fixing
     * the set keeps the cost one function of the parameters; a step that would move a counted point behind its
     * camera is rejected by {@link #cost} instead of silently dropping the residual.
     *
     * @return how many count
     */
    int markValid(double[] rotation, double[] translation, double[] xyz) {
        int counted = 0;
        longestFreeTrack = 0;
        for (int j = 0; j < points; j++) {
            double x = xyz[3 * j], y = xyz[3 * j + 1], z = xyz[3 * j + 2];
            int free = 0;
            for (int s = pointStart[j], end = pointStart[j + 1]; s < end; s++) {
                int r = 9 * view[s];
                double zc = rotation[r + 6] * x + rotation[r + 7] * y + rotation[r + 8] * z
                        + translation[3 * view[s] + 2];
                valid[s] = zc > MIN_DEPTH;
                if (valid[s]) {
                    counted++;
                    if (view[s] >= fixedViews)
                        free++;
                }
            }
            longestFreeTrack = Math.max(longestFreeTrack, free);
        }
        return counted;
    }

    /**
     * The robust cost Σ ρ(r) over both components of every counted observation, in pixels² (DDogleg's definition).
     *
     * @return the cost, or +∞ if a counted point is at or behind its camera
     */
    double cost(double[] rotation, double[] translation, double[] xyz) {
        atRotation = rotation;
        atTranslation = translation;
        atXyz = xyz;
        ranges.run(points, costOfRange);
        atRotation = atTranslation = atXyz = null;
        double sum = 0;
        for (Chunk c : chunks)
            sum += c.cost;
        return sum;
    }

    /** The cost of points [first, last) at the state being costed; +∞ if one of them is behind a camera. */
    private double cost(int first, int last) {
        final double[] rotation = atRotation, translation = atTranslation, xyz = atXyz;
        final double f = focal, t = huber;
        double sum = 0;
        for (int j = first; j < last; j++) {
            double x = xyz[3 * j], y = xyz[3 * j + 1], z = xyz[3 * j + 2];
            for (int s = pointStart[j], end = pointStart[j + 1]; s < end; s++) {
                if (!valid[s])
                    continue;
                int r = 9 * view[s], q = 3 * view[s];
                double zc = rotation[r + 6] * x + rotation[r + 7] * y + rotation[r + 8] * z + translation[q + 2];
                if (!(zc > MIN_DEPTH))
                    return Double.POSITIVE_INFINITY;
                double xc = rotation[r] * x + rotation[r + 1] * y + rotation[r + 2] * z + translation[q];
                double yc = rotation[r + 3] * x + rotation[r + 4] * y + rotation[r + 5] * z + translation[q + 1];
                double iz = 1.0 / zc;
                sum += HuberLoss.cost(f * (xc * iz - xy[2 * s]), t) + HuberLoss.cost(f * (yc * iz - xy[2 * s + 1]), t);
            }
            int pb = BundleProblem.PRIOR_STRIDE * j;
            if (prior[pb + 6] > 0)
                sum += HuberLoss.cost(priorResidual(pb, x, y, z), t);
        }
        return sum;
    }

    /** Fills U, V, the factors of W and the gradients at the given state (which must have a finite {@link #cost}). */
    void linearize(double[] rotation, double[] translation, double[] xyz) {
        atRotation = rotation;
        atTranslation = translation;
        atXyz = xyz;
        ranges.run(points, linearizeRange);
        atRotation = atTranslation = atXyz = null;
        Arrays.fill(u, 0, 36 * freeViews, 0.0);
        Arrays.fill(gc, 0, 6 * freeViews, 0.0);
        for (Chunk c : chunks) {
            for (int i = 0; i < 36 * freeViews; i++)
                u[i] += c.u[i];
            for (int i = 0; i < 6 * freeViews; i++)
                gc[i] += c.gc[i];
        }
        maxGradient = Math.max(maxAbs(gc, 6 * freeViews), maxAbs(gp, 3 * points));
    }

    /** Points [first, last) at the state being linearized: their V, gradients and W; their sums of U into the chunk. */
    private void linearize(Chunk chunk, int first, int last) {
        final double[] rotation = atRotation, translation = atTranslation, xyz = atXyz;
        final double f = focal, t = huber;
        final double[] u = chunk.u, gc = chunk.gc, jc = this.jc, pj = this.pj;
        Arrays.fill(u, 0, 36 * freeViews, 0.0);
        Arrays.fill(gc, 0, 6 * freeViews, 0.0);
        for (int j = first; j < last; j++) {
            double x = xyz[3 * j], y = xyz[3 * j + 1], z = xyz[3 * j + 2];
            double v00 = 0, v01 = 0, v02 = 0, v11 = 0, v12 = 0, v22 = 0, g0 = 0, g1 = 0, g2 = 0;
            for (int s = pointStart[j], end = pointStart[j + 1]; s < end; s++) {
                if (!valid[s])
                    continue;
                int vi = view[s], r = 9 * vi, q = 3 * vi;
                double xc = rotation[r] * x + rotation[r + 1] * y + rotation[r + 2] * z + translation[q];
                double yc = rotation[r + 3] * x + rotation[r + 4] * y + rotation[r + 5] * z + translation[q + 1];
                double zc = rotation[r + 6] * x + rotation[r + 7] * y + rotation[r + 8] * z + translation[q + 2];
                double iz = 1.0 / zc, pu = xc * iz, pv = yc * iz, fz = f * iz;
                double e0 = f * (pu - xy[2 * s]), e1 = f * (pv - xy[2 * s + 1]);
                double w0 = HuberLoss.weight(e0, t), w1 = HuberLoss.weight(e1, t);
                // the curvature's weights: Huber's (JᵀWJ) or none (JᵀJ, DDogleg's); the gradient always has Huber's
                double h0 = weighted ? w0 : 1, h1 = weighted ? w1 : 1;

                // point Jacobian rows: (f/z)·(R row 0 − u·R row 2) and (f/z)·(R row 1 − v·R row 2)
                double a0 = fz * (rotation[r] - pu * rotation[r + 6]);
                double a1 = fz * (rotation[r + 1] - pu * rotation[r + 7]);
                double a2 = fz * (rotation[r + 2] - pu * rotation[r + 8]);
                double b0 = fz * (rotation[r + 3] - pv * rotation[r + 6]);
                double b1 = fz * (rotation[r + 4] - pv * rotation[r + 7]);
                double b2 = fz * (rotation[r + 5] - pv * rotation[r + 8]);
                double wa0 = h0 * a0, wa1 = h0 * a1, wa2 = h0 * a2, wb0 = h1 * b0, wb1 = h1 * b1, wb2 = h1 * b2;
                v00 += wa0 * a0 + wb0 * b0;
                v01 += wa0 * a1 + wb0 * b1;
                v02 += wa0 * a2 + wb0 * b2;
                v11 += wa1 * a1 + wb1 * b1;
                v12 += wa1 * a2 + wb1 * b2;
                v22 += wa2 * a2 + wb2 * b2;
                double r0 = w0 * e0, r1 = w1 * e1;
                g0 += a0 * r0 + b0 * r1;
                g1 += a1 * r0 + b1 * r1;
                g2 += a2 * r0 + b2 * r1;

                int fv = vi - fixedViews;
                if (fv < 0)
                    continue;
                // pose Jacobian rows over (ω, t): f·(−uv, 1+u², −v, 1/z, 0, −u/z) and f·(−(1+v²), uv, u, 0, 1/z, −v/z);
                // written out with locals, since the JIT reloads array elements after every store into u
                double c0 = -f * pu * pv, c1 = f * (1 + pu * pu), c2 = -f * pv, c3 = fz, c5 = -fz * pu;
                double d0 = -f * (1 + pv * pv), d1 = f * pu * pv, d2 = f * pu, d4 = fz, d5 = -fz * pv;
                double wc0 = h0 * c0, wc1 = h0 * c1, wc2 = h0 * c2, wc3 = h0 * c3, wc5 = h0 * c5;
                double wd0 = h1 * d0, wd1 = h1 * d1, wd2 = h1 * d2, wd4 = h1 * d4, wd5 = h1 * d5;
                int ub = 36 * fv, gb = 6 * fv, jb = 12 * s, pb = 6 * s;
                u[ub] += wc0 * c0 + wd0 * d0;
                u[ub + 1] += wc0 * c1 + wd0 * d1;
                u[ub + 2] += wc0 * c2 + wd0 * d2;
                u[ub + 3] += wc0 * c3;
                u[ub + 4] += wd0 * d4;
                u[ub + 5] += wc0 * c5 + wd0 * d5;
                u[ub + 7] += wc1 * c1 + wd1 * d1;
                u[ub + 8] += wc1 * c2 + wd1 * d2;
                u[ub + 9] += wc1 * c3;
                u[ub + 10] += wd1 * d4;
                u[ub + 11] += wc1 * c5 + wd1 * d5;
                u[ub + 14] += wc2 * c2 + wd2 * d2;
                u[ub + 15] += wc2 * c3;
                u[ub + 16] += wd2 * d4;
                u[ub + 17] += wc2 * c5 + wd2 * d5;
                u[ub + 21] += wc3 * c3;
                u[ub + 23] += wc3 * c5;
                u[ub + 28] += wd4 * d4;
                u[ub + 29] += wd4 * d5;
                u[ub + 35] += wc5 * c5 + wd5 * d5;
                gc[gb] += c0 * r0 + d0 * r1;
                gc[gb + 1] += c1 * r0 + d1 * r1;
                gc[gb + 2] += c2 * r0 + d2 * r1;
                gc[gb + 3] += c3 * r0;
                gc[gb + 4] += d4 * r1;
                gc[gb + 5] += c5 * r0 + d5 * r1;
                jc[jb] = c0;
                jc[jb + 1] = c1;
                jc[jb + 2] = c2;
                jc[jb + 3] = c3;
                jc[jb + 4] = 0;
                jc[jb + 5] = c5;
                jc[jb + 6] = d0;
                jc[jb + 7] = d1;
                jc[jb + 8] = d2;
                jc[jb + 9] = 0;
                jc[jb + 10] = d4;
                jc[jb + 11] = d5;
                pj[pb] = wa0;
                pj[pb + 1] = wa1;
                pj[pb + 2] = wa2;
                pj[pb + 3] = wb0;
                pj[pb + 4] = wb1;
                pj[pb + 5] = wb2;
            }
            int qb = BundleProblem.PRIOR_STRIDE * j;
            double w = prior[qb + 6];
            if (w > 0) {
                // the depth prior: residual w·ray·(X − measured), Jacobian w·ray, on the point alone
                double e = priorResidual(qb, x, y, z), we = HuberLoss.weight(e, t), h = weighted ? we : 1;
                double k0 = w * prior[qb + 3], k1 = w * prior[qb + 4], k2 = w * prior[qb + 5];
                v00 += h * k0 * k0;
                v01 += h * k0 * k1;
                v02 += h * k0 * k2;
                v11 += h * k1 * k1;
                v12 += h * k1 * k2;
                v22 += h * k2 * k2;
                g0 += k0 * we * e;
                g1 += k1 * we * e;
                g2 += k2 * we * e;
            }
            int vb = 6 * j;
            v[vb] = v00;
            v[vb + 1] = v01;
            v[vb + 2] = v02;
            v[vb + 3] = v11;
            v[vb + 4] = v12;
            v[vb + 5] = v22;
            gp[3 * j] = g0;
            gp[3 * j + 1] = g1;
            gp[3 * j + 2] = g2;
        }
    }

    private double priorResidual(int pb, double x, double y, double z) {
        return prior[pb + 6] * ((x - prior[pb]) * prior[pb + 3] + (y - prior[pb + 1]) * prior[pb + 4]
                + (z - prior[pb + 2]) * prior[pb + 5]);
    }

    private static double maxAbs(double[] a, int n) {
        double m = 0;
        for (int i = 0; i < n; i++)
            m = Math.max(m, Math.abs(a[i]));
        return m;
    }
}
