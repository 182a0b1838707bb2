package org.gpuvo.app.conformance;

import java.util.List;

/**
 * The figures of every implementation on one set of image pairs (e.g. consecutive KITTI frames, or one kind of
 * warp), all pairs of the set pooled, and the outcomes pair by pair (for {@link #differenceSpread}).
 *
 * @param set         the set's identifier, e.g. {@code consecutive} or {@code rotation_30}
 * @param criterion   what decides a correct match ({@link CorrespondenceCheck#criterion()})
 * @param tolerancePx the largest error of a correct match, in pixels
 * @param extractors  one entry per implementation, in the order they were given
 * @param outcomes    per pair, every implementation's outcome in the order of {@code extractors}; may be empty
 */
public record PairSetFigures(String set, String criterion, double tolerancePx, List<ExtractorFigures> extractors,
                             List<List<PairOutcome>> outcomes) {
    public PairSetFigures {
        extractors = List.copyOf(extractors);
        outcomes = outcomes.stream().map(List::copyOf).toList();
        for (List<PairOutcome> pair : outcomes)
            if (pair.size() != extractors.size())
                throw new IllegalArgumentException(pair.size() + " outcomes of a pair for " + extractors.size()
                        + " implementations");
    }

    /** Pooled figures only: no outcomes pair by pair. */
    public PairSetFigures(String set, String criterion, double tolerancePx, List<ExtractorFigures> extractors) {
        this(set, criterion, tolerancePx, extractors, List.of());
    }

    /** Pairs in the set (every implementation saw all of them). */
    public int pairs() {
        return extractors.isEmpty() ? 0 : extractors.get(0).pairs();
    }

    /**
     * How much the differences {@code candidate} − {@code reference} (extractor ids) in correct matches and in
     * precision would move on another draw of such pairs ({@link PairedBootstrap}); NaN without the outcomes of at
     * least 2 pairs.
     */
    public PairedBootstrap.Spread differenceSpread(String candidate, String reference) {
        return PairGroupFigures.of(this).differenceSpread(candidate, reference);
    }

    /** The position of implementation {@code extractor} in {@link #extractors()}. */
    int indexOf(String extractor) {
        for (int i = 0; i < extractors.size(); i++)
            if (extractors.get(i).extractor().equals(extractor))
                return i;
        throw new IllegalArgumentException("no extractor " + extractor + " in set " + set);
    }
}
