package org.gpuvo.gpu.match;

import java.util.Random;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.testdata.RandomDescriptors;

/**
 * Search-window inputs for matcher tests: {@code nt} train keypoints in a 640 × 480 image and a prediction per
 * query, some windows reaching past the image, with a non-finite prediction (queries 0 and 1) and a non-finite train
 * position (the last) where the sets are large enough. The prediction arrays are longer than the query set on
 * purpose.
 */
record RandomWindow(KeyPoints trainPoints, float[] px, float[] py) {
    static RandomWindow of(Random random, int nq, int nt) {
        KeyPoints trainPoints = RandomDescriptors.keyPoints(random, nt, 640, 480);
        float[] px = new float[nq + 3], py = new float[nq + 3];
        for (int i = 0; i < nq; i++) {
            px[i] = random.nextFloat() * 800 - 80;
            py[i] = random.nextFloat() * 600 - 60;
        }
        px[0] = Float.NaN;
        if (nt > 1)
            trainPoints.x[nt - 1] = Float.NaN;
        if (nq > 1)
            py[1] = Float.POSITIVE_INFINITY;
        return new RandomWindow(trainPoints, px, py);
    }
}
