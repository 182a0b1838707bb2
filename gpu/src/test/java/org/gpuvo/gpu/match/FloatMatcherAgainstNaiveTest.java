package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.testdata.RandomDescriptors;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The optimised FP32 float matcher gives exactly the naive reference's matches on seeded random sets. */
class FloatMatcherAgainstNaiveTest {

    static Stream<Arguments> cases() {
        ConfigMatch[] configs = {
                new ConfigMatch(1.0, false, 1024),
                new ConfigMatch(0.8, false, 1024),
                new ConfigMatch(0.7, true, 1024),
                new ConfigMatch(1.0, true, 300),
                new ConfigMatch(0.9, false, 250),
        };
        int[] lengths = {128, 64, 5, 131};
        return IntStream.range(0, 8).boxed().flatMap(seed ->
                IntStream.range(0, configs.length).mapToObj(c ->
                        Arguments.of(seed, configs[c], lengths[(seed + c) % lengths.length])));
    }

    /** Query sets of noisy copies of train descriptors and independent ones; set sizes straddle the block size. */
    private static FloatDescriptors[] sets(Random random, int length, int nq, int nt) {
        FloatDescriptors train = length == FloatDescriptors.SIFT_LENGTH
                ? RandomSiftDescriptors.realLike(random, nt, 20, 0.5) : RandomSiftDescriptors.siftLike(random, nt, length);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, nq, 0.3, 0.5);
        return new FloatDescriptors[]{query, train};
    }

    @ParameterizedTest(name = "seed {0}, {1}, length {2}")
    @MethodSource("cases")
    void exhaustiveMatchesEqualReference(int seed, ConfigMatch config, int length) {
        Random random = new Random(seed);
        FloatDescriptors[] s = sets(random, length, 1 + random.nextInt(300), 1 + random.nextInt(300));
        Matches actual = new Matches();
        FactoryMatcher.floatCpu(config).match(s[0], s[1], actual);
        MatcherAgainstNaiveTest.assertSameMatches(actual, new NaiveMatcher(config).match(s[0], s[1]));
    }

    @ParameterizedTest(name = "seed {0}, {1}, length {2}")
    @MethodSource("cases")
    void windowedMatchesEqualReference(int seed, ConfigMatch base, int length) {
        Random random = new Random(1000 + seed);
        ConfigMatch config = base.copy();
        config.searchRadius = 10 + random.nextInt(120);
        int nq = 1 + random.nextInt(400), nt = 1 + random.nextInt(400);
        FloatDescriptors[] s = sets(random, length, nq, nt);
        RandomWindow w = RandomWindow.of(random, nq, nt);
        Matches actual = new Matches();
        FactoryMatcher.floatCpu(config).matchWithin(s[0], w.px(), w.py(), s[1], w.trainPoints(), actual);
        MatcherAgainstNaiveTest.assertSameMatches(actual,
                new NaiveMatcher(config).matchWithin(s[0], w.px(), w.py(), s[1], w.trainPoints()));
    }

    /**
     * 8-bit-like descriptors (multiples of 1/512) and exact duplicates: many exactly equal distances, where only
     * the lower-index rules decide; with and without a window.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void tiesAndDuplicatesEqualReference(int seed) {
        Random random = new Random(50 + seed);
        FloatDescriptors train = RandomSiftDescriptors.quantised(RandomSiftDescriptors.realLike(random, 400, 8, 0.9));
        for (int i = 0; i < 100; i++)  // duplicates of other rows, both before and after their source
            train.move(random.nextInt(400), random.nextInt(400));
        FloatDescriptors query = RandomSiftDescriptors.quantised(RandomSiftDescriptors.noisyCopies(random, train, 300, 0.05, 0.8));
        for (int i = 0; i < 60; i++)
            System.arraycopy(train.data, random.nextInt(400) * 128, query.data, random.nextInt(300) * 128, 128);
        KeyPoints points = RandomDescriptors.keyPoints(random, 400, 200, 200);
        float[] px = new float[300], py = new float[300];
        for (int i = 0; i < 300; i++) {
            px[i] = random.nextFloat() * 200;
            py[i] = random.nextFloat() * 200;
        }
        for (ConfigMatch config : new ConfigMatch[]{new ConfigMatch(1.0, true, 1024), new ConfigMatch(0.9, false, 1024),
                new ConfigMatch(1.0, false, 60)}) {
            config.searchRadius = 50;
            FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(config);
            NaiveMatcher naive = new NaiveMatcher(config);
            Matches actual = new Matches();
            matcher.match(query, train, actual);
            MatcherAgainstNaiveTest.assertSameMatches(actual, naive.match(query, train));
            matcher.matchWithin(query, px, py, train, points, actual);
            MatcherAgainstNaiveTest.assertSameMatches(actual, naive.matchWithin(query, px, py, train, points));
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void reusedMatcherGivesTheSameAsAFreshOne(int seed) {
        Random random = new Random(seed);
        ConfigMatch config = new ConfigMatch(0.8, true, 1024);
        FloatDescriptorMatcher reused = FactoryMatcher.floatCpu(config);
        Matches out = new Matches();
        for (int round = 0; round < 6; round++) {
            FloatDescriptors train = RandomSiftDescriptors.siftLike(random, random.nextInt(500));
            FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, random.nextInt(500), 0.2, 0.5);
            reused.match(query, train, out);
            Matches fresh = new Matches();
            FactoryMatcher.floatCpu(config).match(query, train, fresh);
            MatcherAgainstNaiveTest.assertSameMatches(out, fresh);
        }
    }

    /** The distances reported are those of FloatDescriptors.squaredDistance, scaled and rounded. */
    @Test
    void distancesAreTheScaledEuclideanDistances() {
        Random random = new Random(3);
        FloatDescriptors train = RandomSiftDescriptors.siftLike(random, 200);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, 100, 0.2, 0.7);
        Matches out = new Matches();
        FactoryMatcher.floatCpu(new ConfigMatch(1.0, false, 1024)).match(query, train, out);
        assertThat(out.size()).isEqualTo(100);
        for (int i = 0; i < out.size(); i++) {
            double euclid = Math.sqrt(query.squaredDistance(out.query[i], train, out.train[i]));
            assertThat(out.distance[i]).isEqualTo((int) Math.round(euclid * 512));
            assertThat(out.secondDistance[i]).isGreaterThanOrEqualTo(out.distance[i]);
        }
    }

    static IntStream seeds() {
        return IntStream.range(0, 5);
    }
}
