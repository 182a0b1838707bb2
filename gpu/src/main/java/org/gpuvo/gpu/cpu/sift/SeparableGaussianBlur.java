package org.gpuvo.gpu.cpu.sift;

/**
 * Separable convolution of a float plane with a symmetric {@link GaussianKernel}, the blur of every scale-space
 * level (Lowe 2004, §3; as VLFeat's {@code vl_imsmooth_f}, which also convolves rows, then columns, with edge
 * pixels continued): the horizontal pass first, then
 * the vertical, borders by clamping the coordinate (replicate the edge pixel), each output the float sum of
 * {@code w[k]·in[clamp(i + k − r)]} accumulated in kernel order k = 0 … 2r, the first tap a product and every
 * following tap one fused multiply-add ({@link Math#fma(float, float, float)}: the product unrounded;
 * {@code gpu/SIFT.md} §2), so that the CUDA kernels, one {@code fmaf} a tap, give the same bits. The loops sweep a
 * whole row for four taps at a time, so that the JIT vectorises them and each output is loaded and stored once per
 * four taps; the per-pixel sum is still in kernel order. Keeps its intermediate plane between calls; not thread
 * safe.
 */
public final class SeparableGaussianBlur {
    private float[] horizontal = new float[0];
    private float[] paddedRow = new float[0];
    private float[] rowSum = new float[0];
    private final int[] rows = new int[4];

    /**
     * Blurs the {@code width × height} plane {@code src} (row-major, tightly packed) into {@code dst}, which may be
     * {@code src}.
     */
    public void apply(float[] src, float[] dst, int width, int height, float[] kernel) {
        int r = kernel.length / 2;
        int n = width * height;
        if (horizontal.length < n)
            horizontal = new float[n];
        if (paddedRow.length < width + 2 * r)
            paddedRow = new float[width + 2 * r];
        if (rowSum.length < width)
            rowSum = new float[width];
        for (int y = 0; y < height; y++) {
            float[] pad = paddedRow;
            int start = y * width;
            float first = src[start], last = src[start + width - 1];
            for (int i = 0; i < r; i++) {
                pad[i] = first;
                pad[r + width + i] = last;
            }
            System.arraycopy(src, start, pad, r, width);
            for (int k = 0; k < kernel.length; k += 4) {
                for (int t = 0; t < 4; t++)
                    rows[t] = k + t;
                addTaps(rowSum, width, kernel, k, pad, rows, k == 0);
            }
            System.arraycopy(rowSum, 0, horizontal, start, width);
        }
        for (int y = 0; y < height; y++) {
            for (int k = 0; k < kernel.length; k += 4) {
                for (int t = 0; t < 4; t++)
                    rows[t] = clamp(y + k + t - r, height) * width;
                addTaps(rowSum, width, kernel, k, horizontal, rows, k == 0);
            }
            System.arraycopy(rowSum, 0, dst, y * width, width);
        }
    }

    /**
     * Adds taps k … k+3 (fewer at the kernel's end) to each output: {@code out[x] = fma(w[k], in[at[0] + x],
     * out[x])}, then {@code w[k+1]} and {@code in[at[1] + x]} and so on, one fused multiply-add at a time in kernel
     * order. With {@code first}, the sums start from the first product instead of {@code out} (the rounded product
     * is {@code fma(w, v, 0)}: weights and samples are non-negative).
     */
    private static void addTaps(float[] out, int width, float[] kernel, int k, float[] in, int[] at, boolean first) {
        int taps = Math.min(4, kernel.length - k);
        float w0 = kernel[k], w1 = taps > 1 ? kernel[k + 1] : 0, w2 = taps > 2 ? kernel[k + 2] : 0;
        float w3 = taps > 3 ? kernel[k + 3] : 0;
        int b0 = at[0], b1 = at[1], b2 = at[2], b3 = at[3];
        if (taps == 4 && first) {
            for (int x = 0; x < width; x++) {
                float acc = w0 * in[b0 + x];
                acc = Math.fma(w1, in[b1 + x], acc);
                acc = Math.fma(w2, in[b2 + x], acc);
                acc = Math.fma(w3, in[b3 + x], acc);
                out[x] = acc;
            }
        } else if (taps == 4) {
            for (int x = 0; x < width; x++) {
                float acc = out[x];
                acc = Math.fma(w0, in[b0 + x], acc);
                acc = Math.fma(w1, in[b1 + x], acc);
                acc = Math.fma(w2, in[b2 + x], acc);
                acc = Math.fma(w3, in[b3 + x], acc);
                out[x] = acc;
            }
        } else {
            // the last one to three taps (a kernel has at least three, so never the first)
            for (int t = 0; t < taps; t++) {
                float w = kernel[k + t];
                int b = at[t];
                for (int x = 0; x < width; x++)
                    out[x] = Math.fma(w, in[b + x], out[x]);
            }
        }
    }

    private static int clamp(int i, int size) {
        return i < 0 ? 0 : (i >= size ? size - 1 : i);
    }
}
