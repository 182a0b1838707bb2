package org.gpuvo.gpu.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;

/**
 * How far two SIFT results of one image agree, by the conformance measures: the share of the reference's keypoints that
 * have a keypoint of the other within {@link #MAX_PIXELS} and {@link #MAX_OCTAVES} of scale
 * ({@code SiftFeatures.scaleInOctaves}), and the other way round; among those pairs that also agree in angle
 * within {@link #MAX_DEGREES}, the share whose descriptors have a cosine of at least {@link #MIN_COSINE}; the
 * counts; and how many features are identical index by index (the aim: the same arithmetic gives the same bits).
 * The first few disagreements are kept with their values, for the log.
 */
record SiftComparison(int referenceCount, int otherCount, int referenceFound, int otherFound, int oriented,
                      int cosineOk, double minimumCosine, int indexIdentical, int descriptorsIdentical,
                      List<String> firstMismatches) {
    static final double MAX_PIXELS = 0.5, MAX_OCTAVES = 0.1, MAX_DEGREES = 3, MIN_COSINE = 0.99;

    /**
     * @param sigma0 ConfigSift.sigma of both extractions (for the scale in octaves)
     */
    static SiftComparison of(SiftFeatures reference, SiftFeatures other, double sigma0) {
        KeyPoints a = reference.keyPoints, b = other.keyPoints;
        Integer[] byY = sortedByY(b);
        float[] ys = new float[byY.length];
        for (int k = 0; k < byY.length; k++)
            ys[k] = b.y[byY[k]];
        int found = 0, oriented = 0, cosineOk = 0;
        double minCos = 1;
        List<String> mismatches = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            int j = counterpart(a, i, b, byY, ys, sigma0);
            if (j < 0) {
                if (mismatches.size() < 8)
                    mismatches.add("reference " + describe(a, i, sigma0) + ": no counterpart");
                continue;
            }
            found++;
            if (angleDifference(a.angle[i], b.angle[j]) > MAX_DEGREES)
                continue;
            oriented++;
            double c = cosine(reference.descriptors, i, other.descriptors, j);
            minCos = Math.min(minCos, c);
            if (c >= MIN_COSINE)
                cosineOk++;
            else if (mismatches.size() < 8)
                mismatches.add(String.format(Locale.ROOT, "reference %s and other %s: descriptor cosine %.4f",
                        describe(a, i, sigma0), describe(b, j, sigma0), c));
        }
        Integer[] aByY = sortedByY(a);
        float[] aYs = new float[aByY.length];
        for (int k = 0; k < aByY.length; k++)
            aYs[k] = a.y[aByY[k]];
        int otherFound = 0;
        for (int j = 0; j < b.size(); j++) {
            if (counterpart(b, j, a, aByY, aYs, sigma0) >= 0)
                otherFound++;
            else if (mismatches.size() < 12)
                mismatches.add("other " + describe(b, j, sigma0) + ": no counterpart");
        }
        int identical = 0, descriptors = 0;
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (a.x[i] == b.x[i] && a.y[i] == b.y[i] && a.level[i] == b.level[i] && a.diameter[i] == b.diameter[i]
                    && a.angle[i] == b.angle[i] && a.response[i] == b.response[i])
                identical++;
            else if (mismatches.size() < 16)
                mismatches.add("index " + i + ": reference " + describe(a, i, sigma0) + ", other " + describe(b, i, sigma0)
                        + (a.angle[i] == b.angle[i] ? "" : String.format(Locale.ROOT, " (angles %s and %s)",
                        a.angle[i], b.angle[i])));
            if (Arrays.equals(reference.descriptors.row(i), other.descriptors.row(i)))
                descriptors++;
        }
        return new SiftComparison(a.size(), b.size(), found, otherFound, oriented, cosineOk, minCos, identical,
                descriptors, List.copyOf(mismatches));
    }

    /** Index into {@code b} of the keypoint nearest in angle among those close to a's {@code i}; -1 if none. */
    private static int counterpart(KeyPoints a, int i, KeyPoints b, Integer[] byY, float[] ys, double sigma0) {
        double scale = SiftFeatures.scaleInOctaves(a.diameter[i], sigma0);
        int k = lowerBound(ys, (float) (a.y[i] - MAX_PIXELS));
        int best = -1;
        double bestAngle = Double.POSITIVE_INFINITY;
        for (; k < byY.length && ys[k] <= a.y[i] + MAX_PIXELS; k++) {
            int j = byY[k];
            double dx = b.x[j] - a.x[i], dy = b.y[j] - a.y[i];
            if (dx * dx + dy * dy > MAX_PIXELS * MAX_PIXELS)
                continue;
            if (Math.abs(SiftFeatures.scaleInOctaves(b.diameter[j], sigma0) - scale) > MAX_OCTAVES)
                continue;
            double da = angleDifference(a.angle[i], b.angle[j]);
            if (da < bestAngle) {
                bestAngle = da;
                best = j;
            }
        }
        return best;
    }

    private static Integer[] sortedByY(KeyPoints k) {
        Integer[] order = new Integer[k.size()];
        for (int i = 0; i < order.length; i++)
            order[i] = i;
        Arrays.sort(order, (p, q) -> Float.compare(k.y[p], k.y[q]));
        return order;
    }

    private static int lowerBound(float[] sorted, float value) {
        int lo = 0, hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < value)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    /** |a − b| in degrees on the circle, [0, 180]. */
    static double angleDifference(double a, double b) {
        double d = Math.abs(a - b) % 360;
        return d > 180 ? 360 - d : d;
    }

    static double cosine(FloatDescriptors a, int i, FloatDescriptors b, int j) {
        double dot = 0, na = 0, nb = 0;
        for (int k = 0; k < a.length; k++) {
            double va = a.data[i * a.length + k], vb = b.data[j * b.length + k];
            dot += va * vb;
            na += va * va;
            nb += vb * vb;
        }
        if (na == 0 && nb == 0)
            return 1; // both without gradient: the same (zero) descriptor
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    private static String describe(KeyPoints k, int i, double sigma0) {
        return String.format(Locale.ROOT, "#%d (x %.3f, y %.3f, octave %d, scale %.3f, angle %.2f, response %.5f)", i,
                k.x[i], k.y[i], k.level[i], SiftFeatures.scaleInOctaves(k.diameter[i], sigma0), k.angle[i],
                k.response[i]);
    }

    double referenceFoundFraction() {
        return referenceCount == 0 ? 1 : referenceFound / (double) referenceCount;
    }

    double otherFoundFraction() {
        return otherCount == 0 ? 1 : otherFound / (double) otherCount;
    }

    double cosineFraction() {
        return oriented == 0 ? 1 : cosineOk / (double) oriented;
    }

    /** |other − reference| / reference (0 when both are empty). */
    double countDifference() {
        return referenceCount == 0 ? (otherCount == 0 ? 0 : 1)
                : Math.abs(otherCount - referenceCount) / (double) referenceCount;
    }

    String summary() {
        return String.format(Locale.ROOT,
                "cpu %d, gpu %d (%.2f%% apart); cpu found by gpu %.2f%%, gpu found by cpu %.2f%%; descriptor cosine"
                        + " >= %.2f for %.2f%% of %d pairs oriented alike (min %.4f); identical index by index: %d"
                        + " keypoints, %d descriptors",
                referenceCount, otherCount, 100 * countDifference(), 100 * referenceFoundFraction(),
                100 * otherFoundFraction(), MIN_COSINE, 100 * cosineFraction(), oriented, minimumCosine,
                indexIdentical, descriptorsIdentical);
    }
}
