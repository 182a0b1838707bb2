package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

import java.util.Arrays;

/**
 * Exhaustive k = 2 nearest-neighbour matching of binary descriptors by Hamming distance, on the CPU, followed
 * by the filters of {@link DescriptorMatcher} (Lowe's 2004 ratio test, distance limit, mutual check). It is the
 * reference the GPU matcher is checked against and its fallback; its nearest neighbours and distances are those
 * of OpenCV's {@code BFMatcher(NORM_HAMMING).knnMatch(k = 2)}.
 *
 * <p>Each call packs both descriptor sets into 64-bit words once, then the inner loop is XOR and
 * {@link Long#bitCount} (one POPCNT instruction each) over the words, with a loop specialised for 256-bit ORB
 * descriptors. Nothing is allocated per query; the buffers grow to the largest sets seen and are kept.
 * Create it with {@link org.gpuvo.gpu.match.FactoryMatcher#cpu}; not thread safe.
 */
public final class BruteForceHammingMatcher extends BruteForceMatching<Descriptors> implements DescriptorMatcher {
    private static final int FAR = Integer.MAX_VALUE;

    private final PackedDescriptors queryWords = new PackedDescriptors();
    private final PackedDescriptors trainWords = new PackedDescriptors();

    // per query: the nearest train descriptor's distance and the second-nearest's; per train, for the mutual
    // check: the nearest query's distance
    private int[] bestDistance = new int[0];
    private int[] secondDistance = new int[0];
    private int[] trainBestDistance = new int[0];
    // packed words of the train descriptors in the search window's bucket order
    private long[] gridWords = new long[0];

    public BruteForceHammingMatcher(ConfigMatch config) {
        super(config, MatcherInputs::checkDescriptors, MatcherInputs::checkWindow, Descriptors::size);
    }

    @Override
    void prepare(Descriptors query, Descriptors train, int nq, int nt) {
        queryWords.pack(query);
        trainWords.pack(train);
        if (bestDistance.length < nq) {
            bestDistance = new int[nq];
            secondDistance = new int[nq];
        }
        if (config.mutual) {
            if (trainBestDistance.length < nt)
                trainBestDistance = new int[nt];
            Arrays.fill(trainBestDistance, 0, nt, FAR);
        }
    }

    @Override
    void nearestTwo(Descriptors query, Descriptors train, int nq, int nt) {
        long[] q = queryWords.words, t = trainWords.words;
        if (queryWords.wordsPerDescriptor == 4 && config.mutual)
            nearestTwo256Mutual(q, nq, t, nt);
        else if (queryWords.wordsPerDescriptor == 4)
            nearestTwo256(q, nq, t, nt);
        else
            nearestTwoAnyLength(q, nq, t, nt, queryWords.wordsPerDescriptor);
    }

    /**
     * The hot loop for 256-bit descriptors: two nearest train descriptors of every query. A loop of its own, apart
     * from the mutual one: a mutual flag tested inside it made the CPU matching measurably slower.
     */
    private void nearestTwo256(long[] q, int nq, long[] t, int nt) {
        for (int i = 0; i < nq; i++) {
            long a0 = q[4 * i], a1 = q[4 * i + 1], a2 = q[4 * i + 2], a3 = q[4 * i + 3];
            int d1 = FAR, d2 = FAR, j1 = NONE;
            for (int j = 0, b = 0; j < nt; j++, b += 4) {
                int d = Long.bitCount(a0 ^ t[b]) + Long.bitCount(a1 ^ t[b + 1])
                        + Long.bitCount(a2 ^ t[b + 2]) + Long.bitCount(a3 ^ t[b + 3]);
                if (d < d2) {  // j ascends, so on a tie the earlier index keeps the better slot
                    if (d < d1) {
                        d2 = d1;
                        d1 = d;
                        j1 = j;
                    } else {
                        d2 = d;
                    }
                }
            }
            bestTrain[i] = j1;
            bestDistance[i] = d1;
            secondDistance[i] = d2;
        }
    }

