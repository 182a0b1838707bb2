package org.gpuvo.odometry.geometry;

/**
 * Refines a calibrated relative pose (R, unit T) on given correspondences by Levenberg–Marquardt on the signed
 * Sampson distance of E = [T]×R (see {@link EssentialResiduals}) with a Huber cost. Five parameters: a left
 * rotation increment ω (R ← exp([ω]×)·R) and a step (a, b) in the tangent plane of the unit sphere at T
 * (T ← normalize(T + a·u + b·v), u ⊥ v ⊥ T), so the essential constraints hold by construction. Analytic Jacobian
 * by the chain rule through E; no Jacobian is stored and nothing is allocated after construction.
 */
final class RelativePoseRefinement extends PoseLevenbergMarquardt {
    private double huber = 1e-3;

    private final double[][] dE = new double[5][9];
    private final double[] e = new double[9], j = new double[5];
    private final double[] u = new double[3], v = new double[3];
    private final double[] tmp = new double[9], tmp2 = new double[9];
    /** The correspondences of the refinement under way. */
    private double[] x1, y1, x2, y2;
    private int[] idx;
    private int count;

    RelativePoseRefinement() {
        super(5);
    }

    void setHuberThreshold(double normalized) {
        huber = normalized;
    }

    void setMaxIterations(int maxIterations) {
        this.maxIterations = maxIterations;
    }

    int iterations() {
        return iterations;
    }

    /**
     * Refines (r, t) in place on correspondences idx[0..count). t must be unit length. Returns false (pose
     * unchanged) if the system is singular from the start, e.g. fewer than five correspondences.
     */
    boolean refine(double[] x1, double[] y1, double[] x2, double[] y2, int[] idx, int count, double[] r, double[] t) {
        iterations = 0;
        if (count < 5)
            return false;
        this.x1 = x1;
        this.y1 = y1;
        this.x2 = x2;
        this.y2 = y2;
        this.idx = idx;
        this.count = count;
        try {
            return !Double.isNaN(minimize(r, t, linearize(r, t)));
        } finally {
            this.x1 = this.y1 = this.x2 = this.y2 = null;
            this.idx = null;
        }
    }

    @Override
    void applyStep(double[] r, double[] t, double[] candR, double[] candT) {
        System.arraycopy(r, 0, candR, 0, 9);
        Mat3.rotateLeft(step[0], step[1], step[2], candR, tmp, tmp2);
        double tx = t[0] + step[3] * u[0] + step[4] * v[0];
        double ty = t[1] + step[3] * u[1] + step[4] * v[1];
        double tz = t[2] + step[3] * u[2] + step[4] * v[2];
        double norm = Math.sqrt(tx * tx + ty * ty + tz * tz);
        candT[0] = tx / norm;
        candT[1] = ty / norm;
        candT[2] = tz / norm;
    }

    @Override
    double cost(double[] r, double[] t) {
        EssentialResiduals.essential(r, t, e);
        double cost = 0;
        for (int k = 0; k < count; k++) {
            int i = idx[k];
            cost += Huber.cost(Math.sqrt(EssentialResiduals.sampsonSquared(e, x1[i], y1[i], x2[i], y2[i])), huber);
        }
        return cost;
    }

    @Override
    double linearize(double[] r, double[] t) {
        tangentBasis(t);
        EssentialResiduals.essential(r, t, e);
        // dE/dω_k = [t]×[e_k]×R ; dE/da = [u]×R ; dE/db = [v]×R
        for (int k = 0; k < 3; k++) {
            Mat3.crossMult(k == 0 ? 1 : 0, k == 1 ? 1 : 0, k == 2 ? 1 : 0, r, tmp);
            Mat3.crossMult(t[0], t[1], t[2], tmp, dE[k]);
        }
        Mat3.crossMult(u[0], u[1], u[2], r, dE[3]);
        Mat3.crossMult(v[0], v[1], v[2], r, dE[4]);

        equations.reset(5);
        double cost = 0;
        for (int n = 0; n < count; n++) {
            int i = idx[n];
            double px = x1[i], py = y1[i], qx = x2[i], qy = y2[i];
            double a0 = e[0] * px + e[1] * py + e[2];
            double a1 = e[3] * px + e[4] * py + e[5];
            double a2 = e[6] * px + e[7] * py + e[8];
            double b0 = e[0] * qx + e[3] * qy + e[6];
            double b1 = e[1] * qx + e[4] * qy + e[7];
            double num = qx * a0 + qy * a1 + a2;
            double den = a0 * a0 + a1 * a1 + b0 * b0 + b1 * b1;
            if (!(den > 0))
                continue;
            double s = 1.0 / Math.sqrt(den);
            double res = num * s;
            double s3 = 0.5 * num * s * s * s;
            for (int k = 0; k < 5; k++) {
                double[] d = dE[k];
                double g0 = d[0] * px + d[1] * py + d[2];
                double g1 = d[3] * px + d[4] * py + d[5];
                double g2 = d[6] * px + d[7] * py + d[8];
                double h0 = d[0] * qx + d[3] * qy + d[6];
                double h1 = d[1] * qx + d[4] * qy + d[7];
                double dnum = qx * g0 + qy * g1 + g2;
                double dden = 2 * (a0 * g0 + a1 * g1 + b0 * h0 + b1 * h1);
                j[k] = dnum * s - s3 * dden;
            }
            cost += Huber.cost(res, huber);
            equations.add(j, res, Huber.weight(res, huber));
        }
        return cost;
    }

    /** u, v: an orthonormal basis of the plane perpendicular to the unit vector t. */
    private void tangentBasis(double[] t) {
        // cross t with the axis least aligned with it
        double ax = Math.abs(t[0]), ay = Math.abs(t[1]), az = Math.abs(t[2]);
        double ex = 0, ey = 0, ez = 0;
        if (ax <= ay && ax <= az)
            ex = 1;
        else if (ay <= az)
            ey = 1;
        else
            ez = 1;
        double ux = t[1] * ez - t[2] * ey, uy = t[2] * ex - t[0] * ez, uz = t[0] * ey - t[1] * ex;
        double un = Math.sqrt(ux * ux + uy * uy + uz * uz);
        u[0] = ux / un;
        u[1] = uy / un;
        u[2] = uz / un;
        v[0] = t[1] * u[2] - t[2] * u[1];
        v[1] = t[2] * u[0] - t[0] * u[2];
        v[2] = t[0] * u[1] - t[1] * u[0];
    }
}
