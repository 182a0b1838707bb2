package org.gpuvo.ros.cdr;

import java.util.Comparator;

import static org.assertj.core.api.Assertions.assertThat;

/** Field-by-field comparison of decoded messages: arrays by content, doubles bit for bit (NaN = NaN, -0.0 ≠ 0.0). */
final class SameMessage {
    private static final Comparator<Double> BITWISE = Comparator.comparingLong(Double::doubleToRawLongBits);

    private SameMessage() {
    }

    static void assertSameMessage(Object actual, Object expected) {
        assertThat(actual).isInstanceOf(expected.getClass());
        assertThat(actual).usingRecursiveComparison().withComparatorForType(BITWISE, Double.class)
                .isEqualTo(expected);
    }
}
