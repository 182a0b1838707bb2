package org.gpuvo.gpu.cpu;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

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

    /** FAST scores of the margin band, 0 where no corner; all zero between calls */
    private int[] score = new int[0];
    /** score-map indices of this call's corners, in row-major order */
    private int[] cornerAt = new int[0];
    private int corners;
    private final int[] ring = new int[25];
    /** centre − circle pixel, twice round the circle so that arcs need no wrap-around */
    private final int[] arcs = new int[32];
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
        // scores on the margin band plus a one-pixel ring, which suppression compares against; the map is all
        // zero between calls (only corners are written, and they are cleared again below)
        int x0 = margin - 1, x1 = w - margin + 1, y0 = margin - 1, y1 = h - margin + 1;
        int sw = x1 - x0, sh = y1 - y0;
        if (score.length < sw * sh)
            score = new int[sw * sh];
        corners = 0;
        byte[] img = level.pixels;
        // FAST only examines pixels 3 or more from the level border
        int ya = Math.max(y0, 3), yb = Math.min(y1, h - 3), xa = Math.max(x0, 3), xb = Math.min(x1, w - 3);
        for (int y = ya; y < yb; y++)
            scanRow(img, level.origin + y * stride, xa, xb, threshold, (y - y0) * sw - x0);
        int[] map = score;
        for (int c = 0; c < corners; c++) {
            int i = cornerAt[c];
            int x = i % sw + x0, y = i / sw + y0;
            if (x < margin || x >= w - margin || y < margin || y >= h - margin)
                continue;
            int v = map[i];
            if (v > map[i - 1] && v > map[i + 1] && v > map[i - sw - 1] && v > map[i - sw] && v > map[i - sw + 1]
                    && v > map[i + sw - 1] && v > map[i + sw] && v > map[i + sw + 1])
                add(x, y, v);
        }
        for (int c = 0; c < corners; c++)
            map[cornerAt[c]] = 0;
    }

    /** Scores pixels {@code xa..xb-1} of the row starting at {@code rowStart}; corners get their score. */
    private void scanRow(byte[] img, int rowStart, int xa, int xb, int threshold, int scoreRow) {
        int o0 = ring[0], o8 = ring[8];
        long bias = (threshold + 1) * LANE_ONES;
        int x = xa;
        // first test eight pixels at a time: a corner needs circle pixel 0 or 8 outside centre ± threshold
        for (; x + 8 <= xb; x += 8) {
            int p = rowStart + x;
            long centre = (long) LONGS.get(img, p);
            long outside = outside(centre, (long) LONGS.get(img, p + o0), bias)
                    | outside(centre, (long) LONGS.get(img, p + o8), bias);
            while (outside != 0) {
                int bit = Long.numberOfTrailingZeros(outside);
                outside &= outside - 1;
                int px = x + ((bit >>> 3) ^ 1);
                scorePixel(img, rowStart + px, threshold, scoreRow + px);
            }
        }
        for (; x < xb; x++)
            scorePixel(img, rowStart + x, threshold, scoreRow + x);
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long EVEN_BYTES = 0x00FF00FF00FF00FFL;
    private static final long LANE_ONES = 0x0001000100010001L;
    private static final long LANE_SIGNS = 0x8000800080008000L;

    /**
     * For 8 pixels packed in {@code centre} and their circle pixels in {@code ring}, a mask with the top bit of
     * byte {@code i ^ 1} set where circle pixel {@code i} is brighter than centre + threshold or darker than
     * centre − threshold ({@code bias} = threshold + 1 in every 16-bit lane). Even and odd bytes are compared in
     * separate sets of 16-bit lanes holding a byte plus a sign bit, so the subtractions cannot borrow across lanes.
     */
    private static long outside(long centre, long ring, long bias) {
        long ce = centre & EVEN_BYTES, re = ring & EVEN_BYTES;
        long co = (centre >>> 8) & EVEN_BYTES, ro = (ring >>> 8) & EVEN_BYTES;
        long even = (((re | LANE_SIGNS) - (ce + bias)) | ((ce | LANE_SIGNS) - (re + bias))) & LANE_SIGNS;
        long odd = (((ro | LANE_SIGNS) - (co + bias)) | ((co | LANE_SIGNS) - (ro + bias))) & LANE_SIGNS;
        return even | (odd >>> 8);
    }

    /** The full segment test of one pixel; a corner gets its score in the map and joins the corner list. */
    private void scorePixel(byte[] img, int p, int threshold, int scoreAt) {
        int[] r = ring;
        int v = img[p] & 0xFF;
        int lo = v - threshold, hi = v + threshold;
        // the 2-bit class of a circle pixel: 1 darker, 2 brighter, 0 similar; a 9-arc always holds
        // one of each opposite pair (0,8), (2,10), ..., so a pair with no common class rules the pixel out
        int d = cls(img[p + r[0]], lo, hi) | cls(img[p + r[8]], lo, hi);
        if (d == 0)
            return;
        d &= cls(img[p + r[2]], lo, hi) | cls(img[p + r[10]], lo, hi);
        d &= cls(img[p + r[4]], lo, hi) | cls(img[p + r[12]], lo, hi);
        d &= cls(img[p + r[6]], lo, hi) | cls(img[p + r[14]], lo, hi);
        if (d == 0)
            return;
        d &= cls(img[p + r[1]], lo, hi) | cls(img[p + r[9]], lo, hi);
        d &= cls(img[p + r[3]], lo, hi) | cls(img[p + r[11]], lo, hi);
        d &= cls(img[p + r[5]], lo, hi) | cls(img[p + r[13]], lo, hi);
        d &= cls(img[p + r[7]], lo, hi) | cls(img[p + r[15]], lo, hi);
        if (d == 0)
            return;
        int s;
        if ((d & 1) != 0 && hasArc(img, p, lo, true))
            s = darkerScore(img, p, v, threshold);
        else if ((d & 2) != 0 && hasArc(img, p, hi, false))
            s = brighterScore(img, p, v, threshold);
        else
            return;
        score[scoreAt] = s;
        if (corners == cornerAt.length)
            cornerAt = java.util.Arrays.copyOf(cornerAt, Math.max(1024, corners * 2));
        cornerAt[corners++] = scoreAt;
    }

    /** 1 when darker than {@code lo}, 2 when brighter than {@code hi}, else 0; branch-free (outcomes on real
     *  images are unpredictable, and mispredicted branches dominated the detector's time). */
    private static int cls(byte pixel, int lo, int hi) {
        int v = pixel & 0xFF;
        return ((v - lo) >>> 31) | (((hi - v) >>> 31) << 1);
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

    /*
     * OpenCV's cornerScore<16>, computed by another route to the same number. OpenCV raises a0 from the threshold
     * to the best min(d) over the 16 circular 9-arcs (d = centre − circle pixel), then lowers b0 from −a0 to the
     * best max(d) over the arcs, and returns −b0 − 1. A pixel cannot hold a darker and a brighter 9-arc at once
     * (9 + 9 > 16), so for a darker corner every arc's max(d) is positive and the score is a0 − 1; for a brighter
     * one every arc's min(d) is negative, a0 stays the threshold, and the score is −b0 − 1. The arc minima (maxima)
     * come from minima of pairs, fours and eights: 4 passes of 16 instead of 16 arcs of 9.
     */

    /** Score of a corner with a darker 9-arc: max(threshold, best arc minimum of d) − 1. */
    private int darkerScore(byte[] img, int p, int v, int threshold) {
        int[] d = arcs;
        for (int k = 0; k < 16; k++)
            d[k] = v - (img[p + ring[k]] & 0xFF);
        for (int k = 16; k < 32; k++)
            d[k] = d[k - 16];
        int best = threshold;
        for (int k = 0; k < 16; k++) {
            int m2a = Math.min(d[k], d[k + 1]), m2b = Math.min(d[k + 2], d[k + 3]);
            int m2c = Math.min(d[k + 4], d[k + 5]), m2d = Math.min(d[k + 6], d[k + 7]);
            int m = Math.min(Math.min(m2a, m2b), Math.min(m2c, m2d));
            best = Math.max(best, Math.min(m, d[k + 8]));
        }
        return best - 1;
    }

    /** Score of a corner with a brighter 9-arc: −min(−threshold, best arc maximum of d) − 1. */
    private int brighterScore(byte[] img, int p, int v, int threshold) {
        int[] d = arcs;
        for (int k = 0; k < 16; k++)
            d[k] = v - (img[p + ring[k]] & 0xFF);
        for (int k = 16; k < 32; k++)
            d[k] = d[k - 16];
        int best = -threshold;
        for (int k = 0; k < 16; k++) {
            int m2a = Math.max(d[k], d[k + 1]), m2b = Math.max(d[k + 2], d[k + 3]);
            int m2c = Math.max(d[k + 4], d[k + 5]), m2d = Math.max(d[k + 6], d[k + 7]);
            int m = Math.max(Math.max(m2a, m2b), Math.max(m2c, m2d));
            best = Math.min(best, Math.max(m, d[k + 8]));
        }
        return -best - 1;
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
