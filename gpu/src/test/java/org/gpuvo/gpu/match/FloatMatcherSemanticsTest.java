package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The float matching rules on hand-built descriptors whose distances are known and exact: descriptor "at n" is
 * (n / 512, 0, 0), so the Euclidean distance between "at a" and "at b" is |a - b| in the integer unit of
 * {@link FloatDescriptors#scaledDistance}, computed without rounding.
 */
class FloatMatcherSemanticsTest {

    private static FloatDescriptors at(double... units) {
        FloatDescriptors d = new FloatDescriptors(3);
        d.resize(units.length);
        for (int i = 0; i < units.length; i++)
            d.data[3 * i] = (float) (units[i] / FloatDescriptors.DISTANCE_SCALE);
        return d;
    }

    private static Matches match(ConfigMatch config, FloatDescriptors query, FloatDescriptors train) {
        Matches out = new Matches();
        FactoryMatcher.floatCpu(config).match(query, train, out);
        return out;
    }

    @Test
    void ratioTestKeepsDistinctiveMatchesOnly() {
        Matches kept = match(new ConfigMatch(0.8, false, 1024), at(10), at(0, 12, 20));  // 10, 2, 10
        assertThat(kept.size()).isEqualTo(1);
        assertThat(kept.train[0]).isEqualTo(1);
        assertThat(kept.distance[0]).isEqualTo(2);
        assertThat(kept.secondDistance[0]).isEqualTo(10);
        assertThat(match(new ConfigMatch(0.8, false, 1024), at(10), at(0, 22)).size()).isZero();  // 10 < 9.6
        assertThat(match(new ConfigMatch(0.85, false, 1024), at(10), at(0, 22)).size()).isEqualTo(1);  // 10 < 10.2
    }

    @Test
    void ratioTestIsOnDistancesNotSquaresAndStrict() {
        FloatDescriptors train = at(0, 18), query = at(8);  // best 8, second 10
        assertThat(match(new ConfigMatch(0.7, false, 1024), query, train).size()).isZero();  // 64 < 0.7·100 on squares
        assertThat(match(new ConfigMatch(0.8, false, 1024), query, train).size()).isZero();  // 8 < 8 is false
        assertThat(match(new ConfigMatch(0.81, false, 1024), query, train).size()).isEqualTo(1);
    }

    @Test
    void equalDistancesGoToTheLowerTrainIndexAndFailTheRatioTest() {
        Matches out = match(new ConfigMatch(1.0, false, 1024), at(10), at(20, 0, 0, 20));
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isZero();
        assertThat(out.distance[0]).isEqualTo(10);
        assertThat(out.secondDistance[0]).isEqualTo(10);
        assertThat(match(new ConfigMatch(0.99, false, 1024), at(10), at(20, 0, 0, 20)).size()).isZero();
    }

    @Test
    void singleTrainDescriptorHasNoSecondAndPassesTheRatioTest() {
        Matches out = match(new ConfigMatch(0.5, false, 1024), at(7, 200), at(0));
        assertThat(out.size()).isEqualTo(2);
        assertThat(out.train).startsWith(0, 0);
        assertThat(out.distance).startsWith(7, 200);
        assertThat(out.secondDistance).startsWith(Matches.NO_SECOND, Matches.NO_SECOND);
    }

    @Test
    void maxDistanceIsInclusiveOnTheRoundedScaledDistance() {
        Matches out = match(new ConfigMatch(1.0, false, 40), at(40, 41), at(0));
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
        assertThat(out.distance[0]).isEqualTo(40);
        // 10.5 units rounds half up to 11
        assertThat(match(new ConfigMatch(1.0, false, 1024), at(10.5), at(0)).distance[0]).isEqualTo(11);
        assertThat(match(new ConfigMatch(1.0, false, 10), at(10.5), at(0)).size()).isZero();
        assertThat(match(new ConfigMatch(1.0, false, 11), at(10.5), at(0)).size()).isEqualTo(1);
    }

    @Test
    void mutualCheckKeepsOnlyTheTrainDescriptorsNearestQuery() {
        FloatDescriptors train = at(0, 200), query = at(5, 3, 190);  // queries 0 and 1 both want train 0
        assertThat(match(new ConfigMatch(1.0, false, 1024), query, train).size()).isEqualTo(3);
        Matches mutual = match(new ConfigMatch(1.0, true, 1024), query, train);
        assertThat(mutual.size()).isEqualTo(2);
        assertThat(mutual.query).startsWith(1, 2);
        assertThat(mutual.train).startsWith(0, 1);
    }

    @Test
    void mutualCheckBreaksQueryTiesOnTheLowerQueryIndex() {
        Matches out = match(new ConfigMatch(1.0, true, 1024), at(14, 6, 6), at(10));
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
    }

    @Test
    void mutualCheckLooksAtAllQueriesBeforeFiltering() {
        assertThat(match(new ConfigMatch(1.0, true, 30), at(30, 31), at(0)).size()).isEqualTo(1);
        assertThat(match(new ConfigMatch(1.0, true, 29), at(30, 31), at(0)).size()).isZero();
    }

    @Test
    void searchWindowRestrictsCandidates() {
        FloatDescriptors train = at(0, 8, 100);
        KeyPoints points = new KeyPoints();
        points.add(100, 100, 0, 31, 0, 1);  // train 0: the best descriptor, but outside the window
        points.add(10, 10, 0, 31, 0, 1);    // train 1
        points.add(10, 30, 0, 31, 0, 1);    // train 2: exactly on the window's border
        ConfigMatch config = new ConfigMatch(1.0, false, 1024);
        config.searchRadius = 20;
        Matches out = new Matches();
        FloatDescriptorMatcher matcher = FactoryMatcher.floatCpu(config);

        matcher.matchWithin(at(0), new float[]{10}, new float[]{10}, train, points, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isEqualTo(1);
        assertThat(out.distance[0]).isEqualTo(8);
        assertThat(out.secondDistance[0]).isEqualTo(100);

        matcher.matchWithin(at(0), new float[]{10}, new float[]{40}, train, points, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.train[0]).isEqualTo(2);
        assertThat(out.secondDistance[0]).isEqualTo(Matches.NO_SECOND);

        matcher.matchWithin(at(0), new float[]{500}, new float[]{500}, train, points, out);
        assertThat(out.size()).isZero();
        matcher.matchWithin(at(0), new float[]{Float.NaN}, new float[]{10}, train, points, out);
        assertThat(out.size()).isZero();
    }

    @Test
    void searchWindowMutualCountsOnlyQueriesWhoseWindowHoldsTheTrain() {
        // query 1 is nearer to train 0 in descriptor space but its window does not hold train 0
        FloatDescriptors train = at(0), query = at(5, 1);
        KeyPoints points = new KeyPoints();
        points.add(0, 0, 0, 31, 0, 1);
        ConfigMatch config = new ConfigMatch(1.0, true, 1024);
        config.searchRadius = 10;
        Matches out = new Matches();
        FactoryMatcher.floatCpu(config).matchWithin(query, new float[]{0, 100}, new float[]{0, 100}, train, points, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
        FactoryMatcher.floatCpu(config).match(query, train, out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isEqualTo(1);
    }

    @Test
    void outputIsReplacedNotAppended() {
        Matches out = new Matches();
        out.add(9, 9, 9, 9);
        FactoryMatcher.floatCpu(new ConfigMatch(1.0, false, 1024)).match(at(1), at(0), out);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.query[0]).isZero();
        assertThat(out.hasCoordinates()).isFalse();
    }
}
