package org.gpuvo.gpu.features;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DescriptorsResizeTest {
    @Test
    void growingAndShrinkingLeaveNewRowsZero() {
        Descriptors d = Descriptors.orb();
        d.resize(3);
        assertThat(d.size()).isEqualTo(3);
        java.util.Arrays.fill(d.data, 0, 96, (byte) 0x5A);
        d.resize(1);
        d.resize(3);
        assertThat(d.row(0)).containsOnly((byte) 0x5A);
        assertThat(d.row(1)).containsOnly((byte) 0);
        assertThat(d.row(2)).containsOnly((byte) 0);
        d.resize(100);
        assertThat(d.row(99)).containsOnly((byte) 0);
    }
}
