package org.gpuvo.gpu.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Random;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.testdata.RandomDescriptors;
import org.junit.jupiter.api.Test;

/**
 * Bad and degenerate input to a CPU matcher of one kind of descriptors: a clear {@link IllegalArgumentException},
 * or an empty result where that is right. A subclass per kind says how its matcher and descriptors are made.
 *
 * @param <D> the descriptors
 */
abstract class HostMatcherInputTest<D> {
    final Random random = new Random(7);
    final D three = descriptors(random, 3);
    final KeyPoints threePoints = RandomDescriptors.keyPoints(random, 3, 100, 100);
    final float[] threeCoordinates = {1, 2, 3};
    final HostMatcher<D> matcher = matcher(new ConfigMatch());

    /** The CPU matcher of this kind, through its factory. */
    abstract HostMatcher<D> matcher(ConfigMatch config);

    /** {@code n} random descriptors of the kind's usual length. */
    abstract D descriptors(Random random, int n);

    /** Three random descriptors of another length, and both lengths as the message gives them. */
    abstract D otherLength(Random random);

    abstract String[] lengths();

    abstract D empty();

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
        assertThatThrownBy(() -> matcher(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("config");
    }

    @Test
    void descriptorLengthsMustAgree() {
        D other = otherLength(random);
        assertThatThrownBy(() -> matcher.match(three, other, new Matches()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(lengths()[0])
                .hasMessageContaining(lengths()[1]);
    }

    @Test
    void windowArraysMustCoverTheSets() {
        Matches out = new Matches();
        float[] two = {1, 2};
        assertThatThrownBy(() -> matcher.matchWithin(three, two, threeCoordinates, three, threePoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 x")
                .hasMessageContaining("3 query");
        assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, two, three, threePoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 y");
        KeyPoints twoPoints = RandomDescriptors.keyPoints(random, 2, 100, 100);
        assertThatThrownBy(() -> matcher.matchWithin(three, threeCoordinates, threeCoordinates, three, twoPoints, out))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 train keypoints");
    }

    @Test
    void invalidConfigurationsAreRejected() {
        assertThatThrownBy(() -> matcher(new ConfigMatch(0, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> matcher(new ConfigMatch(1.5, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> matcher(new ConfigMatch(Double.NaN, false, 256)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ratio");
        assertThatThrownBy(() -> matcher(new ConfigMatch(0.8, false, -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDistance");
        for (double radius : new double[]{0, -3, Double.NaN, Double.POSITIVE_INFINITY}) {
            ConfigMatch c = new ConfigMatch();
            c.searchRadius = radius;
            assertThatThrownBy(() -> matcher(c))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("searchRadius");
        }
    }

    @Test
    void matcherKeepsItsOwnCopyOfTheConfiguration() {
        ConfigMatch config = new ConfigMatch(0.5, false, 256);
        HostMatcher<D> m = matcher(config);
        config.ratio = 1.0;
        assertThat(m.config().ratio).isEqualTo(0.5);
        assertThat(m.backend()).isEqualTo("cpu");
    }

    @Test
    void emptySetsGiveNoMatches() {
        D empty = empty();
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
