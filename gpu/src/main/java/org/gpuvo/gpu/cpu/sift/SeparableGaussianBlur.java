package org.gpuvo.gpu.cpu.sift;

/**
 * Separable convolution of a float plane with a symmetric {@link GaussianKernel}: the horizontal pass first, then
 * the vertical, borders by clamping the coordinate (replicate the edge pixel), each output the float sum of
 * {@code w[k]·in[clamp(i + k − r)]} accumulated in kernel order k = 0 … 2r, products and sums rounded separately
 * ({@code gpu/SIFT.md} §2). The loops run over a whole row for one tap at a time so that the JIT vectorises them;
 * the per-pixel sum is still in kernel order. Keeps its intermediate plane between calls; not thread safe.
 */
public final class SeparableGaussianBlur {
    private float[] horizontal = new float[0];
    private float[] paddedRow = new float[0];
    private float[] rowSum = new float[0];

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
        for (int y = 0; y < height; y++)
            blurRow(src, y * width, width, kernel, r);
        for (int y = 0; y < height; y++)
            blurColumnStep(dst, y, width, height, kernel, r);
    }

    private void blurRow(float[] src, int start, int width, float[] kernel, int r) {
        float[] pad = paddedRow;
        float first = src[start], last = src[start + width - 1];
        for (int i = 0; i < r; i++) {
            pad[i] = first;
            pad[r + width + i] = last;
        }
        System.arraycopy(src, start, pad, r, width);
        float[] out = horizontal;
        float w0 = kernel[0];
        for (int x = 0; x < width; x++)
            out[start + x] = w0 * pad[x];
        for (int k = 1; k < kernel.length; k++) {
            float wk = kernel[k];
            for (int x = 0; x < width; x++)
                out[start + x] += wk * pad[x + k];
        }
    }

    /** Output row {@code y} of the vertical pass, read from the horizontal pass. */
    private void blurColumnStep(float[] dst, int y, int width, int height, float[] kernel, int r) {
        float[] in = horizontal, acc = rowSum;
        int row0 = clamp(y - r, height) * width;
        float w0 = kernel[0];
        for (int x = 0; x < width; x++)
            acc[x] = w0 * in[row0 + x];
        for (int k = 1; k < kernel.length; k++) {
            float wk = kernel[k];
            int row = clamp(y + k - r, height) * width;
            for (int x = 0; x < width; x++)
                acc[x] += wk * in[row + x];
        }
        System.arraycopy(acc, 0, dst, y * width, width);
    }

    private static int clamp(int i, int size) {
        return i < 0 ? 0 : (i >= size ? size - 1 : i);
    }
}
