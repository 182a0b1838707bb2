package org.gpuvo.app.features;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MotionAgreementTest {
    @Test
    void matchesAgreeWithAMotionWhenTheMovedQueryLandsWithinTwoPixels() {
        Homography shift = Homography.similarity(0, 1, 0, 0, 10, 0);
        KeyPoints query = new KeyPoints(), train = new KeyPoints();
        query.add(5, 5, 0, 31, 0, 1);
        query.add(50, 50, 0, 31, 0, 1);
        train.add(16.5f, 5, 0, 31, 0, 1);
        train.add(63f, 50, 0, 31, 0, 1);
        Matches m = new Matches();
        m.add(0, 0, 3, Matches.NO_SECOND);
        m.add(1, 1, 3, Matches.NO_SECOND);
        boolean[] agree = MotionAgreement.agreeing(m, query, train, shift);
        assertThat(agree).containsExactly(true, false);
        assertThat(MotionAgreement.count(agree)).isEqualTo(1);
    }
}
