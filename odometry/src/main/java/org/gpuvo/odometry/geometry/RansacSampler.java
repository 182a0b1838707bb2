package org.gpuvo.odometry.geometry;

/**
 * Draws minimal samples (distinct indices) for RANSAC from a SplitMix64 generator (G. Steele, D. Lea, C. Flood,
 * "Fast Splittable Pseudorandom Number Generators", OOPSLA 2014) that is re-seeded at every estimation, so a fixed
 * seed gives the same samples run to run, without allocating.
 */
final class RansacSampler {
    private long state;

    void reset(long seed) {
        state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, bound) by Lemire's multiply-shift (bias below 2⁻³², irrelevant here). */
    int nextInt(int bound) {
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** Fills {@code out[0..size)} with distinct indices drawn uniformly from [0, n); requires size ≤ n. */
    void sample(int n, int size, int[] out) {
        for (int k = 0; k < size; k++) {
            int candidate;
            boolean repeated;
            do {
                candidate = nextInt(n);
                repeated = false;
                for (int j = 0; j < k; j++) {
                    if (out[j] == candidate) {
                        repeated = true;
                        break;
                    }
                }
            } while (repeated);
            out[k] = candidate;
        }
    }

    /**
     * The number of samples after which, with probability {@code confidence}, at least one was free of outliers,
     * for an inlier fraction inliers/n and samples of {@code sampleSize}: k = log(1 − p) / log(1 − wˢ)
     * (Hartley &amp; Zisserman §4.7.1), rounded up and capped at {@code maxIterations}.
     */
    static int requiredIterations(int inliers, int n, int sampleSize, double confidence, int maxIterations) {
        if (inliers <= 0 || n <= 0)
            return maxIterations;
        double w = Math.min(1.0, inliers / (double) n);
        double allInliers = Math.pow(w, sampleSize);
        if (allInliers >= 1.0 - 1e-12)
            return 1;
        if (allInliers <= 0)
            return maxIterations;
        double k = Math.log(1.0 - confidence) / Math.log1p(-allInliers);
        if (!(k < maxIterations))
            return maxIterations;
        return Math.max(1, (int) Math.ceil(k));
    }
}
