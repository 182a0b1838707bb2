package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The matching rules of {@link FloatDescriptorMatcher} written as plainly as possible, on
 * {@link FloatDescriptors#squaredDistance}, as the reference the optimised float matcher is tested against.
 */
final class NaiveFloatMatcher {
    private final ConfigMatch config;

    NaiveFloatMatcher(ConfigMatch config) {
        this.config = config;
    }

    Matches match(FloatDescriptors query, FloatDescriptors train) {
        return run(query, train, (q, t) -> true);
    }

    Matches matchWithin(FloatDescriptors query, float[] px, float[] py, FloatDescriptors train, KeyPoints points) {
        double r = config.searchRadius;
        return run(query, train, (q, t) -> {
            double dx = points.x[t] - (double) px[q], dy = points.y[t] - (double) py[q];
            return dx * dx + dy * dy <= r * r;  // false whenever a coordinate is NaN or infinite
        });
    }

    private interface Candidate {
        boolean test(int query, int train);
    }

    private Matches run(FloatDescriptors query, FloatDescriptors train, Candidate candidate) {
        Matches out = new Matches();
        for (int q = 0; q < query.size(); q++) {
            int best = -1;
            float d1 = Float.POSITIVE_INFINITY, d2 = Float.POSITIVE_INFINITY;
            boolean second = false;
            for (int t = 0; t < train.size(); t++) {
                if (!candidate.test(q, t))
                    continue;
                float d = query.squaredDistance(q, train, t);
                if (best < 0 || d < d1) {
                    if (best >= 0) {
                        d2 = d1;
                        second = true;
                    }
                    best = t;
                    d1 = d;
                } else {
                    d2 = Math.min(d2, d);
                    second = true;
                }
            }
            if (best < 0 || FloatDescriptors.scaledDistance(d1) > config.maxDistance)
                continue;
            if (config.ratio < 1 && second && !(Math.sqrt(d1) < config.ratio * Math.sqrt(d2)))
                continue;
            if (config.mutual && nearestQuery(query, train, best, candidate) != q)
                continue;
            out.add(q, best, FloatDescriptors.scaledDistance(d1),
                    second ? FloatDescriptors.scaledDistance(d2) : Matches.NO_SECOND);
        }
        return out;
    }

    private static int nearestQuery(FloatDescriptors query, FloatDescriptors train, int t, Candidate candidate) {
        int best = -1;
        float bestDistance = Float.POSITIVE_INFINITY;
        for (int q = 0; q < query.size(); q++) {
            if (!candidate.test(q, t))
                continue;
            float d = query.squaredDistance(q, train, t);
            if (best < 0 || d < bestDistance) {
                bestDistance = d;
                best = q;
            }
        }
        return best;
    }
}
