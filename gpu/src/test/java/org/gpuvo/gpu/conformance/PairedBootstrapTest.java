package org.gpuvo.gpu.conformance;

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

    @Test
    void fewerThanTwoPairsGiveNaNAndUnequalArraysAreRejected() {
        PairedBootstrap.Spread one = PairedBootstrap.spread(new long[]{5}, new long[]{4}, new long[]{5}, new long[]{3});
        assertThat(one.correct()).isNaN();
        assertThat(one.precision()).isNaN();
        assertThatThrownBy(() -> PairedBootstrap.spread(new long[2], new long[2], new long[1], new long[2]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
