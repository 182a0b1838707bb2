package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;

/**
 * The 128-D SIFT descriptor (Lowe 2004, §6; VLFeat's {@code vl_sift_calc_keypoint_descriptor};
 * {@code gpu/SIFT.md} §6): 4×4 spatial bins of width SBP = magnification·σ, each an 8-bin histogram of gradient
 * orientations relative to the keypoint's angle. Every pixel of the window votes its gradient magnitude, weighted
 * by a Gaussian of σ = 2 bins (half the descriptor's width), trilinearly into the two nearest bins in x, in y and
 * in orientation. The vector is normalised to unit length, clamped at 0.2 and normalised again; RootSIFT
 * (Arandjelović and Zisserman, CVPR 2012) then takes the square roots of its L1-normalised components. Layout
 * {@code (row · 4 + column) · 8 + orientation}, as VLFeat's C API and OpenCV.
 */
public final class SiftDescriptorBuilder {
    public static final int SPATIAL_BINS = 4;
    public static final int ORIENTATION_BINS = 8;
    public static final int LENGTH = SPATIAL_BINS * SPATIAL_BINS * ORIENTATION_BINS;
    /** components are clamped at this after the first normalisation (Lowe §6.1) */
    public static final float CLAMP = 0.2f;
    private static final float BINS_PER_RADIAN = (float) (ORIENTATION_BINS / (2 * Math.PI));
    /** a sample this far (in bins) from the centre along x or y reaches no bin: bin centres end at ±1.5 */
    private static final float REACH = SPATIAL_BINS / 2 + 0.5f;
    private static final int PADDED = SPATIAL_BINS + 2;

    private final double magnification;
    private final boolean rootSift;
    private float[] columnWeights = new float[0];
    /** the histogram with a ring of spatial bins around the 4×4 */
    private final float[] padded = new float[PADDED * PADDED * ORIENTATION_BINS];

    public SiftDescriptorBuilder(double magnification, boolean rootSift) {
        this.magnification = magnification;
        this.rootSift = rootSift;
    }

    /**
     * Writes the descriptor of the keypoint at ({@code x}, {@code y}) with scale {@code sigma} (octave pixels) and
     * orientation {@code angleDegrees}, on Gaussian level {@code level} of {@code octave}, to
     * {@code out[offset … offset + 127]}.
     */
    public void describe(SiftOctave octave, int level, float x, float y, float sigma, float angleDegrees,
                         float[] out, int offset) {
        Arrays.fill(padded, 0f);
        accumulate(octave.gauss[level], octave.width, octave.height, x, y, sigma, angleDegrees);
        copyInner(out, offset);
        normalise(out, offset, rootSift);
    }

    private void accumulate(float[] g, int w, int h, float x, float y, float sigma, float angleDegrees) {
        double binWidth = magnification * sigma;
        int radius = (int) Math.floor(Math.sqrt(2) * binWidth * (SPATIAL_BINS + 1) / 2 + 0.5);
        double angle = Math.toRadians(angleDegrees);
        double cos = Math.cos(angle), sin = Math.sin(angle);
        // only the rotated square |nx|, |ny| < 2.5 bins votes: its bounding box (with a pixel to spare) is up to
        // √2 times smaller than the window, which is sized for the worst angle
        int reach = (int) Math.ceil(REACH * binWidth * (Math.abs(cos) + Math.abs(sin))) + 1;
        int half = Math.min(radius, reach);
        float ct = (float) cos, st = (float) sin, angle0 = (float) angle, inverseBin = (float) (1 / binWidth);
        int cx = (int) Math.floor(x + 0.5f), cy = (int) Math.floor(y + 0.5f);
        int y0 = Math.max(1, cy - half), y1 = Math.min(h - 2, cy + half);
        int x0 = Math.max(1, cx - half), x1 = Math.min(w - 2, cx + half);
        if (x0 > x1 || y0 > y1)
            return;
        float windowScale = (float) (1 / (8 * binWidth * binWidth));
        float[] columnWeight = weights(columnWeights, x0, x1, x, windowScale);
        columnWeights = columnWeight;
        for (int yi = y0; yi <= y1; yi++) {
            float dy = yi - y;
            float rowWeight = (float) Math.exp(-(dy * dy) * windowScale);
            for (int xi = x0; xi <= x1; xi++) {
                float dx = xi - x;
                float nx = (ct * dx + st * dy) * inverseBin, ny = (-st * dx + ct * dy) * inverseBin;
                // samples beyond ±2.5 bins would vote with weight 0 only
                if (!(Math.abs(nx) < REACH && Math.abs(ny) < REACH))
                    continue;
                int i = yi * w + xi;
                float gx = (g[i + 1] - g[i - 1]) / 2, gy = (g[i + w] - g[i - w]) / 2;
                float m = (float) Math.sqrt(gx * gx + gy * gy);
                // relative angle in bins, in (−8, 8): its floor taken mod 8 is the bin
                float nt = (GradientAngle.of(gy, gx) - angle0) * BINS_PER_RADIAN;
                vote3(m * (columnWeight[xi - x0] * rowWeight), nx, ny, nt);
            }
        }
    }

