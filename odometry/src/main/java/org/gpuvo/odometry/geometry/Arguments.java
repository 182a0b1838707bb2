package org.gpuvo.odometry.geometry;

/** Argument checks shared by the estimators: clear messages instead of an index error deep in a loop. */
final class Arguments {
    private Arguments() {
    }

    static void check(int n, double[]... arrays) {
        if (n < 0)
            throw new IllegalArgumentException("negative point count " + n);
        for (int a = 0; a < arrays.length; a++) {
            if (arrays[a] == null)
                throw new IllegalArgumentException("coordinate array " + a + " is null");
            if (arrays[a].length < n)
                throw new IllegalArgumentException("coordinate array " + a + " holds " + arrays[a].length
                        + " values, fewer than n = " + n);
        }
    }

    static double focalLength(double f) {
        if (!(f > 0 && f < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("focal length must be positive and finite, got " + f);
        return f;
    }
}
