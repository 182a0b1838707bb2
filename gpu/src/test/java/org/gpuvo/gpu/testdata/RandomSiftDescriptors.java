package org.gpuvo.gpu.testdata;

import org.gpuvo.gpu.features.FloatDescriptors;

import java.util.Random;

/**
 * Seeded SIFT-like float descriptors for matcher tests, made as SIFT makes them (Lowe 2004, section 6.1):
 * non-negative sparse gradient histograms (4×4 cells of 8 orientation bins, each cell with its own contrast),
 * normalised to unit length, clipped at 0.2 and renormalised. "Real-like" sets mix descriptors of a few hundred
 * shared patterns (repeated texture: close but distinct neighbours, as in real images) with independent ones.
 */
public final class RandomSiftDescriptors {
    private static final int CELLS = 16, BINS = 8;
    private static final float CLIP = 0.2f;

    private RandomSiftDescriptors() {
    }

    /** {@code count} independent SIFT-like descriptors of 128 components. */
    public static FloatDescriptors siftLike(Random random, int count) {
        return siftLike(random, count, FloatDescriptors.SIFT_LENGTH);
    }

    /**
     * {@code count} independent descriptors of {@code length} components: SIFT-like histograms for 128, else
     * sparse squared Gaussians; normalised and clipped as SIFT.
     */
    public static FloatDescriptors siftLike(Random random, int count, int length) {
        FloatDescriptors d = new FloatDescriptors(length);
        d.resize(count);
        float[] row = new float[length];
        for (int i = 0; i < count; i++) {
            histogram(random, row);
            store(d, i, row);
        }
        return d;
    }

    /**
     * A real-like set: each descriptor is, with probability {@code sharePatterned}, one of {@code patterns} shared
     * patterns plus an own histogram of weight 0.3 to 1.0 (so neighbours are close but distinct), else independent.
     */
    public static FloatDescriptors realLike(Random random, int count, int patterns, double sharePatterned) {
        FloatDescriptors base = siftLike(random, Math.max(1, patterns));
        FloatDescriptors d = FloatDescriptors.sift();
        d.resize(count);
        int length = FloatDescriptors.SIFT_LENGTH;
        float[] row = new float[length];
        for (int i = 0; i < count; i++) {
            histogram(random, row);
            if (random.nextDouble() < sharePatterned) {
                int p = random.nextInt(base.size());
                float own = 0.3f + 0.7f * random.nextFloat();
                for (int k = 0; k < length; k++)
                    row[k] = base.data[p * length + k] + own * row[k];
            }
            store(d, i, row);
        }
        return d;
    }

    /**
     * Queries of which about {@code shareCopies} are copies of random train descriptors with multiplicative noise
     * (each component times 1 + noise·N(0, 1), clamped at 0; then normalised and clipped as SIFT), the rest
     * independent SIFT-like descriptors.
     */
    public static FloatDescriptors noisyCopies(Random random, FloatDescriptors train, int count, double noise,
                                               double shareCopies) {
        int length = train.length;
        FloatDescriptors q = new FloatDescriptors(length);
        q.resize(count);
        float[] row = new float[length];
        for (int i = 0; i < count; i++) {
            if (train.size() > 0 && random.nextDouble() < shareCopies) {
                int source = random.nextInt(train.size());
                for (int k = 0; k < length; k++)
                    row[k] = (float) Math.max(0, train.data[source * length + k] * (1 + noise * random.nextGaussian()));
            } else {
                randomComponents(random, row);
            }
            store(q, i, row);
        }
        return q;
    }

    /** {@code d} with every component rounded to a multiple of 1/512 (8-bit SIFT): many exactly equal distances. */
    public static FloatDescriptors quantised(FloatDescriptors d) {
        FloatDescriptors q = d.copy();
        for (int k = 0; k < q.size() * q.length; k++)
            q.data[k] = Math.round(q.data[k] * 512f) / 512f;
        return q;
    }

    /** Sparse non-negative gradient histogram: per cell a contrast, per bin a squared Gaussian, 40 % zeros. */
    private static void histogram(Random random, float[] row) {
        if (row.length != CELLS * BINS) {
            randomComponents(random, row);
            return;
        }
        for (int c = 0; c < CELLS; c++) {
            double contrast = Math.exp(random.nextGaussian());
            for (int b = 0; b < BINS; b++) {
                double g = random.nextGaussian();
                row[c * BINS + b] = random.nextDouble() < 0.4 ? 0f : (float) (contrast * g * g);
            }
        }
    }

    private static void randomComponents(Random random, float[] row) {
        for (int k = 0; k < row.length; k++) {
            double g = random.nextGaussian();
            row[k] = random.nextDouble() < 0.4 ? 0f : (float) (g * g);
        }
    }

    /** Normalises {@code row} to unit length, clips at 0.2, renormalises, and stores it as descriptor {@code i}. */
    private static void store(FloatDescriptors d, int i, float[] row) {
        int length = d.length;
        if (normalise(row) == 0)
            row[0] = 1;  // an all-zero histogram: any unit vector will do
        for (int k = 0; k < length; k++)
            row[k] = Math.min(row[k], CLIP);
        normalise(row);
        System.arraycopy(row, 0, d.data, i * length, length);
    }

    private static double normalise(float[] row) {
        double sum = 0;
        for (float v : row)
            sum += (double) v * v;
        double norm = Math.sqrt(sum);
        if (norm > 0)
            for (int k = 0; k < row.length; k++)
                row[k] = (float) (row[k] / norm);
        return norm;
    }
}
