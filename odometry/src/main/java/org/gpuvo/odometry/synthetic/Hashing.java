package org.gpuvo.odometry.synthetic;

/**
 * Counter-based pseudo-random numbers: a value is a pure function of a seed and integer coordinates, so that any
 * part of a procedural texture or scene can be generated on its own, in any order, with the same result. The mixing
 * function is the finaliser of SplitMix64 (G. Steele, D. Lea, C. Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014), as used by {@link java.util.SplittableRandom}.
 */
final class Hashing {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Hashing() {
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A hash of the seed and three coordinates. */
    static long hash(long seed, long a, long b, long c) {
        long h = mix(seed + GOLDEN);
        h = mix(h + a * GOLDEN);
        h = mix(h + b * 0xC2B2AE3D27D4EB4FL);
        return mix(h + c * 0x165667B19E3779F9L);
    }

    /** The {@code k}-th uniform value in [0, 1) drawn from hash {@code h}. */
    static double unit(long h, int k) {
        return (mix(h + k * GOLDEN) >>> 11) * 0x1.0p-53;
    }

    /** A uniform value in [lo, hi) drawn from hash {@code h}. */
    static double uniform(long h, int k, double lo, double hi) {
        return lo + (hi - lo) * unit(h, k);
    }
}
