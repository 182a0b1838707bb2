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

    private final double magnification;
    private final boolean rootSift;

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
        Arrays.fill(out, offset, offset + LENGTH, 0f);
        accumulate(octave.gauss[level], octave.width, octave.height, x, y, sigma, angleDegrees, out, offset);
        normalise(out, offset, rootSift);
    }

    private void accumulate(float[] g, int w, int h, float x, float y, float sigma, float angleDegrees,
                            float[] out, int offset) {
        double binWidth = magnification * sigma;
        int radius = (int) Math.floor(Math.sqrt(2) * binWidth * (SPATIAL_BINS + 1) / 2 + 0.5);
        float sbp = (float) binWidth;
        double angle = Math.toRadians(angleDegrees);
        float ct = (float) Math.cos(angle), st = (float) Math.sin(angle), angle0 = (float) angle;
        int cx = (int) Math.floor(x + 0.5f), cy = (int) Math.floor(y + 0.5f);
        int y0 = Math.max(1, cy - radius), y1 = Math.min(h - 2, cy + radius);
        int x0 = Math.max(1, cx - radius), x1 = Math.min(w - 2, cx + radius);
        for (int yi = y0; yi <= y1; yi++) {
            float dy = yi - y;
            for (int xi = x0; xi <= x1; xi++) {
                float dx = xi - x;
                float nx = (ct * dx + st * dy) / sbp, ny = (-st * dx + ct * dy) / sbp;
                // samples beyond ±2.5 bins would vote with weight 0 only
                if (!(Math.abs(nx) < REACH && Math.abs(ny) < REACH))
                    continue;
                int i = yi * w + xi;
                float gx = (g[i + 1] - g[i - 1]) / 2, gy = (g[i + w] - g[i - w]) / 2;
                float m = (float) Math.sqrt(gx * gx + gy * gy);
                float theta = GradientAngle.of(gy, gx) - angle0;
                if (theta < 0)
                    theta += GradientAngle.TWO_PI;
                if (theta >= GradientAngle.TWO_PI)
                    theta -= GradientAngle.TWO_PI;
                float nt = theta * BINS_PER_RADIAN;
                float vote = m * (float) Math.exp(-(nx * nx + ny * ny) / 8);
                vote3(out, offset, vote, nx, ny, nt);
            }
        }
    }

    /** Spreads {@code vote} over the 2×2×2 bins around (nx, ny, nt). */
    private static void vote3(float[] out, int offset, float vote, float nx, float ny, float nt) {
        int bx = (int) Math.floor(nx - 0.5f), by = (int) Math.floor(ny - 0.5f), bt = (int) Math.floor(nt);
        float rx = nx - 0.5f - bx, ry = ny - 0.5f - by, rt = nt - bt;
        for (int iy = 0; iy < 2; iy++) {
            int row = by + iy + SPATIAL_BINS / 2;
            if (row < 0 || row >= SPATIAL_BINS)
                continue;
            float wy = iy == 0 ? 1 - ry : ry;
            for (int ix = 0; ix < 2; ix++) {
                int col = bx + ix + SPATIAL_BINS / 2;
                if (col < 0 || col >= SPATIAL_BINS)
                    continue;
                float wx = ix == 0 ? 1 - rx : rx;
                int cell = offset + (row * SPATIAL_BINS + col) * ORIENTATION_BINS;
                float v = vote * wx * wy;
                out[cell + Math.floorMod(bt, ORIENTATION_BINS)] += v * (1 - rt);
                out[cell + Math.floorMod(bt + 1, ORIENTATION_BINS)] += v * rt;
            }
        }
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
