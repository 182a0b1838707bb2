package org.gpuvo.odometry.geometry;

/**
 * What the RANSAC estimators share: the inliers of the best model and of the candidate being scored, the best cost,
 * the outcome of the last call and the samples it drew, and the steps every estimator takes on them.
 */
abstract class RansacEstimator {
    /** The best model's inliers. */
    final InlierSet best = new InlierSet();
    /** The inlier flags that scoring writes; adopted by {@link #adoptCandidate(double)}. */
    final InlierSet candidate = new InlierSet();
    double bestCost;
    int iterations;
    EstimationStatus status = EstimationStatus.TOO_FEW_POINTS;

    public EstimationStatus status() {
        return status;
    }

    public int inlierCount() {
        return best.count();
    }

    /** Index into the input of the k-th inlier, increasing in k. */
    public int inlier(int k) {
        return best.get(k);
    }

    public boolean isInlier(int i) {
        return best.contains(i);
    }

    /** RANSAC iterations (minimal samples drawn) in the last call; a prior model given to a call is not counted. */
    public int iterations() {
        return iterations;
    }

    /** Starts a call on n correspondences: no sample drawn, no inliers, no model yet. */
    void begin(int n) {
        iterations = 0;
        best.reset(n);
        candidate.reset(n);
        bestCost = Double.POSITIVE_INFINITY;
    }

    /** The scored candidate becomes the best, at {@code cost}. */
    void adoptCandidate(double cost) {
        bestCost = cost;
        candidate.update();
        best.swap(candidate);
    }

    /** Ends a call without a model; returns false. */
    boolean fail(EstimationStatus why) {
        status = why;
        best.clear();
        return false;
    }

    /**
     * After the best model was refined and scored again into the candidate: its inliers become the best's; true if
     * they are the same set as before.
     */
    boolean takeRescoredInliers() {
        candidate.update();
        boolean same = candidate.count() == best.count();
        for (int k = 0; same && k < best.count(); k++)
            same = candidate.indices()[k] == best.indices()[k];
        best.swap(candidate);
        return same;
    }
}
