package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The matching rules of {@link DescriptorMatcher} written as plainly as possible, on
 * {@link Descriptors#hamming}, as the reference the optimised matcher is tested against.
 */
final class NaiveMatcher {
    private final ConfigMatch config;

    NaiveMatcher(ConfigMatch config) {
        this.config = config;
    }

    Matches match(Descriptors query, Descriptors train) {
        return run(query, train, (q, t) -> true);
    }

    Matches matchWithin(Descriptors query, float[] px, float[] py, Descriptors train, KeyPoints points) {
        double r = config.searchRadius;
        return run(query, train, (q, t) -> {
            double dx = points.x[t] - (double) px[q], dy = points.y[t] - (double) py[q];
            return dx * dx + dy * dy <= r * r;  // false whenever a coordinate is NaN or infinite
        });
    }

    private interface Candidate {
        boolean test(int query, int train);
    }

    private Matches run(Descriptors query, Descriptors train, Candidate candidate) {
        Matches out = new Matches();
        for (int q = 0; q < query.size(); q++) {
            int best = -1, d1 = Integer.MAX_VALUE, d2 = Integer.MAX_VALUE;
            for (int t = 0; t < train.size(); t++) {
                if (!candidate.test(q, t))
                    continue;
                int d = query.hamming(q, train, t);
                if (best < 0 || d < d1) {
                    if (best >= 0)
                        d2 = d1;
                    best = t;
                    d1 = d;
                } else {
                    d2 = Math.min(d2, d);
                }
            }
            if (best < 0 || d1 > config.maxDistance)
                continue;
            if (config.ratio < 1 && d2 != Integer.MAX_VALUE && !(d1 < config.ratio * d2))
                continue;
            if (config.mutual && nearestQuery(query, train, best, candidate) != q)
                continue;
            out.add(q, best, d1, d2 == Integer.MAX_VALUE ? Matches.NO_SECOND : d2);
        }
        return out;
    }

    private static int nearestQuery(Descriptors query, Descriptors train, int t, Candidate candidate) {
        int best = -1, bestDistance = Integer.MAX_VALUE;
        for (int q = 0; q < query.size(); q++) {
            if (!candidate.test(q, t))
                continue;
            int d = query.hamming(q, train, t);
            if (d < bestDistance) {
                bestDistance = d;
                best = q;
            }
        }
        return best;
    }
}
