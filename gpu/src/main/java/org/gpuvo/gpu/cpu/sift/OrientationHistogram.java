package org.gpuvo.gpu.cpu.sift;

/**
 * Dominant gradient orientations around a keypoint (Lowe 2004, §5; VLFeat's
 * {@code vl_sift_calc_keypoint_orientations}; {@code gpu/SIFT.md} §5). On the keypoint's Gaussian level, the
 * gradients of the pixels within radius R = max(1, ⌊3·1.5σ⌋) vote with their magnitude times a Gaussian window of
 * σ_w = 1.5σ into 36 bins, linearly between the two nearest bin centres (bin b is centred at (b + ½)·10°); the
 * histogram is smoothed by six circular [1 1 1]/3 box filters; every local peak of at least
 * {@code peakRatio} of the highest, the highest first, gives an orientation, refined by a parabola through the
 * peak and its neighbours. A peak is a bin above its left neighbour and not below its right one, so that a
 * plateau of two bins is one peak at their common edge. Angles in degrees [0, 360), image x right and y down.
 */
public final class OrientationHistogram {
    public static final int BINS = 36;
    private static final int SMOOTHING_PASSES = 6;
    private static final float BINS_PER_RADIAN = (float) (BINS / (2 * Math.PI));

    private final float peakRatio;
    private final int maxOrientations;
    private final float[] hist = new float[BINS];
    private final float[] smoothed = new float[BINS];
    private final int[] peaks = new int[BINS];
    private float[] columnWeights = new float[0];

    public OrientationHistogram(double peakRatio, int maxOrientations) {
        this.peakRatio = (float) peakRatio;
        this.maxOrientations = maxOrientations;
    }

    /**
     * Writes the orientations of the keypoint at ({@code x}, {@code y}) with scale {@code sigma} (all in octave
     * pixels) on Gaussian level {@code level} of {@code octave} into {@code anglesOut}, highest peak first.
     *
     * @return how many (0 where the window holds no gradient)
     */
    public int compute(SiftOctave octave, int level, float x, float y, float sigma, float[] anglesOut) {
        fill(octave.gauss[level], octave.width, octave.height, x, y, sigma);
        for (int pass = 0; pass < SMOOTHING_PASSES; pass++)
            smooth();
        return peaksOf(anglesOut);
    }

    /** The orientations of a given (smoothed) histogram of {@link #BINS} bins, as {@link #compute} finds them. */
    int peaksOf(float[] histogram, float[] anglesOut) {
        System.arraycopy(histogram, 0, hist, 0, BINS);
        return peaksOf(anglesOut);
    }

    private void fill(float[] g, int w, int h, float x, float y, float sigma) {
        java.util.Arrays.fill(hist, 0);
        double windowSigma = 1.5 * sigma;
        int radius = Math.max(1, (int) Math.floor(3 * windowSigma));
        float maxR2 = radius * radius + 0.6f;
        float windowScale = (float) (1 / (2 * windowSigma * windowSigma));
        int cx = (int) Math.floor(x + 0.5f), cy = (int) Math.floor(y + 0.5f);
        int y0 = Math.max(1, cy - radius), y1 = Math.min(h - 2, cy + radius);
        int x0 = Math.max(1, cx - radius), x1 = Math.min(w - 2, cx + radius);
        if (x0 > x1 || y0 > y1)
            return;
        float[] columnWeight = SiftDescriptorBuilder.weights(columnWeights, x0, x1, x, windowScale);
        columnWeights = columnWeight;
        for (int yi = y0; yi <= y1; yi++) {
            float dy = yi - y;
            float rowWeight = (float) Math.exp(-(dy * dy) * windowScale);
            for (int xi = x0; xi <= x1; xi++) {
                float dx = xi - x;
                if (!(dx * dx + dy * dy < maxR2))
                    continue;
                int i = yi * w + xi;
                float gx = (g[i + 1] - g[i - 1]) / 2, gy = (g[i + w] - g[i - w]) / 2;
                float m = (float) Math.sqrt(gx * gx + gy * gy);
                float vote = m * (columnWeight[xi - x0] * rowWeight);
                float f = GradientAngle.of(gy, gx) * BINS_PER_RADIAN - 0.5f;
                int b = (int) Math.floor(f);
                float frac = f - b;
                // f is in [−0.5, 35.5]: b in −1 … 35
                int b0 = b < 0 ? b + BINS : b, b1 = b0 + 1 == BINS ? 0 : b0 + 1;
                hist[b0] += (1 - frac) * vote;
                hist[b1] += frac * vote;
            }
        }
    }

    private void smooth() {
        for (int b = 0; b < BINS; b++)
            smoothed[b] = (hist[(b + BINS - 1) % BINS] + hist[b] + hist[(b + 1) % BINS]) / 3;
        System.arraycopy(smoothed, 0, hist, 0, BINS);
    }

    private int peaksOf(float[] anglesOut) {
        float max = 0;
        for (float v : hist)
            max = Math.max(max, v);
        float threshold = peakRatio * max;
        int n = 0;
        for (int b = 0; b < BINS; b++) {
            float h0 = hist[b], hm = hist[(b + BINS - 1) % BINS], hp = hist[(b + 1) % BINS];
            // ≥ on the right: a peak split evenly over two bins (a gradient direction on a bin boundary) is
            // still a peak, at that boundary (Δ = ½); VLFeat's strict test would drop the keypoint
            if (h0 > hm && h0 >= hp && h0 >= threshold)
                peaks[n++] = b;
        }
        // highest first, ties to the lower bin (insertion sort: a histogram has few peaks)
        for (int i = 1; i < n; i++) {
            int p = peaks[i], j = i - 1;
            while (j >= 0 && hist[peaks[j]] < hist[p])
                peaks[j + 1] = peaks[j--];
            peaks[j + 1] = p;
        }
        n = Math.min(n, maxOrientations);
        for (int i = 0; i < n; i++) {
            int b = peaks[i];
            float h0 = hist[b], hm = hist[(b + BINS - 1) % BINS], hp = hist[(b + 1) % BINS];
            float delta = 0.5f * (hm - hp) / (hm - 2 * h0 + hp);
            anglesOut[i] = degrees(b + (double) delta + 0.5);
        }
        return n;
    }

    /** (bin position) · 10°, as a float in [0, 360). */
    static float degrees(double binPosition) {
        float deg = (float) (binPosition * (360.0 / BINS));
        if (deg >= 360)
            deg -= 360;
        if (deg < 0)
            deg += 360;
        return deg >= 360 ? 0 : deg;
    }
}
