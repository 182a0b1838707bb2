package org.gpuvo.odometry.geometry;

/**
 * The normal equations JᵀWJ·δ = −JᵀWr of a small (≤ 6 parameters) weighted least-squares problem, accumulated one
 * residual at a time so that no Jacobian is stored, and solved with Levenberg–Marquardt damping
 * (JᵀWJ + λ·diag(JᵀWJ)) by Cholesky factorisation. Allocation-free after construction.
 */
final class NormalEquations {
    private final int capacity;
    private int n;
    private final double[] a;
    private final double[] g;
    private final double[] l;

    NormalEquations(int capacity) {
        this.capacity = capacity;
        a = new double[capacity * capacity];
        g = new double[capacity];
        l = new double[capacity * capacity];
    }

    void reset(int parameters) {
        if (parameters > capacity)
            throw new IllegalArgumentException(parameters + " parameters, capacity " + capacity);
        n = parameters;
        java.util.Arrays.fill(a, 0, n * n, 0);
        java.util.Arrays.fill(g, 0, n, 0);
    }

    /**
     * Sets the equations of a pose's 6 parameters from sums accumulated elsewhere: the upper triangle of JᵀWJ row by
     * row (21 values) and JᵀWr.
     */
    void setPose(double[] upper, double g0, double g1, double g2, double g3, double g4, double g5) {
        if (n != 6)
            throw new IllegalStateException("the equations hold " + n + " parameters, not a pose's 6");
        int at = 0;
        for (int p = 0; p < 6; p++)
            for (int q = p; q < 6; q++)
                a[p * 6 + q] = upper[at++];
        g[0] = g0;
        g[1] = g1;
        g[2] = g2;
        g[3] = g3;
        g[4] = g4;
        g[5] = g5;
    }

    /** Adds residual r with gradient j (length n) and weight w. Only the upper triangle is accumulated. */
    void add(double[] j, double r, double w) {
        if (n == 6) {
            addPose(j, r, w);
            return;
        }
        for (int p = 0; p < n; p++) {
            double wj = w * j[p];
            if (wj == 0)
                continue;
            int row = p * n;
            for (int q = p; q < n; q++)
                a[row + q] += wj * j[q];
            g[p] += wj * r;
        }
    }

    /**
     * {@link #add} for the 6 parameters of a pose, written out: the general loop, called for every residual of every
     * PnP refinement, was a sixth of the tracking thread's time. The same operations in the same order, so the sums
     * are the same to the bit.
     */
    private void addPose(double[] j, double r, double w) {
        final double[] a = this.a, g = this.g;
        double j0 = j[0], j1 = j[1], j2 = j[2], j3 = j[3], j4 = j[4], j5 = j[5];
        double w0 = w * j0, w1 = w * j1, w2 = w * j2, w3 = w * j3, w4 = w * j4, w5 = w * j5;
        if (w0 != 0) {
            a[0] += w0 * j0;
            a[1] += w0 * j1;
            a[2] += w0 * j2;
            a[3] += w0 * j3;
            a[4] += w0 * j4;
            a[5] += w0 * j5;
            g[0] += w0 * r;
        }
        if (w1 != 0) {
            a[7] += w1 * j1;
            a[8] += w1 * j2;
            a[9] += w1 * j3;
            a[10] += w1 * j4;
            a[11] += w1 * j5;
            g[1] += w1 * r;
        }
        if (w2 != 0) {
            a[14] += w2 * j2;
            a[15] += w2 * j3;
            a[16] += w2 * j4;
            a[17] += w2 * j5;
            g[2] += w2 * r;
        }
        if (w3 != 0) {
            a[21] += w3 * j3;
            a[22] += w3 * j4;
            a[23] += w3 * j5;
            g[3] += w3 * r;
        }
        if (w4 != 0) {
            a[28] += w4 * j4;
            a[29] += w4 * j5;
            g[4] += w4 * r;
        }
        if (w5 != 0) {
            a[35] += w5 * j5;
            g[5] += w5 * r;
        }
    }

    /**
     * Solves (A + λ·diag(A))·step = −g. Returns false if the damped matrix is not positive definite (a
     * degenerate problem), leaving {@code step} unspecified.
     */
    boolean solve(double lambda, double[] step) {
        for (int p = 0; p < n; p++) {
            for (int q = 0; q <= p; q++) {
                double v = a[q * n + p];
                if (p == q)
                    v += lambda * v + 1e-300;
                double sum = v;
                for (int k = 0; k < q; k++)
                    sum -= l[p * n + k] * l[q * n + k];
                if (p == q) {
                    if (!(sum > 0))
                        return false;
                    l[p * n + p] = Math.sqrt(sum);
                } else {
                    l[p * n + q] = sum / l[q * n + q];
                }
            }
        }
        for (int p = 0; p < n; p++) {
            double sum = -g[p];
            for (int k = 0; k < p; k++)
                sum -= l[p * n + k] * step[k];
            step[p] = sum / l[p * n + p];
        }
        for (int p = n - 1; p >= 0; p--) {
            double sum = step[p];
            for (int k = p + 1; k < n; k++)
                sum -= l[k * n + p] * step[k];
            step[p] = sum / l[p * n + p];
        }
        return true;
    }

    /** gᵀ·step + ½·stepᵀ·A·step: the change of the quadratic model, for the gain ratio. */
    double predictedChange(double[] step) {
        double lin = 0, quad = 0;
        for (int p = 0; p < n; p++) {
            lin += g[p] * step[p];
            double row = 0;
            for (int q = 0; q < n; q++)
                row += (p <= q ? a[p * n + q] : a[q * n + p]) * step[q];
            quad += step[p] * row;
        }
        return lin + 0.5 * quad;
    }
}
