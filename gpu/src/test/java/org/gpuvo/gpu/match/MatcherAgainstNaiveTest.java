package org.gpuvo.gpu.match;

import org.gpuvo.gpu.testdata.RandomDescriptors;

import org.gpuvo.gpu.features.Descriptors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The optimised matcher gives exactly the naive reference's matches on seeded random descriptor sets. */
class MatcherAgainstNaiveTest {

    static Stream<Arguments> cases() {
        ConfigMatch[] configs = {
                new ConfigMatch(1.0, false, 256),
                new ConfigMatch(0.8, false, 256),
                new ConfigMatch(0.7, true, 256),
                new ConfigMatch(1.0, true, 60),
                new ConfigMatch(0.9, false, 40),
        };
        int[] lengths = {32, 16, 61, 8};
        return IntStream.range(0, 12).boxed().flatMap(seed ->
                IntStream.range(0, configs.length).mapToObj(c ->
                        Arguments.of(seed, configs[c], lengths[(seed + c) % lengths.length])));
    }

    @ParameterizedTest(name = "seed {0}, {1}, {2} bytes")
    @MethodSource("cases")
    void exhaustiveMatchesEqualReference(int seed, ConfigMatch config, int bytes) {
        Random random = new Random(seed);
        Descriptors train = RandomDescriptors.uniform(random, 1 + random.nextInt(300), bytes);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 1 + random.nextInt(300), bytes * 2);

        Matches actual = new Matches();
        FactoryMatcher.cpu(config).match(query, train, actual);

        assertSameMatches(actual, new NaiveMatcher(config).match(query, train));
    }

    @ParameterizedTest(name = "seed {0}, {1}, {2} bytes")
    @MethodSource("cases")
    void windowedMatchesEqualReference(int seed, ConfigMatch base, int bytes) {
        Random random = new Random(1000 + seed);
        ConfigMatch config = base.copy();
        config.searchRadius = 10 + random.nextInt(120);
        int nt = 1 + random.nextInt(400), nq = 1 + random.nextInt(400);
        Descriptors train = RandomDescriptors.uniform(random, nt, bytes);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, bytes * 2);
        RandomWindow w = RandomWindow.of(random, nq, nt);

        Matches actual = new Matches();
        FactoryMatcher.cpu(config).matchWithin(query, w.px(), w.py(), train, w.trainPoints(), actual);

        assertSameMatches(actual,
                new NaiveMatcher(config).matchWithin(query, w.px(), w.py(), train, w.trainPoints()));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("org.gpuvo.gpu.match.MatcherAgainstNaiveTest#seeds")
    void reusedMatcherGivesTheSameAsAFreshOne(int seed) {
        Random random = new Random(seed);
        ConfigMatch config = new ConfigMatch(0.8, true, 256);
        DescriptorMatcher reused = FactoryMatcher.cpu(config);
        Matches out = new Matches();
        for (int round = 0; round < 6; round++) {
            Descriptors train = RandomDescriptors.uniform(random, random.nextInt(500), 32);
            Descriptors query = RandomDescriptors.noisyCopies(random, train, random.nextInt(500), 40);
            reused.match(query, train, out);
            Matches fresh = new Matches();
            FactoryMatcher.cpu(config).match(query, train, fresh);
            assertSameMatches(out, fresh);
        }
    }

    static IntStream seeds() {
        return IntStream.range(0, 5);
    }

    static void assertSameMatches(Matches actual, Matches expected) {
        assertThat(actual.size()).as("match count").isEqualTo(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            int m = i;
            assertThat(new int[]{actual.query[m], actual.train[m], actual.distance[m], actual.secondDistance[m]})
                    .as("match %d (query, train, distance, second)", m)
                    .containsExactly(expected.query[m], expected.train[m], expected.distance[m],
                            expected.secondDistance[m]);
        }
    }
}
