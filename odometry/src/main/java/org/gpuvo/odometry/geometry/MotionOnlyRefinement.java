package org.gpuvo.odometry.geometry;

import georegression.struct.se.Se3_F64;

/**
 * Refines a camera pose from 2D–3D correspondences with the 3D points held fixed ("motion-only bundle
 * adjustment", as in ORB-SLAM's pose optimisation): Levenberg–Marquardt on the reprojection error in normalized
 * image coordinates with a Huber cost (P. J. Huber, "Robust Estimation of a Location Parameter", 1964), minimised by
 * iteratively reweighted least squares. The pose is perturbed on the left, R ← exp([ω]×)·R, T ← exp([ω]×)·T + v,
 * with the analytic Jacobian of the pinhole projection. Cheap enough for every frame: no Jacobian is stored and
 * nothing is allocated after construction. Not thread safe.
 */
public final class MotionOnlyRefinement extends PoseLevenbergMarquardt {
    /** A point this close to the camera plane (or behind it) contributes a constant cost and no gradient. */
    private static final double MIN_DEPTH = 1e-9;
    /** Cost of a point behind the camera: that of a residual of one normalized unit. */
    private static final double BEHIND_RESIDUAL = 1.0;

    private double huber;
    private double initialCost, finalCost;

    /** the upper triangle of JᵀWJ, row by row */
    private final double[] sums = new double[21];
    private final double[] r = new double[9], t = new double[3];
    private final double[] tmp = new double[9], tmp2 = new double[9];
    /** The correspondences of the refinement under way. */
    private double[] wx, wy, wz, nx, ny;
    private int[] idx;
    private int count;

