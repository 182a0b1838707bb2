package org.gpuvo.gpu.conformance;

import java.util.List;

/**
 * The figures of every implementation on one set of image pairs (e.g. consecutive KITTI frames, or one kind of
 * warp), all pairs of the set pooled.
 *
 * @param set         the set's identifier, e.g. {@code consecutive} or {@code rotation_30}
 * @param criterion   what decides a correct match ({@link CorrespondenceCheck#criterion()})
 * @param tolerancePx the largest error of a correct match, in pixels
 * @param extractors  one entry per implementation, in the order they were given
 */
public record PairSetFigures(String set, String criterion, double tolerancePx, List<ExtractorFigures> extractors) {
    public PairSetFigures {
        extractors = List.copyOf(extractors);
    }

    /** Pairs in the set (every implementation saw all of them). */
    public int pairs() {
        return extractors.isEmpty() ? 0 : extractors.get(0).pairs();
    }
}
