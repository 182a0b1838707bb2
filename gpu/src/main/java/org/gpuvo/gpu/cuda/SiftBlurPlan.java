package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.cpu.sift.GaussianKernel;
import org.gpuvo.gpu.cpu.sift.SiftScaleSpace;
import org.gpuvo.gpu.features.ConfigSift;

/**
 * The Gaussian kernels of the SIFT scale-space launches (gpu/SIFT.md section 2) and how each runs. Entry 0 blurs
 * the (upsampled) input to σ0, by sqrt(σ0² − σn²) with σn = {@code inputSigma} (twice that when upsampled); entry
 * s = 1 … S + 2 blurs level s − 1 to level s, by sqrt(σ(s)² − σ(s−1)²) with σ(s) = σ0·2^(s/S). The same kernels
 * serve every octave (the blurs are in octave pixels). The sigmas and taps are the CPU reference's
 * ({@code SiftScaleSpace}, {@code GaussianKernel}); all taps lie in one float array, uploaded once.
 *
 * <p>A kernel of radius at most {@link #FUSED_RADIUS} runs as one fused launch ({@code sift_blur}: the tile and its
 * halo in shared memory); a larger one (only for unusual sigmas) as a row and a column launch through a temporary
 * buffer.
 */
final class SiftBlurPlan {
    /** zero weights after a level's taps in sift_blur's shared memory (BLUR_TAP_PAD in sift_scale_space.cu) */
    static final int TAP_PAD = 3;
    /** largest radius sift_blur takes (its tile of one part and halo must fit 48 KB of shared memory) */
    static final int FUSED_RADIUS = 24;
    /** sift_blur's tile and block (sift_scale_space.cu) */
    static final int TILE = 32, THREADS_X = 32, THREADS_Y = 8;

    final double[] sigma;
    final int[] radius;
    /** first tap of each kernel in {@link #weights} */
    final int[] offset;
    final float[] weights;

    SiftBlurPlan(ConfigSift config) {
        int s = config.levelsPerOctave;
        sigma = new double[s + 3];
        // the CPU reference's SiftScaleSpace: the same sigmas, the same GaussianKernel weights
        double inputBlur = config.inputSigma * Math.scalb(1.0, -config.firstOctave);
        double base = config.sigma * config.sigma - inputBlur * inputBlur;
        sigma[0] = base > 0 ? Math.sqrt(base) : 0;
        for (int level = 1; level < s + 3; level++) {
            double now = SiftScaleSpace.levelSigma(config.sigma, level, s),
                    before = SiftScaleSpace.levelSigma(config.sigma, level - 1, s);
            sigma[level] = Math.sqrt(now * now - before * before);
        }
        radius = new int[sigma.length];
        offset = new int[sigma.length];
        float[][] kernels = new float[sigma.length][];
        int taps = 0;
        for (int level = 0; level < sigma.length; level++) {
            // no base blur needed (never with a valid configuration): one tap of 1 copies the input exactly
            kernels[level] = sigma[level] > 0 ? GaussianKernel.weights(sigma[level]) : new float[]{1f};
            radius[level] = kernels[level].length / 2;
            offset[level] = taps;
            taps += kernels[level].length;
        }
        weights = new float[taps];
        for (int level = 0; level < sigma.length; level++)
            System.arraycopy(kernels[level], 0, weights, offset[level], kernels[level].length);
    }

    /** shared memory a launch may take without opting in to more */
    static final int SHARED_LIMIT = 48 * 1024;

    /** Whether kernel {@code level} runs as one fused launch. */
    boolean fused(int level) {
        return radius[level] <= FUSED_RADIUS;
    }

    /** Levels that need the row and column launches (and so the temporary buffer). */
    boolean anySeparate() {
        for (int level = 0; level < radius.length; level++)
            if (!fused(level))
                return true;
        return false;
    }

    /**
     * Dynamic shared memory of the fused launch of kernel {@code level} with tiles of {@code parts} × 32 rows: the
     * tile with its halo (rows padded to an odd pitch), the rows after the horizontal pass, the taps and
     * {@link #TAP_PAD} zeros after them (sift_blur).
     */
    int sharedBytes(int level, int parts) {
        int r = radius[level], lw = TILE + 2 * r, lh = TILE * parts + 2 * r;
        int tile = (lh * (lw + 1) + 3) & ~3; // the rows that follow are read as float4
        return 4 * (tile + lh * TILE + 2 * r + 1 + TAP_PAD);
    }
}
