package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The matching rules of {@link DescriptorMatcher} (on {@link Descriptors#hamming}) and of
 * {@link FloatDescriptorMatcher} (on {@link FloatDescriptors#squaredDistance}) written as plainly as possible, as
 * the reference the optimised matchers are tested against.
 */
final class NaiveMatcher {
    private final ConfigMatch config;

    NaiveMatcher(ConfigMatch config) {
        this.config = config;
    }

    Matches match(Descriptors query, Descriptors train) {
        return run(query.size(), train.size(), hamming(query, train), (q, t) -> true);
    }

    Matches matchWithin(Descriptors query, float[] px, float[] py, Descriptors train, KeyPoints points) {
        return run(query.size(), train.size(), hamming(query, train), window(px, py, points));
    }

    Matches match(FloatDescriptors query, FloatDescriptors train) {
        return run(query.size(), train.size(), euclidean(query, train), (q, t) -> true);
    }

    Matches matchWithin(FloatDescriptors query, float[] px, float[] py, FloatDescriptors train, KeyPoints points) {
        return run(query.size(), train.size(), euclidean(query, train), window(px, py, points));
    }

    /** How pairs are measured: the value compared, the distance reported, the value the ratio test compares. */
    private interface Metric {
        double distance(int query, int train);

        int reported(double distance);

        double ratioValue(double distance);
    }

    private static Metric hamming(Descriptors query, Descriptors train) {
        return new Metric() {
            public double distance(int q, int t) {
                return query.hamming(q, train, t);
            }

            public int reported(double d) {
                return (int) d;
            }

            public double ratioValue(double d) {
                return d;
            }
        };
    }

    /** Squared distances compared (float, exact in double), scaled distances reported, ratio on the distances. */
    private static Metric euclidean(FloatDescriptors query, FloatDescriptors train) {
        return new Metric() {
            public double distance(int q, int t) {
                return query.squaredDistance(q, train, t);
            }

            public int reported(double d) {
                return FloatDescriptors.scaledDistance((float) d);
            }

            public double ratioValue(double d) {
                return Math.sqrt(d);
            }
        };
    }

    private interface Candidate {
        boolean test(int query, int train);
    }

    private Candidate window(float[] px, float[] py, KeyPoints points) {
        double r = config.searchRadius;
        return (q, t) -> {
            double dx = points.x[t] - (double) px[q], dy = points.y[t] - (double) py[q];
            return dx * dx + dy * dy <= r * r;  // false whenever a coordinate is NaN or infinite
        };
    }

    private Matches run(int nq, int nt, Metric metric, Candidate candidate) {
        Matches out = new Matches();
        for (int q = 0; q < nq; q++) {
            int best = -1;
            double d1 = Double.POSITIVE_INFINITY, d2 = Double.POSITIVE_INFINITY;
            boolean second = false;
            for (int t = 0; t < nt; t++) {
                if (!candidate.test(q, t))
                    continue;
                double d = metric.distance(q, t);
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
            if (best < 0 || metric.reported(d1) > config.maxDistance)
                continue;
            if (config.ratio < 1 && second && !(metric.ratioValue(d1) < config.ratio * metric.ratioValue(d2)))
                continue;
            if (config.mutual && nearestQuery(nq, best, metric, candidate) != q)
                continue;
            out.add(q, best, metric.reported(d1), second ? metric.reported(d2) : Matches.NO_SECOND);
        }
        return out;
    }

    private static int nearestQuery(int nq, int t, Metric metric, Candidate candidate) {
        int best = -1;
        double bestDistance = Double.POSITIVE_INFINITY;
        for (int q = 0; q < nq; q++) {
            if (!candidate.test(q, t))
                continue;
            double d = metric.distance(q, t);
            if (best < 0 || d < bestDistance) {
                bestDistance = d;
                best = q;
            }
        }
        return best;
    }
}
