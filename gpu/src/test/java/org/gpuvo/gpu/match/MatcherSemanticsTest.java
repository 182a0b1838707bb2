package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The matching rules on hand-built descriptors whose distances are known: descriptor "bits n" has its lowest
 * {@code n} bits set, so the distance between "bits a" and "bits b" is |a - b|.
 */
class MatcherSemanticsTest {

    private static Descriptors bits(int... counts) {
        Descriptors d = Descriptors.orb();
        d.resize(counts.length);
        for (int i = 0; i < counts.length; i++)
            for (int b = 0; b < counts[i]; b++)
                d.data[i * 32 + b / 8] |= (byte) (1 << (b % 8));
        return d;
    }

    private static Matches match(ConfigMatch config, Descriptors query, Descriptors train) {
        Matches out = new Matches();
        FactoryMatcher.cpu(config).match(query, train, out);
        return out;
    }

    @Test
    void ratioTestKeepsDistinctiveMatchesOnly() {
        Descriptors train = bits(0, 12, 20);
        Descriptors query = bits(10);  // distances 10, 2, 10: best 2 (train 1), second 10, 2 < 0.8·10: kept
        Matches kept = match(new ConfigMatch(0.8, false, 256), query, train);
        assertThat(kept.size()).isEqualTo(1);
        assertThat(kept.train[0]).isEqualTo(1);
        assertThat(kept.distance[0]).isEqualTo(2);
        assertThat(kept.secondDistance[0]).isEqualTo(10);

        Descriptors ambiguousTrain = bits(0, 22);  // best 10, second 12
        assertThat(match(new ConfigMatch(0.8, false, 256), query, ambiguousTrain).size()).isZero();  // 10 < 9.6
        assertThat(match(new ConfigMatch(0.85, false, 256), query, ambiguousTrain).size()).isEqualTo(1);  // 10 < 10.2
    }

    @Test
    void ratioTestIsStrict() {
        Descriptors train = bits(0, 25);
        Descriptors query = bits(10);  // best 10, second 15: 10 < 0.6666...*15 = 10 is false at ratio 2/3
        assertThat(match(new ConfigMatch(0.6, false, 256), query, train).size()).isZero();
        assertThat(match(new ConfigMatch(0.67, false, 256), query, train).size()).isEqualTo(1);
    }

    @Test
    void equalDistancesGoToTheLowerTrainIndexAndFailTheRatioTest() {
        Descriptors train = bits(20, 0, 0, 20);
        Descriptors query = bits(10);  // all four at distance 10
        Matches out = match(new ConfigMatch(1.0, false, 256), query, train);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isZero();
        assertThat(out.distance[0]).isEqualTo(10);
        assertThat(out.secondDistance[0]).isEqualTo(10);
        assertThat(match(new ConfigMatch(0.99, false, 256), query, train).size()).isZero();
    }

    @Test
    void singleTrainDescriptorHasNoSecondAndPassesTheRatioTest() {
        Matches out = match(new ConfigMatch(0.5, false, 256), bits(7, 200), bits(0));
        assertThat(out.size()).isEqualTo(2);
        assertThat(out.train).startsWith(0, 0);
        assertThat(out.distance).startsWith(7, 200);
        assertThat(out.secondDistance).startsWith(Matches.NO_SECOND, Matches.NO_SECOND);
    }

    @Test
    void maxDistanceIsInclusive() {
        Descriptors train = bits(0);
        Descriptors query = bits(40, 41);
        Matches out = match(new ConfigMatch(1.0, false, 40), query, train);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
        assertThat(out.distance[0]).isEqualTo(40);
    }

    @Test
    void mutualCheckKeepsOnlyTheTrainDescriptorsNearestQuery() {
        Descriptors train = bits(0, 200);
        Descriptors query = bits(5, 3, 190);  // queries 0 and 1 both want train 0; query 1 is nearer
        Matches plain = match(new ConfigMatch(1.0, false, 256), query, train);
        assertThat(plain.size()).isEqualTo(3);

        Matches mutual = match(new ConfigMatch(1.0, true, 256), query, train);
        assertThat(mutual.size()).isEqualTo(2);
        assertThat(mutual.query).startsWith(1, 2);
        assertThat(mutual.train).startsWith(0, 1);
    }

