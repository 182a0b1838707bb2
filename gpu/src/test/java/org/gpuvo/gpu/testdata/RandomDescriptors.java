package org.gpuvo.gpu.testdata;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;

import java.util.Random;

/** Seeded random descriptor sets with a known share of true correspondences, for matcher tests. */
public final class RandomDescriptors {
    private RandomDescriptors() {
    }

    public static Descriptors uniform(Random random, int count, int bytes) {
        Descriptors d = new Descriptors(bytes);
        d.resize(count);
        byte[] row = new byte[count * bytes];
        random.nextBytes(row);
        System.arraycopy(row, 0, d.data, 0, row.length);
        return d;
    }

    /**
     * Queries of which about half are noisy copies of train descriptors (each with up to {@code maxFlips} bits
     * flipped) and the rest uniform noise: a mix where the ratio test and the mutual check both have work.
     */
    public static Descriptors noisyCopies(Random random, Descriptors train, int count, int maxFlips) {
        return noisyCopies(random, train, count, maxFlips, 0.5);
    }

    /** Queries of which about {@code shareCopies} are noisy copies of train descriptors, the rest uniform noise. */
    public static Descriptors noisyCopies(Random random, Descriptors train, int count, int maxFlips,
                                          double shareCopies) {
        int bytes = train.bytesPerDescriptor;
        Descriptors q = uniform(random, count, bytes);
        for (int i = 0; i < count && train.size() > 0; i++) {
            if (random.nextDouble() >= shareCopies)
                continue;
            int source = random.nextInt(train.size());
            System.arraycopy(train.data, source * bytes, q.data, i * bytes, bytes);
            int flips = random.nextInt(maxFlips + 1);
            for (int f = 0; f < flips; f++) {
                int bit = random.nextInt(bytes * 8);
                q.data[i * bytes + bit / 8] ^= (byte) (1 << (bit % 8));
            }
        }
        return q;
    }

    /** Keypoints spread uniformly over a {@code width}×{@code height} image. */
    public static KeyPoints keyPoints(Random random, int count, float width, float height) {
        KeyPoints k = new KeyPoints(count);
        for (int i = 0; i < count; i++)
            k.add(random.nextFloat() * width, random.nextFloat() * height, 0, 31, 0, 1);
        return k;
    }
}