    /**
     * @param huberThresholdPixels residual norm (pixels) beyond which the cost grows linearly instead of
     *                             quadratically; {@code Double.POSITIVE_INFINITY} gives plain least squares
     * @param focalLengthPixels    converts the threshold to normalized units
     */
    public MotionOnlyRefinement(double huberThresholdPixels, double focalLengthPixels) {
        super(6);
        if (!(focalLengthPixels > 0 && focalLengthPixels < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("focal length must be positive and finite, got " + focalLengthPixels);
        setHuberThreshold(huberThresholdPixels / focalLengthPixels);
    }

    /** Huber threshold in normalized units (pixels / focal length). */
    public MotionOnlyRefinement setHuberThreshold(double normalized) {
        if (!(normalized > 0))
            throw new IllegalArgumentException("Huber threshold must be positive, got " + normalized);
        this.huber = normalized;
        return this;
    }

    public double huberThreshold() {
        return huber;
    }

    public MotionOnlyRefinement setMaxIterations(int maxIterations) {
        if (maxIterations < 1)
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        this.maxIterations = maxIterations;
        return this;
    }

    /**
     * Refines {@code worldToCamera} in place from all n correspondences: world point (wx, wy, wz)[i] observed at
     * normalized (nx, ny)[i].
     *
     * @return false if the problem is degenerate (fewer than three points in front of the camera, or a singular
     *         system at the start), in which case the pose is unchanged
     */
    public boolean refine(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int n,
                          Se3_F64 worldToCamera) {
        Arguments.check(n, wx, wy, wz, nx, ny);
        return run(wx, wy, wz, nx, ny, null, n, worldToCamera);
    }

    /** As {@link #refine(double[], double[], double[], double[], double[], int, Se3_F64)}, on the correspondences
     *  {@code indices[0..count)} only. */
    public boolean refine(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int[] indices, int count,
                          Se3_F64 worldToCamera) {
        if (indices == null || count < 0 || count > indices.length)
            throw new IllegalArgumentException("indices must hold at least count = " + count + " entries");
        return run(wx, wy, wz, nx, ny, indices, count, worldToCamera);
    }

    /** Levenberg–Marquardt iterations run in the last call (accepted or not). */
    public int iterations() {
        return iterations;
    }

    /** Huber cost (normalized units²) before the last refinement. */
    public double initialCost() {
        return initialCost;
    }

    /** Huber cost (normalized units²) after the last refinement. */
    public double finalCost() {
        return finalCost;
    }

    private boolean run(double[] wx, double[] wy, double[] wz, double[] nx, double[] ny, int[] idx, int count,
                        Se3_F64 pose) {
        iterations = 0;
        Mat3.copyFrom(pose, r, t);
        this.wx = wx;
        this.wy = wy;
        this.wz = wz;
        this.nx = nx;
        this.ny = ny;
        this.idx = idx;
        this.count = count;
        try {
            double cost = linearize(r, t);
            initialCost = finalCost = cost;
            if (cost < 0)
                return false;
            cost = minimize(r, t, cost);
            if (Double.isNaN(cost))
                return false;
            finalCost = cost;
        } finally {
            this.wx = this.wy = this.wz = this.nx = this.ny = null;
            this.idx = null;
        }
        Mat3.copyTo(r, t, pose);
        return true;
    }

    @Override
    void applyStep(double[] r, double[] t, double[] candR, double[] candT) {
        System.arraycopy(r, 0, candR, 0, 9);
        Mat3.rotateLeft(step[0], step[1], step[2], candR, tmp, tmp2);
        Mat3.exp(step[0], step[1], step[2], tmp);
        candT[0] = tmp[0] * t[0] + tmp[1] * t[1] + tmp[2] * t[2] + step[3];
        candT[1] = tmp[3] * t[0] + tmp[4] * t[1] + tmp[5] * t[2] + step[4];
        candT[2] = tmp[6] * t[0] + tmp[7] * t[1] + tmp[8] * t[2] + step[5];
    }

    @Override
    boolean isNegligibleStep() {
        double s = 0;
        for (double v : step)
            s += v * v;
        return Math.sqrt(s) < 1e-12;
    }

    /**
     * Accumulates the normal equations at (r, t) and returns the cost, or −1 if fewer than 3 points are usable.
     * The sums are kept in locals and written once: per residual the same products are added in the same order as
     * {@link NormalEquations#add} adds them (the zeros of the projection's Jacobian left out), so the result is the
     * same to the bit, without two calls and 54 array updates per point on every iteration of every frame's PnP.
     */
    @Override
    double linearize(double[] r, double[] t) {
        equations.reset(6);
        double s00 = 0, s01 = 0, s02 = 0, s03 = 0, s04 = 0, s05 = 0, s11 = 0, s12 = 0, s13 = 0, s14 = 0, s15 = 0;
        double s22 = 0, s23 = 0, s24 = 0, s25 = 0, s33 = 0, s35 = 0, s44 = 0, s45 = 0, s55 = 0;
        double g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0;
        double cost = 0;
        int used = 0;
        for (int k = 0; k < count; k++) {
            int i = idx == null ? k : idx[k];
            double px = wx[i], py = wy[i], pz = wz[i];
            double cz = r[6] * px + r[7] * py + r[8] * pz + t[2];
            if (!(cz > MIN_DEPTH)) {
                cost += Huber.cost(BEHIND_RESIDUAL, huber);
                continue;
            }
            double cx = r[0] * px + r[1] * py + r[2] * pz + t[0];
            double cy = r[3] * px + r[4] * py + r[5] * pz + t[1];
            double iz = 1.0 / cz;
            double x = cx * iz, y = cy * iz;
            double ex = x - nx[i], ey = y - ny[i];
            double e = Math.sqrt(ex * ex + ey * ey);
            if (!(e < Double.POSITIVE_INFINITY)) {
                cost += Huber.cost(BEHIND_RESIDUAL, huber);
                continue;
            }
            cost += Huber.cost(e, huber);
            double w = Huber.weight(e, huber);
            // x residual: ∂/∂(ω, v) = (−xy, 1 + x², −y, 1/z, 0, −x/z)
            double a0 = -x * y, a1 = 1 + x * x, a2 = -y, a3 = iz, a5 = -x * iz;
            double w0 = w * a0, w1 = w * a1, w2 = w * a2, w3 = w * a3, w5 = w * a5;
            s00 += w0 * a0;
            s01 += w0 * a1;
            s02 += w0 * a2;
            s03 += w0 * a3;
            s05 += w0 * a5;
            g0 += w0 * ex;
            s11 += w1 * a1;
            s12 += w1 * a2;
            s13 += w1 * a3;
            s15 += w1 * a5;
            g1 += w1 * ex;
            s22 += w2 * a2;
            s23 += w2 * a3;
            s25 += w2 * a5;
            g2 += w2 * ex;
            s33 += w3 * a3;
            s35 += w3 * a5;
            g3 += w3 * ex;
            s55 += w5 * a5;
            g5 += w5 * ex;
            // y residual: (−(1 + y²), xy, x, 0, 1/z, −y/z)
            double b0 = -(1 + y * y), b1 = x * y, b2 = x, b4 = iz, b5 = -y * iz;
            w0 = w * b0;
            w1 = w * b1;
            w2 = w * b2;
            double w4 = w * b4;
            w5 = w * b5;
            s00 += w0 * b0;
            s01 += w0 * b1;
            s02 += w0 * b2;
            s04 += w0 * b4;
            s05 += w0 * b5;
            g0 += w0 * ey;
            s11 += w1 * b1;
            s12 += w1 * b2;
            s14 += w1 * b4;
            s15 += w1 * b5;
            g1 += w1 * ey;
            s22 += w2 * b2;
            s24 += w2 * b4;
            s25 += w2 * b5;
            g2 += w2 * ey;
            s44 += w4 * b4;
            s45 += w4 * b5;
            g4 += w4 * ey;
            s55 += w5 * b5;
            g5 += w5 * ey;
            used++;
        }
        double[] upper = sums;
        upper[0] = s00;
        upper[1] = s01;
        upper[2] = s02;
        upper[3] = s03;
        upper[4] = s04;
        upper[5] = s05;
        upper[6] = s11;
        upper[7] = s12;
        upper[8] = s13;
        upper[9] = s14;
        upper[10] = s15;
        upper[11] = s22;
        upper[12] = s23;
        upper[13] = s24;
        upper[14] = s25;
        upper[15] = s33;
        upper[16] = 0; // (3, 4): the x residual has no v_y term, the y residual no v_x term
        upper[17] = s35;
        upper[18] = s44;
        upper[19] = s45;
        upper[20] = s55;
        equations.setPose(upper, g0, g1, g2, g3, g4, g5);
        return used >= 3 ? cost : -1;
    }

    @Override
    double cost(double[] r, double[] t) {
        double cost = 0;
        for (int k = 0; k < count; k++) {
            int i = idx == null ? k : idx[k];
            double px = wx[i], py = wy[i], pz = wz[i];
            double cz = r[6] * px + r[7] * py + r[8] * pz + t[2];
            if (!(cz > MIN_DEPTH)) {
                cost += Huber.cost(BEHIND_RESIDUAL, huber);
                continue;
            }
            double cx = r[0] * px + r[1] * py + r[2] * pz + t[0];
            double cy = r[3] * px + r[4] * py + r[5] * pz + t[1];
            double ex = cx / cz - nx[i], ey = cy / cz - ny[i];
            double e = Math.sqrt(ex * ex + ey * ey);
            cost += e < Double.POSITIVE_INFINITY ? Huber.cost(e, huber) : Huber.cost(BEHIND_RESIDUAL, huber);
        }
        return cost;
    }
}