    @Test
    void mutualCheckBreaksQueryTiesOnTheLowerQueryIndex() {
        Descriptors train = bits(10);
        Descriptors query = bits(14, 6, 6);  // all at distance 4 from train 0
        Matches out = match(new ConfigMatch(1.0, true, 256), query, train);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
    }

    @Test
    void mutualCheckLooksAtAllQueriesBeforeFiltering() {
        // query 0 is train 0's nearest but is dropped by maxDistance; query 1 still fails the mutual check,
        // as with OpenCV's cross check followed by a distance filter
        Descriptors train = bits(0);
        Descriptors query = bits(30, 31);
        assertThat(match(new ConfigMatch(1.0, true, 30), query, train).size()).isEqualTo(1);
        assertThat(match(new ConfigMatch(1.0, true, 29), query, train).size()).isZero();
    }

    @Test
    void searchWindowRestrictsCandidates() {
        Descriptors train = bits(0, 8, 100);
        KeyPoints points = new KeyPoints();
        points.add(100, 100, 0, 31, 0, 1);  // train 0: the best descriptor, but outside the window
        points.add(10, 10, 0, 31, 0, 1);    // train 1
        points.add(10, 30, 0, 31, 0, 1);    // train 2: exactly on the window's border
        Descriptors query = bits(0);
        ConfigMatch config = new ConfigMatch(1.0, false, 256);
        config.searchRadius = 20;
        Matches out = new Matches();
        DescriptorMatcher matcher = FactoryMatcher.cpu(config);

        matcher.matchWithin(query, new float[]{10}, new float[]{10}, train, points, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isEqualTo(1);
        assertThat(out.distance[0]).isEqualTo(8);
        assertThat(out.secondDistance[0]).isEqualTo(100);

        matcher.matchWithin(query, new float[]{10}, new float[]{40}, train, points, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isEqualTo(2);
        assertThat(out.secondDistance[0]).isEqualTo(Matches.NO_SECOND);

        matcher.matchWithin(query, new float[]{500}, new float[]{500}, train, points, out);
        assertThat(out.size()).isZero();

        matcher.matchWithin(query, new float[]{Float.NaN}, new float[]{10}, train, points, out);
        assertThat(out.size()).isZero();
    }

    @Test
    void searchWindowCoversEveryCandidateWhenLarge() {
        Descriptors train = bits(0, 8, 100);
        KeyPoints points = new KeyPoints();
        points.add(100, 100, 0, 31, 0, 1);
        points.add(10, 10, 0, 31, 0, 1);
        points.add(1e6f, -1e6f, 0, 31, 0, 1);  // far away points must not blow up the grid
        ConfigMatch config = new ConfigMatch(1.0, false, 256);
        config.searchRadius = 5e6;
        Matches within = new Matches(), all = new Matches();
        DescriptorMatcher matcher = FactoryMatcher.cpu(config);
        Descriptors query = bits(3, 90);
        matcher.matchWithin(query, new float[]{0, 0}, new float[]{0, 0}, train, points, within);
        matcher.match(query, train, all);
        MatcherAgainstNaiveTest.assertSameMatches(within, all);
    }

    @Test
    void extremeCoordinatesAreHandled() {
        Descriptors train = bits(0, 8, 100);
        KeyPoints points = new KeyPoints();
        points.add(-Float.MAX_VALUE, -Float.MAX_VALUE, 0, 31, 0, 1);
        points.add(10, 10, 0, 31, 0, 1);
        points.add(Float.MAX_VALUE, Float.MAX_VALUE, 0, 31, 0, 1);
        ConfigMatch config = new ConfigMatch(1.0, false, 256);
        config.searchRadius = 1e-3;
        Matches out = new Matches();
        DescriptorMatcher matcher = FactoryMatcher.cpu(config);
        matcher.matchWithin(bits(0, 0), new float[]{10, Float.MAX_VALUE}, new float[]{10, Float.MAX_VALUE},
                train, points, out);
        assertThat(out.size()).isEqualTo(2);
        assertThat(out.train).startsWith(1, 2);
    }

    @Test
    void outputIsReplacedNotAppended() {
        Matches out = new Matches();
        out.add(9, 9, 9, 9);
        FactoryMatcher.cpu(new ConfigMatch(1.0, false, 256)).match(bits(1), bits(0), out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
    }
}
