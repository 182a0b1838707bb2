package org.gpuvo.cli;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.match.ConfigMatch;

/**
 * Matches the descriptors of two images: for each query descriptor its two nearest train descriptors by Hamming
 * distance, kept when the nearest passes Lowe's ratio test, the distance limit and, if asked, the mutual check.
 *
 * <p>MERGE: this brute force stands in for the project's Hamming matcher, which is not in this branch. When it
 * is, replace the body of {@link #match} with
 * {@code FactoryMatcher.cpu(config).match(query, train, out)} and delete {@link Matches} for
 * {@code org.gpuvo.gpu.match.Matches}; nothing else changes.
 */
final class FeatureMatching {
    private FeatureMatching() {
    }

    static Matches match(Descriptors query, Descriptors train, ConfigMatch config) {
        config.checkValidity();
        Matches out = new Matches();
        int[] nearestQueryOfTrain = config.mutual ? nearest(train, query) : null;
        for (int q = 0; q < query.size(); q++) {
            int best = -1, bestDistance = Integer.MAX_VALUE, secondDistance = Integer.MAX_VALUE;
            for (int t = 0; t < train.size(); t++) {
                int d = query.hamming(q, train, t);
                if (d < bestDistance) {
                    secondDistance = bestDistance;
                    bestDistance = d;
                    best = t;
                } else if (d < secondDistance) {
                    secondDistance = d;
                }
            }
            if (best < 0 || bestDistance > config.maxDistance)
                continue;
            if (config.ratio < 1 && secondDistance != Integer.MAX_VALUE && bestDistance >= config.ratio * secondDistance)
                continue;
            if (nearestQueryOfTrain != null && nearestQueryOfTrain[best] != q)
                continue;
            out.add(q, best, bestDistance);
        }
        return out;
    }

    /** For each descriptor of {@code from}, the index of its nearest descriptor in {@code to} (-1 if none). */
    private static int[] nearest(Descriptors from, Descriptors to) {
        int[] nearest = new int[from.size()];
        for (int i = 0; i < from.size(); i++) {
            int best = -1, bestDistance = Integer.MAX_VALUE;
            for (int j = 0; j < to.size(); j++) {
                int d = from.hamming(i, to, j);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = j;
                }
            }
            nearest[i] = best;
        }
        return nearest;
    }
}
