package org.gpuvo.gpu.match;

import org.gpuvo.gpu.testdata.RandomDescriptors;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad and degenerate input: a clear {@link IllegalArgumentException}, or an empty result where that is right. */
class MatcherInputTest {
    private final DescriptorMatcher matcher = FactoryMatcher.cpu(new ConfigMatch());
    private final Random random = new Random(7);
    private final Descriptors three = RandomDescriptors.uniform(random, 3, 32);
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
        assertThatThrownBy(() -> FactoryMatcher.cpu(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("config");
    }

    @Test
    void descriptorLengthsMustAgree() {
        Descriptors short16 = RandomDescriptors.uniform(random, 3, 16);
        assertThatThrownBy(() -> matcher.match(three, short16, new Matches()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("32").hasMessageContaining("16");
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
        assertThatThrownBy(() -> FactoryMatcher.cpu(new ConfigMatch(0, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.cpu(new ConfigMatch(1.5, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.cpu(new ConfigMatch(Double.NaN, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> FactoryMatcher.cpu(new ConfigMatch(0.8, false, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDistance");
        for (double radius : new double[]{0, -3, Double.NaN, Double.POSITIVE_INFINITY}) {
            ConfigMatch c = new ConfigMatch();
            c.searchRadius = radius;
            assertThatThrownBy(() -> FactoryMatcher.cpu(c))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("searchRadius");
        }
    }

    @Test
    void matcherKeepsItsOwnCopyOfTheConfiguration() {
        ConfigMatch config = new ConfigMatch(0.5, false, 256);
        DescriptorMatcher m = FactoryMatcher.cpu(config);
        config.ratio = 1.0;
        assertThat(m.config().ratio).isEqualTo(0.5);
        assertThat(m.backend()).isEqualTo("cpu");
    }

    @Test
    void emptySetsGiveNoMatches() {
        Descriptors empty = Descriptors.orb();
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

    @Test
    void trainKeypointsWithoutFinitePositionsAreNeverCandidates() {
        KeyPoints lost = new KeyPoints();
        for (int i = 0; i < 3; i++)
            lost.add(Float.NaN, i, 0, 31, 0, 1);
        Matches out = new Matches();
        matcher.matchWithin(three, threeCoordinates, threeCoordinates, three, lost, out);
        assertThat(out.size()).isZero();
    }
}
