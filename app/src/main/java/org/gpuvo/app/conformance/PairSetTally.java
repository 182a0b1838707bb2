package org.gpuvo.app.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * Adds up every implementation's outcomes on the pairs of one set, pair by pair, into {@link PairSetFigures} (which
 * keeps them pair by pair too).
 */
public final class PairSetTally {
    private final String set, criterion;
    private final double tolerancePx;
    private final List<ExtractorFigures> figures = new ArrayList<>();
    private final List<List<PairOutcome>> outcomes = new ArrayList<>();

    /** An empty tally of {@code set}, whose pairs are all judged by {@code criterion} within {@code tolerancePx}. */
    public PairSetTally(String set, String criterion, double tolerancePx, List<SiftSource> sources) {
        this.set = set;
        this.criterion = criterion;
        this.tolerancePx = tolerancePx;
        for (SiftSource source : sources)
            figures.add(ExtractorFigures.none(source));
    }

    /** Adds one pair: {@code outcomes} in the order of the sources given to the constructor. */
    public void add(List<PairOutcome> outcomes) {
        if (outcomes.size() != figures.size())
            throw new IllegalArgumentException(outcomes.size() + " outcomes for " + figures.size() + " implementations");
        for (int i = 0; i < outcomes.size(); i++)
            figures.set(i, figures.get(i).plus(outcomes.get(i)));
        this.outcomes.add(List.copyOf(outcomes));
    }

    public PairSetFigures figures() {
        return new PairSetFigures(set, criterion, tolerancePx, figures, outcomes);
    }
}
