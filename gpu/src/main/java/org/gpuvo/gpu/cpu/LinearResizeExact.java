package org.gpuvo.gpu.cpu;

/**
 * Bilinear down-sampling of 8-bit images in fixed point, bit-identical to OpenCV's
 * {@code resize(..., INTER_LINEAR_EXACT)}, the interpolation OpenCV's ORB builds its pyramid with.
 *
 * <p>Each output pixel centre maps to source coordinate {@code (d + 0.5)·src/dst − 0.5}. Its fraction becomes an
 * 8-bit weight {@code w1 = round(frac·256)} (half to even), {@code w0 = 256 − w1}. Rows are first interpolated
 * horizontally into 16-bit intermediates {@code w0·p0 + w1·p1}; two of those are blended vertically and rounded
 * with {@code (w0·h0 + w1·h1 + 2^15) >> 16}. Outside the interpolable range the edge pixel is replicated.
 */
final class LinearResizeExact {
    /** Per output column (or row): first source index and the two weights; cached while sizes repeat. */
    private static final class Axis {
        int src = -1, dst = -1;
        int[] offset = new int[0];
        int[] weight0 = new int[0];
        int[] weight1 = new int[0];
        /** outputs before {@code first} copy source 0; from {@code end} on they copy the last source sample */
        int first, end;

        void prepare(int srcSize, int dstSize) {
            if (srcSize == src && dstSize == dst)
                return;
            src = srcSize;
            dst = dstSize;
            if (offset.length < dstSize) {
                offset = new int[dstSize];
                weight0 = new int[dstSize];
                weight1 = new int[dstSize];
            }
            // OpenCV: inv_scale = (double)dst/src; scale = 1./inv_scale (interpolationLinear::getCoeffs)
            double scale = 1.0 / ((double) dstSize / srcSize);
            first = 0;
            end = dstSize;
            for (int d = 0; d < dstSize; d++) {
                double f = scale * (d + 0.5) - 0.5;
                int i = (int) Math.floor(f);
                if (i >= 0 && srcSize > 1) {
                    if (i < srcSize - 1) {
                        offset[d] = i;
                        int w1 = (int) Math.rint((f - i) * 256);
                        weight1[d] = w1;
                        weight0[d] = 256 - w1;
                    } else {
                        offset[d] = srcSize - 1;
                        end = Math.min(end, d);
                    }
                } else {
                    first = Math.max(first, d + 1);
                }
            }
            end = Math.max(end, first);
        }
    }

    private final Axis xAxis = new Axis();
    private final Axis yAxis = new Axis();
    private int[] row0 = new int[0];
    private int[] row1 = new int[0];

    /**
     * Resamples the {@code sw×sh} image at {@code src[srcOrigin]} (rows {@code srcStride} apart) into the
     * {@code dw×dh} image at {@code dst[dstOrigin]}.
     */
    void resize(byte[] src, int srcOrigin, int srcStride, int sw, int sh,
                byte[] dst, int dstOrigin, int dstStride, int dw, int dh) {
        xAxis.prepare(sw, dw);
        yAxis.prepare(sh, dh);
        if (row0.length < dw) {
            row0 = new int[dw];
            row1 = new int[dw];
        }
        int loaded0 = -1, loaded1 = -1;
        for (int dy = 0; dy < dh; dy++) {
            int out = dstOrigin + dy * dstStride;
            if (dy < yAxis.first || dy >= yAxis.end) {
                // replicated edge row: the horizontal intermediate rounded back to 8 bits
                int sy = dy < yAxis.first ? 0 : sh - 1;
                horizontal(src, srcOrigin + sy * srcStride, row0, dw);
                loaded0 = -1;
                for (int x = 0; x < dw; x++)
                    dst[out + x] = (byte) ((row0[x] + 128) >> 8);
                continue;
            }
            int sy = yAxis.offset[dy];
            if (loaded0 != sy) {
                if (loaded1 == sy) {
                    int[] t = row0;
                    row0 = row1;
                    row1 = t;
                    loaded0 = sy;
                    loaded1 = -1;
                } else {
                    horizontal(src, srcOrigin + sy * srcStride, row0, dw);
                    loaded0 = sy;
                }
            }
            if (loaded1 != sy + 1) {
                horizontal(src, srcOrigin + (sy + 1) * srcStride, row1, dw);
                loaded1 = sy + 1;
            }
            int w0 = yAxis.weight0[dy], w1 = yAxis.weight1[dy];
            for (int x = 0; x < dw; x++) {
                int v = (row0[x] * w0 + row1[x] * w1 + (1 << 15)) >>> 16;
                dst[out + x] = (byte) Math.min(v, 255);
            }
        }
    }

    /** One source row interpolated horizontally, 8 fractional bits. */
    private void horizontal(byte[] src, int rowStart, int[] out, int dw) {
        Axis a = xAxis;
        int left = (src[rowStart] & 0xFF) << 8;
        int right = (src[rowStart + a.src - 1] & 0xFF) << 8;
        for (int x = 0; x < a.first; x++)
            out[x] = left;
        int[] offset = a.offset, w0 = a.weight0, w1 = a.weight1;
        for (int x = a.first; x < a.end; x++) {
            int p = rowStart + offset[x];
            out[x] = (src[p] & 0xFF) * w0[x] + (src[p + 1] & 0xFF) * w1[x];
        }
        for (int x = a.end; x < dw; x++)
            out[x] = right;
    }
}