    /** {@link #nearestTwo256} that also records each train descriptor's nearest query. */
    private void nearestTwo256Mutual(long[] q, int nq, long[] t, int nt) {
        int[] tq = trainBestQuery, td = trainBestDistance;
        for (int i = 0; i < nq; i++) {
            long a0 = q[4 * i], a1 = q[4 * i + 1], a2 = q[4 * i + 2], a3 = q[4 * i + 3];
            int d1 = FAR, d2 = FAR, j1 = NONE;
            for (int j = 0, b = 0; j < nt; j++, b += 4) {
                int d = Long.bitCount(a0 ^ t[b]) + Long.bitCount(a1 ^ t[b + 1])
                        + Long.bitCount(a2 ^ t[b + 2]) + Long.bitCount(a3 ^ t[b + 3]);
                if (d < d2) {
                    if (d < d1) {
                        d2 = d1;
                        d1 = d;
                        j1 = j;
                    } else {
                        d2 = d;
                    }
                }
                if (d < td[j]) {  // i ascends, so on a tie the earlier query stays
                    td[j] = d;
                    tq[j] = i;
                }
            }
            bestTrain[i] = j1;
            bestDistance[i] = d1;
            secondDistance[i] = d2;
        }
    }

    /** Two nearest train descriptors of every query for any descriptor length. */
    private void nearestTwoAnyLength(long[] q, int nq, long[] t, int nt, int words) {
        boolean mutual = config.mutual;
        for (int i = 0; i < nq; i++) {
            int a = i * words;
            int d1 = FAR, d2 = FAR, j1 = NONE;
            for (int j = 0; j < nt; j++) {
                int b = j * words, d = 0;
                for (int w = 0; w < words; w++)
                    d += Long.bitCount(q[a + w] ^ t[b + w]);
                if (d < d2) {
                    if (d < d1) {
                        d2 = d1;
                        d1 = d;
                        j1 = j;
                    } else {
                        d2 = d;
                    }
                }
                if (mutual && d < trainBestDistance[j]) {
                    trainBestDistance[j] = d;
                    trainBestQuery[j] = i;
                }
            }
            bestTrain[i] = j1;
            bestDistance[i] = d1;
            secondDistance[i] = d2;
        }
    }

    @Override
    void gatherTrainInGridOrder(Descriptors train) {
        int n = window.size(), words = trainWords.wordsPerDescriptor;
        if (gridWords.length < n * words)
            gridWords = new long[n * words];
        long[] t = trainWords.words;
        for (int k = 0; k < n; k++)
            System.arraycopy(t, window.pointAt(k) * words, gridWords, k * words, words);
    }

    /** The Hamming distance, at most 64 bits a word: exact in a float. */
    @Override
    float distanceToGathered(Descriptors query, int i, int k) {
        long[] q = queryWords.words, t = gridWords;
        int words = queryWords.wordsPerDescriptor, a = i * words, b = k * words;
        if (words == 4)
            return Long.bitCount(q[a] ^ t[b]) + Long.bitCount(q[a + 1] ^ t[b + 1])
                    + Long.bitCount(q[a + 2] ^ t[b + 2]) + Long.bitCount(q[a + 3] ^ t[b + 3]);
        int d = 0;
        for (int w = 0; w < words; w++)
            d += Long.bitCount(q[a + w] ^ t[b + w]);
        return d;
    }

    @Override
    void offerToTrain(int j, int i, float d) {
        if ((int) d < trainBestDistance[j]) {  // i ascends, so on a tie the earlier query stays
            trainBestDistance[j] = (int) d;
            trainBestQuery[j] = i;
        }
    }

    @Override
    void keepDistances(int i, float d1, float d2) {
        bestDistance[i] = d1 == Float.POSITIVE_INFINITY ? FAR : (int) d1;
        secondDistance[i] = d2 == Float.POSITIVE_INFINITY ? FAR : (int) d2;
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
            int d1 = bestDistance[i], d2 = secondDistance[i];
            if (d1 > maxDistance)
                continue;
            if (ratioTest && d2 != FAR && !(d1 < ratio * d2))
                continue;
            if (mutual && trainBestQuery[j] != i)
                continue;
            out.add(i, j, d1, d2 == FAR ? Matches.NO_SECOND : d2);
        }
    }
}
