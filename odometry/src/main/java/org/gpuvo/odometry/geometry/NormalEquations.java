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

    /** Adds residual r with gradient j (length n) and weight w. Only the upper triangle is accumulated. */
    void add(double[] j, double r, double w) {
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
