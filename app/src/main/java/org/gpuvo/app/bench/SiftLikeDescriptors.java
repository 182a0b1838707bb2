package org.gpuvo.app.bench;

import org.gpuvo.gpu.features.FloatDescriptors;

import java.util.SplittableRandom;

/**
 * Seeded random descriptors shaped like SIFT's, for timing a matcher on set sizes no image gives: 128 non-negative
 * components, about half of them zero, normalised to unit length, clipped at 0.2 and normalised again (Lowe 2004,
 * §6.1). Half of the queries are noisy copies of train descriptors, so that the ratio test keeps some matches, as it
 * does between frames.
 */
final class SiftLikeDescriptors {
    private static final double CLIP = 0.2, COPY_NOISE = 0.02;

    private SiftLikeDescriptors() {
    }

    static FloatDescriptors train(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FloatDescriptors d = FloatDescriptors.sift();
        d.resize(count);
        float[] row = new float[d.length];
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < row.length; k++)
                row[k] = (float) Math.max(0, random.nextGaussian());
            normalise(row);
            System.arraycopy(row, 0, d.data, i * d.length, d.length);
        }
        return d;
    }

    /** {@code count} queries: even ones noisy copies of train descriptors, odd ones new random descriptors. */
    static FloatDescriptors queries(FloatDescriptors train, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        FloatDescriptors others = train(count, seed + 1);
        FloatDescriptors d = FloatDescriptors.sift();
        d.resize(count);
        float[] row = new float[d.length];
        for (int i = 0; i < count; i++) {
            if (i % 2 == 0 && train.size() > 0) {
                int source = random.nextInt(train.size());
                for (int k = 0; k < row.length; k++)
                    row[k] = (float) Math.max(0, train.data[source * d.length + k] + COPY_NOISE * random.nextGaussian());
                normalise(row);
            } else {
                System.arraycopy(others.data, i * d.length, row, 0, d.length);
            }
            System.arraycopy(row, 0, d.data, i * d.length, d.length);
        }
        return d;
    }

    private static void normalise(float[] row) {
        scaleToUnit(row);
        for (int k = 0; k < row.length; k++)
            row[k] = (float) Math.min(CLIP, row[k]);
        scaleToUnit(row);
    }

    private static void scaleToUnit(float[] row) {
        double sum = 0;
        for (float v : row)
            sum += v * v;
        if (sum == 0) {
            row[0] = 1;
            return;
        }
        double s = 1 / Math.sqrt(sum);
        for (int k = 0; k < row.length; k++)
            row[k] = (float) (row[k] * s);
    }
}