    /**
     * exp(−d²·scale) for d = i − centre, i = from … to, into {@code buffer} (grown if needed): one factor of the
     * separable Gaussian window.
     */
    static float[] weights(float[] buffer, int from, int to, float centre, float scale) {
        int n = to - from + 1;
        float[] out = buffer.length >= n ? buffer : new float[n];
        for (int i = from; i <= to; i++) {
            float d = i - centre;
            out[i - from] = (float) Math.exp(-(d * d) * scale);
        }
        return out;
    }

    /**
     * Spreads {@code vote} over the 2×2×2 bins around (nx, ny, nt) of the padded histogram: spatial bins −1 … 4,
     * so that no bin needs a bounds test (the outer ring is dropped afterwards); orientation bins by bt mod 8.
     */
    private void vote3(float vote, float nx, float ny, float nt) {
        int bx = (int) Math.floor(nx - 0.5f), by = (int) Math.floor(ny - 0.5f), bt = (int) Math.floor(nt);
        float rx = nx - 0.5f - bx, ry = ny - 0.5f - by, rt = nt - bt;
        int t0 = bt & (ORIENTATION_BINS - 1), t1 = (bt + 1) & (ORIENTATION_BINS - 1);
        // padded cell of spatial bin (bx + 2, by + 2): row and column shifted by one
        int cell = ((by + 3) * PADDED + bx + 3) * ORIENTATION_BINS;
        float[] h = padded;
        float v = vote * (1 - rx) * (1 - ry);
        h[cell + t0] += v * (1 - rt);
        h[cell + t1] += v * rt;
        v = vote * rx * (1 - ry);
        h[cell + ORIENTATION_BINS + t0] += v * (1 - rt);
        h[cell + ORIENTATION_BINS + t1] += v * rt;
        cell += PADDED * ORIENTATION_BINS;
        v = vote * (1 - rx) * ry;
        h[cell + t0] += v * (1 - rt);
        h[cell + t1] += v * rt;
        v = vote * rx * ry;
        h[cell + ORIENTATION_BINS + t0] += v * (1 - rt);
        h[cell + ORIENTATION_BINS + t1] += v * rt;
    }

    /** The inner 4×4 cells of the padded histogram, in the descriptor's layout. */
    private void copyInner(float[] out, int offset) {
        for (int row = 0; row < SPATIAL_BINS; row++)
            System.arraycopy(padded, ((row + 1) * PADDED + 1) * ORIENTATION_BINS, out,
                    offset + row * SPATIAL_BINS * ORIENTATION_BINS, SPATIAL_BINS * ORIENTATION_BINS);
    }

    /**
     * Unit L2 norm, clamp at {@link #CLAMP}, unit L2 norm again, then RootSIFT if asked; norms in double. An
     * all-zero vector stays zero.
     */
    static void normalise(float[] d, int offset, boolean rootSift) {
        scaleToUnitL2(d, offset);
        for (int k = offset; k < offset + LENGTH; k++)
            d[k] = Math.min(d[k], CLAMP);
        scaleToUnitL2(d, offset);
        if (rootSift) {
            double l1 = 0;
            for (int k = offset; k < offset + LENGTH; k++)
                l1 += d[k];
            if (l1 > 0)
                for (int k = offset; k < offset + LENGTH; k++)
                    d[k] = (float) Math.sqrt(d[k] / l1);
        }
    }

    private static void scaleToUnitL2(float[] d, int offset) {
        double sum = 0;
        for (int k = offset; k < offset + LENGTH; k++)
            sum += (double) d[k] * d[k];
        if (sum == 0)
            return;
        double norm = Math.sqrt(sum);
        for (int k = offset; k < offset + LENGTH; k++)
            d[k] = (float) (d[k] / norm);
    }
}
