package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.testdata.RandomDescriptors;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad and degenerate input to the float matcher: a clear {@link IllegalArgumentException}, or an empty result. */
class FloatMatcherInputTest {
    private final FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(new ConfigMatch());
    private final Random random = new Random(7);
    private final FloatDescriptors three = RandomSiftDescriptors.siftLike(random, 3);
    private final KeyPoints threePoints = RandomDescriptors.keyPoints(random, 3, 100, 100);
    private final float[] threeCoordinates = {1, 2, 3};

    @Test
    void nullArgumentsAreRejected() {
        Matches out = new Matches();
        assertThatThrownBy(() -> matcher.match(null, three, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query");
        assertThatThrownBy(() -> matcher.match(three, null, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("train");
        assertThatThrownBy(() -> matcher.match(three, three, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("output");
        assertThatThrownBy(() -> matcher.matchWithin(three, null, threeCoordinates, three, threePoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("predicted");
        assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, threeCoordinates, three, null, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("keypoints");
        assertThatThrownBy(() -> FactoryMatcher.floatCpu(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("config");
    }

    @Test
    void descriptorLengthsMustAgree() {
        FloatDescriptors short64 = RandomSiftDescriptors.siftLike(random, 3, 64);
        assertThatThrownBy(() -> matcher.match(three, short64, new Matches()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("128").hasMessageContaining("64");
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

    @Test
    void windowArraysMustCoverTheSets() {
        Matches out = new Matches();
        float[] two = {1, 2};
        assertThatThrownBy(() -> matcher.matchWithin(three, two, threeCoordinates, three, threePoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 x").hasMessageContaining("3 query");
        assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, two, three, threePoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 y");
        KeyPoints twoPoints = RandomDescriptors.keyPoints(random, 2, 100, 100);
        assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, threeCoordinates, three, twoPoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 train keypoints");
    }

    @Test
    void invalidConfigurationsAreRejected() {
        assertThatThrownBy(() -> FactoryMatcher.floatCpu(new ConfigMatch(0, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.floatCpu(new ConfigMatch(0.8, false, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDistance");
        ConfigMatch c = new ConfigMatch();
        c.searchRadius = Double.NaN;
        assertThatThrownBy(() -> FactoryMatcher.floatCpu(c))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("searchRadius");
    }

    @Test
    void matcherKeepsItsOwnCopyOfTheConfiguration() {
        ConfigMatch config = new ConfigMatch(0.5, false, 256);
        FloatDescriptorMatcher m = FactoryMatcher.floatCpu(config);
        config.ratio = 1.0;
        assertThat(m.config().ratio).isEqualTo(0.5);
        assertThat(m.backend()).isEqualTo("cpu");
    }

    @Test
    void emptySetsGiveNoMatches() {
        FloatDescriptors empty = FloatDescriptors.sift();
        Matches out = new Matches();
        out.add(1, 2, 3, 4);
        matcher.match(empty, three, out);
        assertThat(out.size()).isZero();
        out.add(1, 2, 3, 4);
        matcher.match(three, empty, out);
        assertThat(out.size()).isZero();
        matcher.match(empty, empty, out);
        assertThat(out.size()).isZero();
        matcher.matchWithin(empty, new float[0], new float[0], three, threePoints, out);
        assertThat(out.size()).isZero();
        matcher.matchWithin(three, threeCoordinates, threeCoordinates, empty, new KeyPoints(), out);
        assertThat(out.size()).isZero();
    }
}
