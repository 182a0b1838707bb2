package org.gpuvo.gpu.cpu;

import java.util.Arrays;
import java.util.function.ToIntFunction;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.HostMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

/**
 * The steps the exhaustive CPU matchers take the same whatever their distance: check the inputs as every matcher
 * does, size the per-query and per-train state, find every query's two nearest train descriptors (among all, or
 * among the candidates of its search window), then keep the queries that pass the filters.
 *
 * @param <D> the descriptors
 */
abstract class BruteForceMatching<D> implements HostMatcher<D> {
    static final int NONE = -1;

    final ConfigMatch config;
    /** the train keypoints bucketed for search windows */
    final WindowCandidates window = new WindowCandidates();
    private final MatcherInputs.Check<D> check;
    private final MatcherInputs.WindowCheck<D> checkWindow;
    private final ToIntFunction<D> size;
    /** per query: nearest train index ({@link #NONE} if no candidate) */
    int[] bestTrain = new int[0];
    /** per train, for the mutual check: nearest query */
    int[] trainBestQuery = new int[0];

    BruteForceMatching(ConfigMatch config, MatcherInputs.Check<D> check, MatcherInputs.WindowCheck<D> checkWindow,
                       ToIntFunction<D> size) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        this.config = config.copy().checkValidity();
        this.check = check;
        this.checkWindow = checkWindow;
        this.size = size;
    }

    /**
     * Sizes (and where needed clears) the subclass's per-query and per-train distances for these sets; the indices
     * are ready: {@link #bestTrain} all {@link #NONE}, and with the mutual check {@link #trainBestQuery} too.
     */
    abstract void prepare(D query, D train, int nq, int nt);

    private void prepareIndices(int nq, int nt) {
        if (bestTrain.length < nq)
            bestTrain = new int[nq];
        Arrays.fill(bestTrain, 0, nq, NONE);
        if (config.mutual) {
            if (trainBestQuery.length < nt)
                trainBestQuery = new int[nt];
            Arrays.fill(trainBestQuery, 0, nt, NONE);
        }
    }

    /** The two nearest train descriptors of every query, and with the mutual check every train's nearest query. */
    abstract void nearestTwo(D query, D train, int nq, int nt);

    /** Copies the train descriptors into {@link #window}'s bucket order (a grid row's candidates are contiguous). */
    abstract void gatherTrainInGridOrder(D train);

    /**
     * The distance of query {@code i} to the gathered train descriptor {@code k} (bucket order), as the subclass
     * measures it; a float that holds it exactly.
     */
    abstract float distanceToGathered(D query, int i, int k);

    /** With the mutual check: query {@code i}, at distance {@code d}, becomes train {@code j}'s nearest if nearer. */
    abstract void offerToTrain(int j, int i, float d);

    /** Keeps query {@code i}'s two nearest distances ({@code +inf}: none) in the subclass's own terms. */
    abstract void keepDistances(int i, float d1, float d2);

    /** Applies the filters to the per-query nearest neighbours and appends the survivors to {@code out}. */
    abstract void emit(int nq, Matches out);

    @Override
    public final void match(D query, D train, Matches out) {
        check.check(query, train, out);
        if (!prepared(query, train, out))
            return;
        int nq = size.applyAsInt(query);
        nearestTwo(query, train, nq, size.applyAsInt(train));
        emit(nq, out);
    }

    @Override
    public final void matchWithin(D query, float[] predictedX, float[] predictedY, D train, KeyPoints trainPoints,
                                  Matches out) {
        checkWindow.check(query, predictedX, predictedY, train, trainPoints, out);
        if (!prepared(query, train, out))
            return;
        int nq = size.applyAsInt(query);
        window.build(trainPoints, size.applyAsInt(train), config.searchRadius);
        nearestTwoWithin(query, train, predictedX, predictedY, nq);
        emit(nq, out);
    }

    /** Empties {@code out} and prepares the state for these sets; false where one is empty (no matches then). */
    private boolean prepared(D query, D train, Matches out) {
        out.reset();
        int nq = size.applyAsInt(query), nt = size.applyAsInt(train);
        if (nq == 0 || nt == 0)
            return false;
        prepareIndices(nq, nt);
        prepare(query, train, nq, nt);
        return true;
    }

    /**
     * Two nearest train descriptors of every query among the train keypoints within the search radius of its
     * predicted position. Candidates come in bucket order, not index order, so ties are broken on the index
     * explicitly; queries still ascend for each train.
     */
    private void nearestTwoWithin(D query, D train, float[] px, float[] py, int nq) {
        gatherTrainInGridOrder(train);
        boolean mutual = config.mutual;
        int[] found = window.found();
        for (int i = 0; i < nq; i++) {
            float d1 = Float.POSITIVE_INFINITY, d2 = Float.POSITIVE_INFINITY;
            int j1 = NONE;
            int candidates = window.collect(px[i], py[i]);
            for (int c = 0; c < candidates; c++) {
                int k = found[c];
                float d = distanceToGathered(query, i, k);
                int j = window.pointAt(k);
                if (d < d1 || (d == d1 && j < j1)) {
                    d2 = d1;
                    d1 = d;
                    j1 = j;
                } else if (d < d2) {
                    d2 = d;
                }
                if (mutual)
                    offerToTrain(j, i, d);
            }
            bestTrain[i] = j1;
            keepDistances(i, d1, d2);
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
