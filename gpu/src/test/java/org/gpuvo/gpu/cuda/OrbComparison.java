package org.gpuvo.gpu.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;

/**
 * How far two ORB results agree: keypoints found on the same level within 0.5 px in both directions,
 * descriptors of the keypoints in common, and, when the counts agree, the same keypoints index by index.
 */
record OrbComparison(int referenceCount, int otherCount, int referenceFound, int otherFound, int common,
                     int commonDescriptorsEqual, boolean sameCount, int indexPositionsEqual, int indexAnglesEqual,
                     int indexDescriptorsEqual, int indexResponsesEqual) {

    static OrbComparison of(OrbFeatures reference, OrbFeatures other) {
        KeyPoints a = reference.keyPoints, b = other.keyPoints;
        Map<Long, List<Integer>> cells = index(b);
        int referenceFound = 0, common = 0, equal = 0;
        for (int i = 0; i < a.size(); i++) {
            int j = nearest(cells, b, a.x[i], a.y[i], a.level[i]);
            if (j < 0)
                continue;
            referenceFound++;
            common++;
            if (sameDescriptor(reference, i, other, j))
                equal++;
        }
        Map<Long, List<Integer>> cellsA = index(a);
        int otherFound = 0;
        for (int j = 0; j < b.size(); j++)
            if (nearest(cellsA, a, b.x[j], b.y[j], b.level[j]) >= 0)
                otherFound++;
        boolean sameCount = a.size() == b.size();
        int positions = 0, angles = 0, descriptors = 0, responses = 0;
        if (sameCount) {
            for (int i = 0; i < a.size(); i++) {
                if (a.x[i] == b.x[i] && a.y[i] == b.y[i] && a.level[i] == b.level[i] && a.diameter[i] == b.diameter[i])
                    positions++;
                if (a.angle[i] == b.angle[i])
                    angles++;
                if (a.response[i] == b.response[i])
                    responses++;
                if (sameDescriptor(reference, i, other, i))
                    descriptors++;
            }
        }
        return new OrbComparison(a.size(), b.size(), referenceFound, otherFound, common, equal, sameCount, positions,
                angles, descriptors, responses);
    }

    double referenceFoundFraction() {
        return referenceCount == 0 ? 1 : referenceFound / (double) referenceCount;
    }

    double otherFoundFraction() {
        return otherCount == 0 ? 1 : otherFound / (double) otherCount;
    }

    double commonDescriptorFraction() {
        return common == 0 ? 1 : commonDescriptorsEqual / (double) common;
    }

    /** Whether the two results are identical index by index (positions, angles, responses, descriptors). */
    boolean identical() {
        return sameCount && indexPositionsEqual == referenceCount && indexAnglesEqual == referenceCount
                && indexResponsesEqual == referenceCount && indexDescriptorsEqual == referenceCount;
    }

    String summary() {
        String s = String.format(Locale.ROOT,
                "cpu %d, gpu %d; cpu found by gpu %.2f%%, gpu found by cpu %.2f%%; descriptors equal %.2f%% of %d common",
                referenceCount, otherCount, 100 * referenceFoundFraction(), 100 * otherFoundFraction(),
                100 * commonDescriptorFraction(), common);
        if (sameCount)
            s += String.format(Locale.ROOT, "; index by index: positions %d, angles %d, responses %d, descriptors %d of %d%s",
                    indexPositionsEqual, indexAnglesEqual, indexResponsesEqual, indexDescriptorsEqual, referenceCount,
                    identical() ? " (IDENTICAL)" : "");
        return s;
    }

    private static boolean sameDescriptor(OrbFeatures a, int i, OrbFeatures b, int j) {
        int n = a.descriptors.bytesPerDescriptor;
        for (int k = 0; k < n; k++)
            if (a.descriptors.data[i * n + k] != b.descriptors.data[j * n + k])
                return false;
        return true;
    }

    private static long key(int level, int cx, int cy) {
        return ((long) level << 48) ^ ((long) (cx & 0xffffff) << 24) ^ (cy & 0xffffff);
    }

    private static Map<Long, List<Integer>> index(KeyPoints kp) {
        Map<Long, List<Integer>> cells = new HashMap<>();
        for (int i = 0; i < kp.size(); i++)
            cells.computeIfAbsent(key(kp.level[i], (int) Math.floor(kp.x[i]), (int) Math.floor(kp.y[i])),
                    k -> new ArrayList<>()).add(i);
        return cells;
    }

    /** The keypoint of kp on the same level nearest to (x, y) within 0.5 px, or -1. */
    private static int nearest(Map<Long, List<Integer>> cells, KeyPoints kp, float x, float y, int level) {
        int cx = (int) Math.floor(x), cy = (int) Math.floor(y), best = -1;
        double bestD = 0.25 + 1e-9;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                List<Integer> list = cells.get(key(level, cx + dx, cy + dy));
                if (list == null)
                    continue;
                for (int j : list) {
                    double ex = kp.x[j] - x, ey = kp.y[j] - y, d = ex * ex + ey * ey;
                    if (d <= bestD) {
                        bestD = d;
                        best = j;
                    }
                }
            }
        return best;
    }
}
