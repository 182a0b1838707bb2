package org.gpuvo.gpu.features;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DescriptorsResizeTest {
    @Test
    void growingFromEmptyGivesZeroRows() {
        Descriptors d = Descriptors.orb();
        d.resize(3);
        assertThat(d.size()).isEqualTo(3);
        assertThat(d.row(2)).containsOnly(0);
    }

    @Test
    void rowsBroughtBackAfterShrinkingAreZero() {
        Descriptors d = Descriptors.orb();
        d.resize(2);
        d.data[Descriptors.ORB_BYTES + 5] = 7;
        d.resize(1);
        d.resize(2);
        assertThat(d.row(1)).containsOnly(0);
        assertThat(d.hamming(0, d, 1)).isZero();
    }
}
