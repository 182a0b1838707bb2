package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link HostMatcherInputTest} for the real-valued (Euclidean) CPU matcher, and what only it checks: every
 * component finite and in range.
 */
class FloatMatcherInputTest extends HostMatcherInputTest<FloatDescriptors> {
    @Override
    HostMatcher<FloatDescriptors> matcher(ConfigMatch config) {
        return FactoryMatcher.floatCpu(config);
    }

    @Override
    FloatDescriptors descriptors(Random random, int n) {
        return RandomSiftDescriptors.siftLike(random, n);
    }

    @Override
    FloatDescriptors otherLength(Random random) {
        return RandomSiftDescriptors.siftLike(random, 3, 64);
    }

    @Override
    String[] lengths() {
        return new String[]{"128", "64"};
    }

    @Override
    FloatDescriptors empty() {
        return FloatDescriptors.sift();
    }

    @Test
    void componentsMustBeFiniteAndInRange() {
        for (float bad : new float[]{Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                Math.nextUp(FloatDescriptorMatcher.MAX_COMPONENT), -5000f}) {
            FloatDescriptors q = three.copy();
            q.data[128 + 17] = bad;
            assertThatThrownBy(() -> matcher.match(q, three, new Matches()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("query descriptor 1").hasMessageContaining("component 17");
            assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, threeCoordinates, q, threePoints,
                    new Matches()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("train descriptor 1");
        }
        FloatDescriptors edge = three.copy();
        edge.data[5] = -FloatDescriptorMatcher.MAX_COMPONENT;
        Matches out = new Matches();
        matcher.match(edge, three, out);  // the limit itself is accepted
        assertThat(out.size()).isLessThanOrEqualTo(3);
    }
}
