package org.gpuvo.app.conformance;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairedBootstrapTest {
    /**
     * Two pairs whose correct-match differences are 10 and 0: a resample holds the first pair k ~ Binomial(2, 1/2)
     * times, so the pooled difference is 10k, of standard deviation 10 · √(1/2) = 7.07. Precisions equal within each
     * pair (every match correct) give no spread in precision.
     */
    @Test
    void spreadOfTwoPairsIsTheBinomialOne() {
        PairedBootstrap.Spread s = PairedBootstrap.spread(new long[]{30, 20}, new long[]{30, 20},
                new long[]{20, 20}, new long[]{20, 20});
        assertThat(s.correct()).isCloseTo(10 * Math.sqrt(0.5), within(0.3));
        assertThat(s.precision()).isZero();
    }

    /** The same difference on every pair: every resample gives n times it, no spread. */
    @Test
    void equalPairsHaveNoSpread() {
        long[] m = {100, 100, 100}, c = {90, 90, 90}, rm = {100, 100, 100}, rc = {85, 85, 85};
        PairedBootstrap.Spread s = PairedBootstrap.spread(m, c, rm, rc);
        assertThat(s.correct()).isZero();
        assertThat(s.precision()).isCloseTo(0, within(1e-12));
    }

    /** Differences that vary in precision give a positive spread there; a fixed seed gives the same figures twice. */
    @Test
    void precisionSpreadIsPositiveAndReproducible() {
        long[] m = {100, 50, 80, 120}, c = {95, 40, 78, 100}, rm = {100, 60, 70, 110}, rc = {90, 50, 66, 101};
        PairedBootstrap.Spread a = PairedBootstrap.spread(m, c, rm, rc), b = PairedBootstrap.spread(m, c, rm, rc);
        assertThat(a.precision()).isPositive().isLessThan(0.1);
        assertThat(a).isEqualTo(b);
    }

    /**
     * Pair differences 10, 0, 0, 0 in correct matches. Drawn from all four, the first pair comes k ~ Binomial(4, 1/4)
     * times: sd 10 · √(4 · ¼ · ¾) = 8.66. Drawn within strata {10, 0} and {0, 0}, only the first stratum varies:
     * sd 10 · √(1/2) = 7.07.
     */
    @Test
    void strataAreDrawnFromSeparately() {
        long[] m = {30, 20, 20, 20}, c = {30, 20, 20, 20}, rm = {20, 20, 20, 20}, rc = {20, 20, 20, 20};
        assertThat(PairedBootstrap.spread(m, c, rm, rc).correct()).isCloseTo(10 * Math.sqrt(0.75), within(0.3));
        assertThat(PairedBootstrap.spread(new int[]{0, 0, 1, 1}, m, c, rm, rc).correct())
                .isCloseTo(10 * Math.sqrt(0.5), within(0.3));
        // the strata need not be contiguous: the same grouping, interleaved
        long[] m2 = {30, 20, 20, 20}, c2 = {30, 20, 20, 20};
        assertThat(PairedBootstrap.spread(new int[]{0, 1, 0, 1}, m2, c2, rm, rc).correct())
                .isCloseTo(10 * Math.sqrt(0.5), within(0.3));
    }

    /** One stratum is the plain bootstrap, draw for draw. */
    @Test
    void oneStratumIsThePlainBootstrap() {
        long[] m = {100, 50, 80, 120}, c = {95, 40, 78, 100}, rm = {100, 60, 70, 110}, rc = {90, 50, 66, 101};
        assertThat(PairedBootstrap.spread(new int[4], m, c, rm, rc)).isEqualTo(PairedBootstrap.spread(m, c, rm, rc));
    }

    /** Strata of one pair each have nothing to resample; one stratum of two pairs is enough. */
    @Test
    void singlePairStrataGiveNaNAndNegativeStrataAreRejected() {
        long[] m = {30, 20}, c = {30, 20}, rm = {20, 20}, rc = {20, 20};
        assertThat(PairedBootstrap.spread(new int[]{0, 1}, m, c, rm, rc).correct()).isNaN();
        long[] m3 = {30, 20, 25}, c3 = {30, 20, 25}, rm3 = {20, 20, 20}, rc3 = {20, 20, 20};
        // the single pair of stratum 1 is drawn every time: only stratum 0's pairs, 30 and 20, vary
        assertThat(PairedBootstrap.spread(new int[]{0, 0, 1}, m3, c3, rm3, rc3).correct())
                .isCloseTo(10 * Math.sqrt(0.5), within(0.3));
        assertThatThrownBy(() -> PairedBootstrap.spread(new int[]{0, -1}, m, c, rm, rc))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void fewerThanTwoPairsGiveNaNAndUnequalArraysAreRejected() {
        PairedBootstrap.Spread one = PairedBootstrap.spread(new long[]{5}, new long[]{4}, new long[]{5}, new long[]{3});
        assertThat(one.correct()).isNaN();
        assertThat(one.precision()).isNaN();
        assertThatThrownBy(() -> PairedBootstrap.spread(new long[2], new long[2], new long[1], new long[2]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
