package org.gpuvo.gpu.cpu.sift;

/**
 * Subpixel and subscale refinement of a difference-of-Gaussian extremum and its rejection tests (Lowe 2004, §4
 * and §4.1; the iteration as OpenCV's {@code adjustLocalExtrema}; {@code gpu/SIFT.md} §4). At the integer sample
 * (u, v, s) the gradient g and Hessian H of D are taken by central differences in float, and the offset
 * δ = −H⁻¹g of the fitted quadratic is solved in double. When every |δ| is below ½ the sample has converged;
 * otherwise it moves by δ rounded half away from zero and the fit is repeated, five times at most. A move out of
 * 1 … w−2, 1 … h−2, 1 … S, a singular H, or no convergence rejects the candidate; so do a low interpolated contrast
 * |D + ½ g·δ| &lt; T and a ratio of principal curvatures of at least r (tr² · r ≥ (r + 1)² · det, or det ≤ 0).
 */
public final class ExtremumRefinement {
    static final int MAX_STEPS = 5;

    private final int levelsPerOctave;
    private final double sigma0;
    private final double contrastThreshold;
    private final double edgeRatio;

    // derivatives of the latest fit (float, as every backend computes them)
    private float dx, dy, ds, dxx, dyy, dss, dxy, dxs, dys;
    private double offX, offY, offS;

    /**
     * @param contrastThreshold T, the least |D| of a kept extremum ({@code ConfigSift.contrastThreshold / S})
     * @param edgeRatio         r ({@code ConfigSift.edgeThreshold})
     */
    public ExtremumRefinement(int levelsPerOctave, double sigma0, double contrastThreshold, double edgeRatio) {
        this.levelsPerOctave = levelsPerOctave;
        this.sigma0 = sigma0;
        this.contrastThreshold = contrastThreshold;
        this.edgeRatio = edgeRatio;
    }

    /**
     * Refines the candidate (u, v, s) of octave {@code octaveIndex} (position in the scale space) and appends it
     * to {@code out} if it is kept.
     *
     * @return whether it was kept
     */
    public boolean refine(float[][] dog, SiftOctave octave, int octaveIndex, int u, int v, int s, SiftExtrema out) {
        int w = octave.width, h = octave.height;
        boolean converged = false;
        for (int step = 0; step < MAX_STEPS; step++) {
            if (!fit(dog, w, u, v, s))
                return false;
            if (Math.abs(offX) < 0.5 && Math.abs(offY) < 0.5 && Math.abs(offS) < 0.5) {
                converged = true;
                break;
            }
            double nu = u + roundHalfAway(offX), nv = v + roundHalfAway(offY), ns = s + roundHalfAway(offS);
            if (!(nu >= 1 && nu <= w - 2 && nv >= 1 && nv <= h - 2 && ns >= 1 && ns <= levelsPerOctave))
                return false;
            u = (int) nu;
            v = (int) nv;
            s = (int) ns;
        }
        if (!converged)
            return false;
        float d = dog[s][v * w + u];
        double contrast = Math.abs(d + 0.5 * (dx * offX + dy * offY + ds * offS));
        if (!(contrast >= contrastThreshold))
            return false;
        double trace = (double) dxx + dyy, det = (double) dxx * dyy - (double) dxy * dxy;
        if (!(det > 0 && trace * trace * edgeRatio < (edgeRatio + 1) * (edgeRatio + 1) * det))
            return false;
        float octaveSigma = (float) SiftScaleSpace.levelSigma(sigma0, s + offS, levelsPerOctave);
        out.add(octaveIndex, s, u, v, (float) (u + offX), (float) (v + offY), octaveSigma, octave.scale, octave.origin,
                (float) contrast);
        return true;
    }

    /** Derivatives at (u, v, s) and the offset δ; false if H is singular. */
    private boolean fit(float[][] dog, int w, int u, int v, int s) {
        float[] lo = dog[s - 1], mid = dog[s], hi = dog[s + 1];
        int i = v * w + u;
        float c = mid[i];
        dx = (mid[i + 1] - mid[i - 1]) / 2;
        dy = (mid[i + w] - mid[i - w]) / 2;
        ds = (hi[i] - lo[i]) / 2;
        dxx = mid[i + 1] + mid[i - 1] - 2 * c;
        dyy = mid[i + w] + mid[i - w] - 2 * c;
        dss = hi[i] + lo[i] - 2 * c;
        dxy = (mid[i + w + 1] - mid[i - w + 1] - mid[i + w - 1] + mid[i - w - 1]) / 4;
        dxs = (hi[i + 1] - hi[i - 1] - lo[i + 1] + lo[i - 1]) / 4;
        dys = (hi[i + w] - hi[i - w] - lo[i + w] + lo[i - w]) / 4;
        // δ = −H⁻¹ g by the adjugate (Cramer's rule), in double
        double a = dxx, b = dxy, e = dxs, f = dyy, g = dys, k = dss;
        double c00 = f * k - g * g, c01 = e * g - b * k, c02 = b * g - e * f;
        double c11 = a * k - e * e, c12 = b * e - a * g, c22 = a * f - b * b;
        double det = a * c00 + b * c01 + e * c02;
        if (det == 0)
            return false;
        offX = -(c00 * dx + c01 * dy + c02 * ds) / det;
        offY = -(c01 * dx + c11 * dy + c12 * ds) / det;
        offS = -(c02 * dx + c12 * dy + c22 * ds) / det;
        return Double.isFinite(offX) && Double.isFinite(offY) && Double.isFinite(offS);
    }

    /** Rounds half away from zero (C's {@code round}), unlike {@link Math#round}. */
    static double roundHalfAway(double value) {
        return value < 0 ? -Math.floor(-value + 0.5) : Math.floor(value + 0.5);
    }
}
