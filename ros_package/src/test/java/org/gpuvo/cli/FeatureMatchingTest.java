package org.gpuvo.cli;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.match.ConfigMatch;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FeatureMatchingTest {
    /** Descriptors whose first {@code ones[i]} bits are set: distances are differences of those counts. */
    private static Descriptors withLeadingOnes(int... ones) {
        Descriptors d = Descriptors.orb();
        d.resize(ones.length);
        for (int i = 0; i < ones.length; i++)
            for (int bit = 0; bit < ones[i]; bit++)
                d.data[i * Descriptors.ORB_BYTES + bit / 8] |= (byte) (1 << (bit % 8));
        return d;
    }

    @Test
    void eachQueryGetsItsNearestTrainWhenItPassesTheRatioTest() {
        Descriptors query = withLeadingOnes(0, 100, 50);
        Descriptors train = withLeadingOnes(101, 2, 200);
        Matches m = FeatureMatching.match(query, train, new ConfigMatch());
        // 0 → train 1 (2 vs 99 bits); 100 → train 0 (1 vs 98); 50 → train 1 at 48 vs 51: ambiguous, rejected
        assertThat(m.size()).isEqualTo(2);
        assertThat(new int[]{m.query[0], m.train[0], m.distance[0]}).containsExactly(0, 1, 2);
        assertThat(new int[]{m.query[1], m.train[1], m.distance[1]}).containsExactly(1, 0, 1);
    }

    @Test
    void ratioOneKeepsAmbiguousMatchesAndMaxDistanceDropsFarOnes() {
        Descriptors query = withLeadingOnes(0, 100, 50);
        Descriptors train = withLeadingOnes(101, 2, 200);
        ConfigMatch all = new ConfigMatch();
        all.ratio = 1;
        assertThat(FeatureMatching.match(query, train, all).size()).isEqualTo(3);
        all.maxDistance = 10;
        assertThat(FeatureMatching.match(query, train, all).size()).isEqualTo(2);
    }

    @Test
    void theMutualCheckDropsMatchesTheTrainSideDisagreesWith() {
        Descriptors query = withLeadingOnes(10, 12);
        Descriptors train = withLeadingOnes(11, 100);
        ConfigMatch config = new ConfigMatch();
        config.ratio = 1;
        assertThat(FeatureMatching.match(query, train, config).size()).isEqualTo(2);
        config.mutual = true;
        Matches m = FeatureMatching.match(query, train, config);
        // both queries pick train 0; train 0's nearest is query 0 (1 bit; ties keep the first)
        assertThat(m.size()).isEqualTo(1);
        assertThat(m.query[0]).isZero();
    }

    @Test
    void emptySetsGiveNoMatches() {
        assertThat(FeatureMatching.match(Descriptors.orb(), withLeadingOnes(1, 2), new ConfigMatch()).size()).isZero();
        assertThat(FeatureMatching.match(withLeadingOnes(1, 2), Descriptors.orb(), new ConfigMatch()).size()).isZero();
    }

    @Test
    void matchesAgreeWithAMotionWhenTheMovedQueryLandsWithinTwoPixels() {
        Homography shift = Homography.similarity(0, 1, 0, 0, 10, 0);
        KeyPoints query = new KeyPoints(), train = new KeyPoints();
        query.add(5, 5, 0, 31, 0, 1);
        query.add(50, 50, 0, 31, 0, 1);
        train.add(16.5f, 5, 0, 31, 0, 1);
        train.add(63f, 50, 0, 31, 0, 1);
        Matches m = new Matches();
        m.add(0, 0, 3);
        m.add(1, 1, 3);
        boolean[] agree = MotionAgreement.agreeing(m, query, train, shift);
        assertThat(agree).containsExactly(true, false);
        assertThat(MotionAgreement.count(agree)).isEqualTo(1);
    }
}
