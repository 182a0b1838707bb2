package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;

/**
 * Measures how two SIFT extractions of one image agree: which keypoints of a reference have a counterpart in
 * the other within a distance in pixels and a relative difference in scale, and how similar the descriptors of
 * counterparts with nearly the same orientation are. Also a brute-force L2 matcher with Lowe's ratio test.
 */
final class SiftAgreement {
    private SiftAgreement() {
    }

    /**
     * OpenCV's descriptors count orientations the other way round: it takes gradient directions with y up
     * ({@code dy = I(y−1) − I(y+1)}) and subtracts them from its keypoint angle, so its orientation bin k holds
     * what gpuvo (VLFeat) puts in bin (8 − k) mod 8. The spatial layout is the same.
     */
    static int openCvToGpuvo(int index) {
        int cell = index / 8, bin = index % 8;
        return cell * 8 + (8 - bin) % 8;
    }

    /** Counterparts of the reference's keypoints; -1 where none. The nearest in angle among those close enough. */
    static int[] counterparts(KeyPoints reference, KeyPoints other, double maxPixels, double maxScaleRatio,
                              float referenceDx, float referenceDy) {
        int[] match = new int[reference.size()];
        Arrays.fill(match, -1);
        double r2 = maxPixels * maxPixels;
        for (int i = 0; i < reference.size(); i++) {
            float x = reference.x[i] - referenceDx, y = reference.y[i] - referenceDy;
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < other.size(); j++) {
                float dx = other.x[j] - x, dy = other.y[j] - y;
                if (dx * dx + dy * dy > r2)
                    continue;
                double ratio = other.diameter[j] / reference.diameter[i];
                if (Math.abs(ratio - 1) > maxScaleRatio)
                    continue;
                double da = angleDifference(reference.angle[i], other.angle[j]);
                if (da < best) {
                    best = da;
                    match[i] = j;
                }
            }
        }
        return match;
    }

    /** |a − b| in degrees, on the circle: [0, 180]. */
    static double angleDifference(double a, double b) {
        double d = Math.abs(a - b) % 360;
        return d > 180 ? 360 - d : d;
    }

    static double cosine(float[] a, int ia, float[] b, int ib, boolean openCvLayoutB) {
        double dot = 0, na = 0, nb = 0;
        int n = FloatDescriptors.SIFT_LENGTH;
        for (int k = 0; k < n; k++) {
            float va = a[ia * n + k];
            float vb = b[ib * n + (openCvLayoutB ? openCvToGpuvo(k) : k)];
            dot += va * vb;
            na += va * va;
            nb += vb * vb;
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    /** Matches of a to b that pass the ratio test (nearest distance below {@code ratio} times the second). */
    static int ratioMatches(SiftFeatures a, SiftFeatures b, double ratio) {
        FloatDescriptors da = a.descriptors, db = b.descriptors;
        if (db.size() < 2)
            return 0;
        int count = 0;
        double r2 = ratio * ratio;
        for (int i = 0; i < da.size(); i++) {
            float best = Float.POSITIVE_INFINITY, second = Float.POSITIVE_INFINITY;
            for (int j = 0; j < db.size(); j++) {
                float d = da.squaredDistance(i, db, j);
                if (d < best) {
                    second = best;
                    best = d;
                } else if (d < second) {
                    second = d;
                }
            }
            if (best < r2 * second)
                count++;
        }
        return count;
    }

    static double median(double[] values, int n) {
        if (n == 0)
            return Double.NaN;
        double[] v = Arrays.copyOf(values, n);
        Arrays.sort(v);
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
