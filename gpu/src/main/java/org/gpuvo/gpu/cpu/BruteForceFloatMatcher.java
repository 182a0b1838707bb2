package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

import java.util.Arrays;

/**
 * Exhaustive k = 2 nearest-neighbour matching of real-valued descriptors (SIFT) by Euclidean distance in FP32, on
 * the CPU, followed by the filters of {@link FloatDescriptorMatcher} (Lowe's 2004 ratio test on the distances,
 * distance limit in {@link FloatDescriptors#scaledDistance} units, mutual check). It is the reference the GPU
 * matcher is checked against and its fallback. Every squared distance is bit for bit
 * {@link FloatDescriptors#squaredDistance}: terms summed in float in component order.
 *
 * <p>That order is a chain of dependent additions per pair, which the JIT will not reorder; the speed comes from
 * working on {@value #CHUNK} train descriptors at once instead: they are transposed into one small component-major
 * block (32 KB for SIFT, resident in L1), and for each query the distances to the whole block are accumulated
 * component by component, {@code acc[j] += (q[k] - block[k][j])²}, an element-wise loop over j that C2
 * vectorises without changing any pair's summation order. Nothing is allocated per query; the buffers grow to the
 * largest sets seen and are kept. Create it with {@link org.gpuvo.gpu.match.FactoryMatcher#floatCpu}; not thread
 * safe.
 */
public final class BruteForceFloatMatcher extends BruteForceMatching<FloatDescriptors>
        implements FloatDescriptorMatcher {
    /** train descriptors per transposed block */
    static final int CHUNK = 64;
    private static final float FAR = Float.POSITIVE_INFINITY;


    // per query: the nearest train descriptor's squared distance and the second-nearest's; per train, for the
    // mutual check: the nearest query's squared distance
    private float[] bestDistance = new float[0];
    private float[] secondDistance = new float[0];
    private float[] trainBestDistance = new float[0];
    // CHUNK train descriptors, component-major, and the squared distances of one query to them
    private float[] block = new float[0];
    private final float[] blockDistance = new float[CHUNK];
    // components of the train descriptors in the search window's bucket order
    private float[] gridData = new float[0];

    public BruteForceFloatMatcher(ConfigMatch config) {
        super(config, MatcherInputs::checkDescriptors, MatcherInputs::checkWindow, FloatDescriptors::size);
    }

    @Override
    void prepare(FloatDescriptors query, FloatDescriptors train, int nq, int nt) {
        if (bestDistance.length < nq) {
            bestDistance = new float[nq];
            secondDistance = new float[nq];
        }
        Arrays.fill(bestDistance, 0, nq, FAR);
        Arrays.fill(secondDistance, 0, nq, FAR);
        if (config.mutual) {
            if (trainBestDistance.length < nt)
                trainBestDistance = new float[nt];
            Arrays.fill(trainBestDistance, 0, nt, FAR);
        }
    }

    /**
     * Two nearest train descriptors of every query (and, for the mutual check, every train descriptor's nearest
     * query), block of train descriptors by block. Trains ascend for each query and queries for each train, so
     * strict comparisons keep the lower index on equal distances.
     */
    @Override
    void nearestTwo(FloatDescriptors query, FloatDescriptors train, int nq, int nt) {
        int length = query.length;
        if (block.length < CHUNK * length)
            block = new float[CHUNK * length];
        float[] q = query.data, t = train.data, dist = blockDistance;
        boolean mutual = config.mutual;
        for (int first = 0; first < nt; first += CHUNK) {
            int width = Math.min(CHUNK, nt - first);
            for (int j = 0; j < width; j++)
                for (int k = 0, src = (first + j) * length; k < length; k++)
                    block[k * CHUNK + j] = t[src + k];
            for (int i = 0; i < nq; i++) {
                distancesToBlock(q, i * length, length, width);
                float d1 = bestDistance[i], d2 = secondDistance[i];
                int j1 = bestTrain[i];
                for (int j = 0; j < width; j++) {
                    float d = dist[j];
                    if (d < d2) {
                        if (d < d1) {
                            d2 = d1;
                            d1 = d;
                            j1 = first + j;
                        } else {
                            d2 = d;
                        }
                    }
                }
                bestTrain[i] = j1;
                bestDistance[i] = d1;
                secondDistance[i] = d2;
                if (mutual) {
                    for (int j = 0; j < width; j++) {
                        if (dist[j] < trainBestDistance[first + j]) {
                            trainBestDistance[first + j] = dist[j];
                            trainBestQuery[first + j] = i;
                        }
                    }
                }
            }
        }
    }

    /** Squared distances of the query at {@code q[offset..]} to the {@code width} descriptors of the block. */
    private void distancesToBlock(float[] q, int offset, int length, int width) {
        float[] acc = blockDistance, b = block;
        Arrays.fill(acc, 0, width, 0f);
        for (int k = 0; k < length; k++) {
            float qk = q[offset + k];
            int row = k * CHUNK;
            for (int j = 0; j < width; j++) {
                float e = qk - b[row + j];
                acc[j] += e * e;
            }
        }
    }

    @Override
    void gatherTrainInGridOrder(FloatDescriptors train) {
        int n = window.size(), length = train.length;
        if (gridData.length < n * length)
            gridData = new float[n * length];
        for (int k = 0; k < n; k++)
            System.arraycopy(train.data, window.pointAt(k) * length, gridData, k * length, length);
    }

    @Override
    float distanceToGathered(FloatDescriptors query, int i, int k) {
        int length = query.length;
        return squaredDistance(query.data, i * length, gridData, k * length, length);
    }

    @Override
    void offerToTrain(int j, int i, float d) {
        if (d < trainBestDistance[j]) {
            trainBestDistance[j] = d;
            trainBestQuery[j] = i;
        }
    }

    @Override
    void keepDistances(int i, float d1, float d2) {
        bestDistance[i] = d1;
        secondDistance[i] = d2;
    }

    /** {@link FloatDescriptors#squaredDistance} on raw rows. */
    private static float squaredDistance(float[] a, int ao, float[] b, int bo, int length) {
        float d = 0;
        for (int k = 0; k < length; k++) {
            float e = a[ao + k] - b[bo + k];
            d += e * e;
        }
        return d;
    }

    @Override
    void emit(int nq, Matches out) {
        double ratio = config.ratio;
        boolean ratioTest = ratio < 1;
        int maxDistance = config.maxDistance;
        boolean mutual = config.mutual;
        for (int i = 0; i < nq; i++) {
            int j = bestTrain[i];
            if (j == NONE)
                continue;
            float d1 = bestDistance[i], d2 = secondDistance[i];
            int scaled = FloatDescriptors.scaledDistance(d1);
            if (scaled > maxDistance)
                continue;
            if (ratioTest && d2 != FAR && !(Math.sqrt(d1) < ratio * Math.sqrt(d2)))
                continue;
            if (mutual && trainBestQuery[j] != i)
                continue;
            out.add(i, j, scaled, d2 == FAR ? Matches.NO_SECOND : FloatDescriptors.scaledDistance(d2));
        }
    }
}
