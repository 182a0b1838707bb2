package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class PairGroupFiguresTest {
    private static final String HOMOGRAPHY = "homography_transfer_distance";

    /** Two warp sets of two pairs each: the pooled sums, and a spread drawn set by set. */
    @Test
    void poolsTheSetsAndDrawsEachSetsPairsFromIt() {
        // rotation: gpuvo is 10 correct matches ahead on one pair, even on the other; blur: even on both
        PairSetFigures rotation = set("rotation_15", HOMOGRAPHY, 2.0,
                pair(outcome(30, 30, 1), outcome(20, 20, 1)), pair(outcome(20, 20, 1), outcome(20, 20, 1)));
        PairSetFigures blur = set("blur_1", HOMOGRAPHY, 2.0,
                pair(outcome(20, 18, 2), outcome(20, 18, 1)), pair(outcome(20, 19, 0), outcome(20, 19, 2)));
        PairGroupFigures warped = new PairGroupFigures("warped", List.of(rotation, blur));
        assertThat(warped.pairs()).isEqualTo(4);
        assertThat(warped.criterion()).isEqualTo(HOMOGRAPHY);
        ExtractorFigures gpuvo = warped.extractors().get(0), opencv = warped.extractors().get(1);
        assertThat(gpuvo.extractor()).isEqualTo("gpuvo_o-1");
        assertThat(gpuvo.pairs()).isEqualTo(4);
        assertThat(gpuvo.matches()).isEqualTo(90);
        assertThat(gpuvo.correct()).isEqualTo(87);
        assertThat(gpuvo.imagesExtracted()).isEqualTo(4);
        assertThat(opencv.correct()).isEqualTo(77);
        // only the rotation set's pairs vary: 10 · √(1/2), not the 8.66 of drawing from all four pairs
        assertThat(warped.differenceSpread("gpuvo_o-1", "opencv_o-1").correct())
                .isCloseTo(10 * Math.sqrt(0.5), within(0.3));
        assertThat(rotation.differenceSpread("gpuvo_o-1", "opencv_o-1"))
                .isEqualTo(PairGroupFigures.of(rotation).differenceSpread("gpuvo_o-1", "opencv_o-1"));
    }

    @Test
    void setsOfOtherCriteriaOrImplementationsDoNotPool() {
        PairSetFigures warp = set("rotation_15", HOMOGRAPHY, 2.0, pair(outcome(10, 9, 2), outcome(10, 8, 2)));
        PairSetFigures chain = set("consecutive", "sampson_distance", 1.0, pair(outcome(10, 9, 2), outcome(10, 8, 2)));
        assertThatThrownBy(() -> new PairGroupFigures("mixed", List.of(warp, chain)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mixes");
        PairSetFigures other = new PairSetFigures("blur_1", HOMOGRAPHY, 2.0, List.of(
                new ExtractorFigures("boofcv_o0", "boofcv", "b", 0, 0, 0, 0, 0, 0, 0),
                new ExtractorFigures("opencv_o-1", "opencv", "o", -1, 0, 0, 0, 0, 0, 0)));
        assertThatThrownBy(() -> new PairGroupFigures("warped", List.of(warp, other)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("implementations");
        assertThatThrownBy(() -> new PairGroupFigures("empty", List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> warp.extractors().get(0).plus(warp.extractors().get(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A set of gpuvo's and OpenCV's outcomes, pair by pair, tallied as the conformance command does. */
    @SafeVarargs
    private static PairSetFigures set(String name, String criterion, double tolerance, List<PairOutcome>... pairs) {
        PairSetTally tally = new PairSetTally(name, criterion, tolerance, List.of(source("gpuvo"), source("opencv")));
        for (List<PairOutcome> pair : pairs)
            tally.add(pair);
        return tally.figures();
    }

    private static List<PairOutcome> pair(PairOutcome gpuvo, PairOutcome opencv) {
        return List.of(gpuvo, opencv);
    }

    private static PairOutcome outcome(int matches, int correct, int imagesExtracted) {
        return new PairOutcome(100, 100, matches, correct, imagesExtracted, 1_000_000);
    }

    private static SiftSource source(String name) {
        return new SiftSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String implementation() {
                return name + " (test)";
            }

            @Override
            public int firstOctave() {
                return -1;
            }

            @Override
            public void detect(GrayImage image, SiftFeatures out) {
                throw new UnsupportedOperationException("figures only");
            }
        };
    }
}
