package org.gpuvo.app.conformance;

import java.util.Arrays;
import java.util.Random;

/**
 * How much the difference between two implementations' figures on a set of image pairs would move on another draw of
 * pairs like these: the bootstrap over pairs (B. Efron and R. Tibshirani, "An Introduction to the Bootstrap", 1993,
 * ch. 6), paired because both implementations saw the same pairs. Each resample draws the set's pairs with
 * replacement, pools both implementations' matches and correct matches over the drawn pairs, and takes the
 * differences (candidate − reference) in correct matches and in precision; the result is the standard deviation of
 * those differences over {@link #RESAMPLES} resamples. The generator's seed is fixed, so a report is reproducible.
 *
 * <p>Pairs may come in strata (e.g. the kinds of warp pooled into one group): a resample then draws each stratum's
 * pairs from that stratum alone (the stratified bootstrap, ibid. ch. 6.5), since how many pairs of each kind a group
 * holds is fixed by design, not drawn.
 */
public final class PairedBootstrap {
    /** resamples per estimate (the standard deviation's own relative error is then about 1/√(2·2000), 1.6 %) */
    public static final int RESAMPLES = 2000;
    private static final long SEED = 1;

    /**
     * Standard deviations of the differences: {@code correct} in correct matches, {@code precision} as a fraction;
     * NaN where fewer than 2 pairs leave nothing to resample.
     */
    public record Spread(double correct, double precision) {
    }

    private PairedBootstrap() {
    }

    /**
     * The spread over pairs i of {@code candidateMatches[i]}, {@code candidateCorrect[i]}, {@code referenceMatches[i]}
     * and {@code referenceCorrect[i]} (arrays of equal length), all in one stratum. A pooled precision over no matches
     * counts as 0.
     */
    public static Spread spread(long[] candidateMatches, long[] candidateCorrect, long[] referenceMatches,
                                long[] referenceCorrect) {
        return spread(new int[candidateMatches.length], candidateMatches, candidateCorrect, referenceMatches,
                referenceCorrect);
    }

    /**
     * As {@link #spread(long[], long[], long[], long[])}, pair i being of stratum {@code stratum[i]} (0, 1, …): NaN
     * where no stratum has 2 pairs.
     */
    public static Spread spread(int[] stratum, long[] candidateMatches, long[] candidateCorrect,
                                long[] referenceMatches, long[] referenceCorrect) {
        int n = stratum.length;
        if (candidateMatches.length != n || candidateCorrect.length != n || referenceMatches.length != n
                || referenceCorrect.length != n)
            throw new IllegalArgumentException("per-pair arrays of different lengths");
        int[][] members = members(stratum);
        if (Arrays.stream(members).allMatch(m -> m.length < 2))
            return new Spread(Double.NaN, Double.NaN);
        Random random = new Random(SEED);
        // running means and sums of squared deviations (Welford 1962): no cancellation where the spread is tiny
        double meanC = 0, m2C = 0, meanP = 0, m2P = 0;
        for (int b = 0; b < RESAMPLES; b++) {
            long cm = 0, cc = 0, rm = 0, rc = 0;
            for (int[] m : members)
                for (int k = 0; k < m.length; k++) {
                    int i = m[random.nextInt(m.length)];
                    cm += candidateMatches[i];
                    cc += candidateCorrect[i];
                    rm += referenceMatches[i];
                    rc += referenceCorrect[i];
                }
            double dc = cc - rc, dp = precision(cc, cm) - precision(rc, rm);
            double stepC = dc - meanC, stepP = dp - meanP;
            meanC += stepC / (b + 1);
            meanP += stepP / (b + 1);
            m2C += stepC * (dc - meanC);
            m2P += stepP * (dp - meanP);
        }
        return new Spread(Math.sqrt(m2C / RESAMPLES), Math.sqrt(m2P / RESAMPLES));
    }

    /** Per stratum 0 … max, the indices of its pairs in order (a stratum without pairs is empty). */
    private static int[][] members(int[] stratum) {
        int strata = 0;
        for (int s : stratum) {
            if (s < 0)
                throw new IllegalArgumentException("negative stratum " + s);
            strata = Math.max(strata, s + 1);
        }
        int[] count = new int[strata];
        for (int s : stratum)
            count[s]++;
        int[][] members = new int[strata][];
        for (int s = 0; s < strata; s++)
            members[s] = new int[count[s]];
        int[] filled = new int[strata];
        for (int i = 0; i < stratum.length; i++)
            members[stratum[i]][filled[stratum[i]]++] = i;
        return members;
    }

    private static double precision(long correct, long matches) {
        return matches == 0 ? 0 : (double) correct / matches;
    }
}
