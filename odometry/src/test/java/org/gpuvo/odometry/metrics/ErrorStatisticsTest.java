package org.gpuvo.odometry.metrics;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ErrorStatisticsTest {

    @Test
    void figuresOfAKnownSet() {
        ErrorStatistics s = ErrorStatistics.of(new double[]{4, 1, 3, 2});
        assertThat(s.n()).isEqualTo(4);
        assertThat(s.sse()).isEqualTo(30.0);
        assertThat(s.rmse()).isCloseTo(Math.sqrt(7.5), within(1e-15));
        assertThat(s.mean()).isEqualTo(2.5);
        assertThat(s.median()).isEqualTo(2.5);  // mean of the middle two
        assertThat(s.std()).isCloseTo(Math.sqrt(1.25), within(1e-15));  // population, as np.std
        assertThat(s.min()).isEqualTo(1.0);
        assertThat(s.max()).isEqualTo(4.0);
        assertThat(ErrorStatistics.of(new double[]{5, 1, 3}).median()).isEqualTo(3.0);
    }

    @Test
    void noErrorsGiveUndefinedFigures() {
        ErrorStatistics s = ErrorStatistics.of(new double[0]);
        assertThat(s.n()).isZero();
        assertThat(s.rmse()).isNaN();
        assertThat(s.median()).isNaN();
    }
}
