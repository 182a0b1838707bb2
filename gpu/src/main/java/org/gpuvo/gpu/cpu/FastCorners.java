package org.gpuvo.gpu.cpu;

/**
 * FAST-9 corners (Rosten and Drummond, "Machine learning for high-speed corner detection", ECCV 2006) with
 * OpenCV's corner score and 3×3 non-maximum suppression, so that the corners and their scores are the ones
 * {@code cv::FAST(img, kp, threshold, true, TYPE_9_16)} finds.
 *
 * <p>A pixel is a corner when 9 contiguous pixels of the 16 on a Bresenham circle of radius 3 are all brighter
 * than centre + threshold or all darker than centre − threshold. Its score is the largest threshold for which it
 * would still be a corner, minus one (OpenCV's {@code cornerScore<16>}). A corner survives suppression when its
 * score is strictly greater than the score of each of its 8 neighbours (non-corners score 0).
 */
final class FastCorners {
    /** The circle, clockwise from the top: (dx, dy) pairs in OpenCV's order ({@code offsets16} of fast_score.cpp). */
    private static final int[] CIRCLE = {
            0, 3, 1, 3, 2, 2, 3, 1, 3, 0, 3, -1, 2, -2, 1, -3,
            0, -3, -1, -3, -2, -2, -3, -1, -3, 0, -3, 1, -2, 2, -1, 3};

    private int[] score = new int[0];
    private final int[] ring = new int[25];
    private final int[] diff = new int[25];
    private int ringStride = -1;

    /** Corners found by the last {@link #detect} call, in row-major order. */
    int count;
    int[] xs = new int[0];
    int[] ys = new int[0];
    int[] scores = new int[0];

    /**
     * Finds corners of {@code level} whose position lies in {@code [margin, width−margin) × [margin,
     * height−margin)}, after non-maximum suppression over the whole level. {@code margin} must be at least 3.
     */
    void detect(PyramidLevel level, int threshold, int margin) {
        count = 0;
        int w = level.width, h = level.height;
        if (w - 2 * margin <= 0 || h - 2 * margin <= 0)
            return;
        int stride = level.stride;
        if (stride != ringStride) {
            for (int k = 0; k < 16; k++)
                ring[k] = CIRCLE[2 * k] + CIRCLE[2 * k + 1] * stride;
            for (int k = 16; k < 25; k++)
                ring[k] = ring[k - 16];
            ringStride = stride;
        }
        // scores on the margin band plus a one-pixel ring, which suppression compares against
        int x0 = margin - 1, x1 = w - margin + 1, y0 = margin - 1, y1 = h - margin + 1;
        int sw = x1 - x0, sh = y1 - y0;
        if (score.length < sw * sh)
            score = new int[sw * sh];
        java.util.Arrays.fill(score, 0, sw * sh, 0);
        byte[] img = level.pixels;
        int[] r = ring;
        int o0 = r[0], o1 = r[1], o2 = r[2], o3 = r[3], o4 = r[4], o5 = r[5], o6 = r[6], o7 = r[7];
        int o8 = r[8], o9 = r[9], o10 = r[10], o11 = r[11], o12 = r[12], o13 = r[13], o14 = r[14], o15 = r[15];
        // FAST only examines pixels 3 or more from the level border
        int ya = Math.max(y0, 3), yb = Math.min(y1, h - 3), xa = Math.max(x0, 3), xb = Math.min(x1, w - 3);
        for (int y = ya; y < yb; y++) {
            int srow = (y - y0) * sw - x0;
            int base = level.origin + y * stride;
            for (int x = xa; x < xb; x++) {
                int p = base + x;
                int v = img[p] & 0xFF;
                int lo = v - threshold, hi = v + threshold;
                // the 2-bit class of a circle pixel: 1 darker, 2 brighter, 0 similar; a 9-arc always holds
                // one of each opposite pair (0,8), (2,10), ..., so a pair with no common class rules the pixel out
                int d = cls(img[p + o0], lo, hi) | cls(img[p + o8], lo, hi);
                if (d == 0)
                    continue;
                d &= cls(img[p + o2], lo, hi) | cls(img[p + o10], lo, hi);
                d &= cls(img[p + o4], lo, hi) | cls(img[p + o12], lo, hi);
                d &= cls(img[p + o6], lo, hi) | cls(img[p + o14], lo, hi);
                if (d == 0)
                    continue;
                d &= cls(img[p + o1], lo, hi) | cls(img[p + o9], lo, hi);
                d &= cls(img[p + o3], lo, hi) | cls(img[p + o11], lo, hi);
                d &= cls(img[p + o5], lo, hi) | cls(img[p + o13], lo, hi);
                d &= cls(img[p + o7], lo, hi) | cls(img[p + o15], lo, hi);
                if (d == 0)
                    continue;
                boolean corner = (d & 1) != 0 && hasArc(img, p, lo, true);
                if (!corner && (d & 2) != 0)
                    corner = hasArc(img, p, hi, false);
                if (corner)
                    score[srow + x] = cornerScore(img, p, v, threshold);
            }
        }
        for (int y = margin; y < h - margin; y++) {
            int s = (y - y0) * sw - x0;
            for (int x = margin; x < w - margin; x++) {
                int c = score[s + x];
                if (c == 0)
                    continue;
                int up = s - sw, down = s + sw;
                if (c > score[s + x - 1] && c > score[s + x + 1]
                        && c > score[up + x - 1] && c > score[up + x] && c > score[up + x + 1]
                        && c > score[down + x - 1] && c > score[down + x] && c > score[down + x + 1])
                    add(x, y, c);
            }
        }
    }

