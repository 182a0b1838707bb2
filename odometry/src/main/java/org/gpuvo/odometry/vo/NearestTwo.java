package org.gpuvo.odometry.vo;

/**
 * The nearest and second-nearest descriptor distances among candidates offered one at a time, and the match they
 * make: the nearest, if within the distance limit and passing Lowe's ratio test against the second (D. Lowe,
 * "Distinctive Image Features from Scale-Invariant Keypoints", IJCV 2004, section 7.1). Reused from search to search.
 */
final class NearestTwo {
    int best, second, bestIndex;

    /** Starts a new search: no candidate yet. */
    NearestTwo reset() {
        best = second = Integer.MAX_VALUE;
        bestIndex = -1;
        return this;
    }

    /** Candidate {@code index} at descriptor distance {@code distance}; the first of equals stays nearest. */
    void offer(int distance, int index) {
        if (distance < best) {
            second = best;
            best = distance;
            bestIndex = index;
        } else if (distance < second) {
            second = distance;
        }
    }

    /** Whether the nearest is a match: within {@code maxDistance}, and below {@code ratio} times the second if any. */
    boolean accepted(int maxDistance, double ratio) {
        return bestIndex >= 0 && best <= maxDistance && (second == Integer.MAX_VALUE || best < ratio * second);
    }
}
