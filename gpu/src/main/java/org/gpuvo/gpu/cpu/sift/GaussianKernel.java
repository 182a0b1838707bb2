package org.gpuvo.gpu.cpu.sift;

/**
 * The 1-D Gaussian of a separable SIFT blur (Lowe 2004, §3; VLFeat's {@code vl_imsmooth_f} truncation): radius
 * {@code r = ceil(4σ)}, weights {@code exp(−k²/(2σ²))} for k = −r … r, normalised to sum 1. Weights are computed
 * and normalised in double and then rounded to float once, so that every backend gets the same floats
 * ({@code gpu/SIFT.md} §2).
 */
public final class GaussianKernel {
    private GaussianKernel() {
    }

    /** {@code ceil(4σ)}. */
    public static int radius(double sigma) {
        if (!(sigma > 0 && sigma < 1e4))
            throw new IllegalArgumentException("sigma must be in (0, 1e4), got " + sigma);
        return (int) Math.ceil(4 * sigma);
    }

    /** The 2r + 1 weights, index k + r holding the weight of offset k. */
    public static float[] weights(double sigma) {
        int r = radius(sigma);
        double[] w = new double[2 * r + 1];
        double sum = 0;
        for (int k = -r; k <= r; k++) {
            w[k + r] = Math.exp(-(double) k * k / (2 * sigma * sigma));
            sum += w[k + r];
        }
        float[] out = new float[w.length];
        for (int i = 0; i < w.length; i++)
            out[i] = (float) (w[i] / sum);
        return out;
    }
}
