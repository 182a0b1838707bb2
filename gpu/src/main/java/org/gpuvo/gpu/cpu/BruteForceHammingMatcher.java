package org.gpuvo.gpu.cpu;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
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
public final class BruteForceHammingMatcher implements DescriptorMatcher {
    private static final int NONE = -1;
    private static final int FAR = Integer.MAX_VALUE;

    private final ConfigMatch config;

    private final PackedDescriptors queryWords = new PackedDescriptors();
    private final PackedDescriptors trainWords = new PackedDescriptors();
    private final KeyPointGrid trainGrid = new KeyPointGrid();
    private final int[] cellRange = new int[4];

    // per query: nearest train index (NONE if no candidate), its distance, the second-nearest distance
    private int[] bestTrain = new int[0];
    private int[] bestDistance = new int[0];
    private int[] secondDistance = new int[0];
    // per train, for the mutual check: nearest query and its distance
    private int[] trainBestQuery = new int[0];
    private int[] trainBestDistance = new int[0];
    // train descriptors in the search grid's bucket order: original index, position, packed words
    private int[] gridIndex = new int[0];
    private float[] gridX = new float[0];
    private float[] gridY = new float[0];
    private long[] gridWords = new long[0];

    public BruteForceHammingMatcher(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        this.config = config.copy().checkValidity();
    }

    @Override
    public void match(Descriptors query, Descriptors train, Matches out) {
        MatcherInputs.checkDescriptors(query, train, out);
        out.reset();
        int nq = query.size(), nt = train.size();
        if (nq == 0 || nt == 0)
            return;
        prepare(query, train);
        long[] q = queryWords.words, t = trainWords.words;
        if (queryWords.wordsPerDescriptor == 4) {
            if (config.mutual)
                nearestTwo256Mutual(q, nq, t, nt);
            else
                nearestTwo256(q, nq, t, nt);
        } else {
            nearestTwoAnyLength(q, nq, t, nt, queryWords.wordsPerDescriptor);
        }
        emit(nq, out);
    }

    @Override
    public void matchWithin(Descriptors query, float[] predictedX, float[] predictedY,
                            Descriptors train, KeyPoints trainPoints, Matches out) {
        MatcherInputs.checkWindow(query, predictedX, predictedY, train, trainPoints, out);
        int nq = query.size(), nt = train.size();
        out.reset();
        if (nq == 0 || nt == 0)
            return;
        prepare(query, train);
        double radius = config.searchRadius;
        trainGrid.build(trainPoints, nt, radius);
        gatherTrainInGridOrder(trainPoints);
        nearestTwoWithin(predictedX, predictedY, radius * radius, nq);
        emit(nq, out);
    }


    private void prepare(Descriptors query, Descriptors train) {
        int nq = query.size(), nt = train.size();
        queryWords.pack(query);
        trainWords.pack(train);
        if (bestTrain.length < nq) {
            bestTrain = new int[nq];
            bestDistance = new int[nq];
            secondDistance = new int[nq];
        }
        if (config.mutual) {
            if (trainBestQuery.length < nt) {
                trainBestQuery = new int[nt];
                trainBestDistance = new int[nt];
            }
            Arrays.fill(trainBestQuery, 0, nt, NONE);
            Arrays.fill(trainBestDistance, 0, nt, FAR);
        }
    }

    /** The hot loop for 256-bit descriptors: two nearest train descriptors of every query. */
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

    /**
     * Copies the train descriptors' words, positions and indices into the grid's bucket order, so that the
     * candidates of one grid row of a search window are one contiguous run of memory.
     */
    private void gatherTrainInGridOrder(KeyPoints points) {
        int n = trainGrid.size(), words = trainWords.wordsPerDescriptor;
        if (gridIndex.length < n) {
            gridIndex = new int[n];
            gridX = new float[n];
            gridY = new float[n];
        }
        if (gridWords.length < n * words)
            gridWords = new long[n * words];
        long[] t = trainWords.words;
        for (int k = 0; k < n; k++) {
            int j = trainGrid.pointAt(k);
            gridIndex[k] = j;
            gridX[k] = points.x[j];
            gridY[k] = points.y[j];
            System.arraycopy(t, j * words, gridWords, k * words, words);
        }
    }

    /**
     * Two nearest train descriptors of every query among the train keypoints within the search radius of its
     * predicted position. Grid cells are visited out of index order, so ties are broken on the index explicitly.
     */
    private void nearestTwoWithin(float[] px, float[] py, double radiusSquared, int nq) {
        long[] q = queryWords.words, t = gridWords;
        int words = queryWords.wordsPerDescriptor;
        boolean mutual = config.mutual;
        double radius = config.searchRadius;
        float[] tx = gridX, ty = gridY;
        int[] index = gridIndex;
        for (int i = 0; i < nq; i++) {
            int d1 = FAR, d2 = FAR, j1 = NONE;
            double cx = px[i], cy = py[i];
            if (Double.isFinite(cx) && Double.isFinite(cy) && trainGrid.cellRange(cx, cy, radius, cellRange)) {
                int a = i * words;
                long a0 = q[a], a1 = words == 4 ? q[a + 1] : 0, a2 = words == 4 ? q[a + 2] : 0,
                        a3 = words == 4 ? q[a + 3] : 0;
                for (int row = cellRange[2]; row <= cellRange[3]; row++) {
                    int end = trainGrid.spanEnd(row, cellRange[1]);
                    for (int k = trainGrid.spanBegin(row, cellRange[0]); k < end; k++) {
                        double dx = tx[k] - cx, dy = ty[k] - cy;
                        if (dx * dx + dy * dy > radiusSquared)
                            continue;
                        int b = k * words, d;
                        if (words == 4) {
                            d = Long.bitCount(a0 ^ t[b]) + Long.bitCount(a1 ^ t[b + 1])
                                    + Long.bitCount(a2 ^ t[b + 2]) + Long.bitCount(a3 ^ t[b + 3]);
                        } else {
                            d = 0;
                            for (int w = 0; w < words; w++)
                                d += Long.bitCount(q[a + w] ^ t[b + w]);
                        }
                        int j = index[k];
                        if (d < d1 || (d == d1 && j < j1)) {
                            d2 = d1;
                            d1 = d;
                            j1 = j;
                        } else if (d < d2) {
                            d2 = d;
                        }
                        if (mutual && d < trainBestDistance[j]) {
                            trainBestDistance[j] = d;
                            trainBestQuery[j] = i;
                        }
                    }
                }
            }
            bestTrain[i] = j1;
            bestDistance[i] = d1;
            secondDistance[i] = d2;
        }
    }

    /** Applies the filters to the per-query nearest neighbours and appends the survivors to {@code out}. */
    private void emit(int nq, Matches out) {
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

    @Override
    public ConfigMatch config() {
        return config.copy();
    }

    @Override
    public String backend() {
        return "cpu";
    }
}
