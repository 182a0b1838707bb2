package org.gpuvo.gpu.match;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MatchesTest {
    @Test
    void growsKeepsOrderAndResets() {
        Matches m = new Matches();
        for (int i = 0; i < 1000; i++)
            m.add(i, 2 * i, i % 257, i % 257 + 1);
        assertThat(m.size()).isEqualTo(1000);
        assertThat(m.query[999]).isEqualTo(999);
        assertThat(m.train[999]).isEqualTo(1998);
        Matches copy = m.copy();
        int capacity = m.query.length;
        m.reset();
        assertThat(m.isEmpty()).isTrue();
        assertThat(m.query.length).isEqualTo(capacity);
        assertThat(copy.size()).isEqualTo(1000);
        assertThat(copy.distance[500]).isEqualTo(500 % 257);
    }

    @Test
    void negativeCapacityIsRejected() {
        assertThatThrownBy(() -> new Matches(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void coordinatesAreOptionalAndCopied() {
        Matches m = new Matches();
        assertThat(m.hasCoordinates()).isTrue();
        for (int i = 0; i < 100; i++)
            m.add(i, i + 1, 3, 9, i, 2f * i, 3f * i, 4f * i);
        assertThat(m.hasCoordinates()).isTrue();
        assertThat(m.trainY[99]).isEqualTo(396f);
        Matches copy = m.copy();
        assertThat(copy.hasCoordinates()).isTrue();
        assertThat(copy.queryY[50]).isEqualTo(100f);
        m.add(100, 1, 1, 2);
        assertThat(m.hasCoordinates()).isFalse();
        assertThat(m.copy().hasCoordinates()).isFalse();
        m.reset();
        assertThat(m.hasCoordinates()).isTrue();
        m.add(0, 1, 1, 2);
        assertThat(m.hasCoordinates()).isFalse();
    }
}
