package org.gpuvo.app.conformance;

import java.util.ArrayList;
import java.util.List;

/**
 * Several pair sets judged as one (e.g. every kind of warp as "warped views"): every implementation's figures pooled
 * over all their pairs, and the spread of a difference between two implementations in a bootstrap stratified by set
 * ({@link PairedBootstrap}), since how many pairs each set adds is fixed by design.
 *
 * @param group the group's identifier, e.g. {@code warped}
 * @param sets  the sets pooled: at least one, all with the same implementations in the same order and the same
 *              criterion of a correct match
 */
public record PairGroupFigures(String group, List<PairSetFigures> sets) {
    public PairGroupFigures {
        sets = List.copyOf(sets);
        if (sets.isEmpty())
            throw new IllegalArgumentException("group " + group + " without pair sets");
        PairSetFigures first = sets.get(0);
        for (PairSetFigures set : sets) {
            if (!set.criterion().equals(first.criterion()) || set.tolerancePx() != first.tolerancePx())
                throw new IllegalArgumentException("group " + group + " mixes " + first.criterion() + " within "
                        + first.tolerancePx() + " px and " + set.criterion() + " within " + set.tolerancePx() + " px");
            if (!ids(set).equals(ids(first)))
                throw new IllegalArgumentException("set " + set.set() + " has implementations " + ids(set)
                        + ", set " + first.set() + " " + ids(first));
        }
    }

    /** One group of one set. */
    public static PairGroupFigures of(PairSetFigures set) {
        return new PairGroupFigures(set.set(), List.of(set));
    }

    public String criterion() {
        return sets.get(0).criterion();
    }

    public double tolerancePx() {
        return sets.get(0).tolerancePx();
    }

    /** Pairs in all the sets. */
    public int pairs() {
        return sets.stream().mapToInt(PairSetFigures::pairs).sum();
    }

    /** Every implementation's figures pooled over the sets, in the sets' order of implementations. */
    public List<ExtractorFigures> extractors() {
        List<ExtractorFigures> pooled = new ArrayList<>(sets.get(0).extractors());
        for (PairSetFigures set : sets.subList(1, sets.size()))
            for (int i = 0; i < pooled.size(); i++)
                pooled.set(i, pooled.get(i).plus(set.extractors().get(i)));
        return pooled;
    }

    /**
     * How much the differences {@code candidate} − {@code reference} (extractor ids) in correct matches and in
     * precision would move on another draw of pairs like these, each set's pairs drawn from that set; NaN where no set
     * has the outcomes of 2 pairs.
     */
    public PairedBootstrap.Spread differenceSpread(String candidate, String reference) {
        int c = sets.get(0).indexOf(candidate), r = sets.get(0).indexOf(reference);
        int n = sets.stream().mapToInt(s -> s.outcomes().size()).sum();
        int[] stratum = new int[n];
        long[] cm = new long[n], cc = new long[n], rm = new long[n], rc = new long[n];
        int i = 0;
        for (int s = 0; s < sets.size(); s++)
            for (List<PairOutcome> pair : sets.get(s).outcomes()) {
                stratum[i] = s;
                cm[i] = pair.get(c).matches();
                cc[i] = pair.get(c).correct();
                rm[i] = pair.get(r).matches();
                rc[i] = pair.get(r).correct();
                i++;
            }
        return PairedBootstrap.spread(stratum, cm, cc, rm, rc);
    }

    private static List<String> ids(PairSetFigures set) {
        return set.extractors().stream().map(ExtractorFigures::extractor).toList();
    }
}
