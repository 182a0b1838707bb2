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

    private final double[] jx = new double[6], jy = new double[6];
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

    /** Accumulates the normal equations at (r, t) and returns the cost, or −1 if fewer than 3 points are usable. */
    @Override
    double linearize(double[] r, double[] t) {
        equations.reset(6);
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
            jx[0] = -x * y;
            jx[1] = 1 + x * x;
            jx[2] = -y;
            jx[3] = iz;
            jx[4] = 0;
            jx[5] = -x * iz;
            jy[0] = -(1 + y * y);
            jy[1] = x * y;
            jy[2] = x;
            jy[3] = 0;
            jy[4] = iz;
            jy[5] = -y * iz;
            equations.add(jx, ex, w);
            equations.add(jy, ey, w);
            used++;
        }
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