    private static int cls(byte pixel, int lo, int hi) {
        int v = pixel & 0xFF;
        return v < lo ? 1 : v > hi ? 2 : 0;
    }

    /** Whether 9 contiguous circle pixels are all darker than {@code bound} (or all brighter, if not darker). */
    private boolean hasArc(byte[] img, int p, int bound, boolean darker) {
        int run = 0;
        for (int k = 0; k < 25; k++) {
            int v = img[p + ring[k]] & 0xFF;
            if (darker ? v < bound : v > bound) {
                if (++run > 8)
                    return true;
            } else {
                run = 0;
            }
        }
        return false;
    }

    /** OpenCV's {@code cornerScore<16>}: the threshold at which the pixel stops being a corner, minus one. */
    private int cornerScore(byte[] img, int p, int v, int threshold) {
        int[] dv = diff;
        for (int k = 0; k < 25; k++)
            dv[k] = v - (img[p + ring[k]] & 0xFF);
        int a0 = threshold;
        for (int k = 0; k < 16; k += 2) {
            int a = Math.min(dv[k + 1], dv[k + 2]);
            a = Math.min(a, dv[k + 3]);
            if (a <= a0)
                continue;
            a = Math.min(a, dv[k + 4]);
            a = Math.min(a, dv[k + 5]);
            a = Math.min(a, dv[k + 6]);
            a = Math.min(a, dv[k + 7]);
            a = Math.min(a, dv[k + 8]);
            a0 = Math.max(a0, Math.min(a, dv[k]));
            a0 = Math.max(a0, Math.min(a, dv[k + 9]));
        }
        int b0 = -a0;
        for (int k = 0; k < 16; k += 2) {
            int b = Math.max(dv[k + 1], dv[k + 2]);
            b = Math.max(b, dv[k + 3]);
            b = Math.max(b, dv[k + 4]);
            b = Math.max(b, dv[k + 5]);
            if (b >= b0)
                continue;
            b = Math.max(b, dv[k + 6]);
            b = Math.max(b, dv[k + 7]);
            b = Math.max(b, dv[k + 8]);
            b0 = Math.min(b0, Math.max(b, dv[k]));
            b0 = Math.min(b0, Math.max(b, dv[k + 9]));
        }
        return -b0 - 1;
    }

    private void add(int x, int y, int s) {
        if (count == xs.length) {
            int n = Math.max(256, count * 2);
            xs = java.util.Arrays.copyOf(xs, n);
            ys = java.util.Arrays.copyOf(ys, n);
            scores = java.util.Arrays.copyOf(scores, n);
        }
        xs[count] = x;
        ys[count] = y;
        scores[count] = s;
        count++;
    }
}
