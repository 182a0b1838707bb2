package org.gpuvo.app.conformance;

import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.junit.jupiter.api.Test;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SiftMatchQualityTest {
    /** Returns the features the test put beside each image, and counts its calls. */
    static final class ScriptedSource implements SiftSource {
        final Map<GrayImage, SiftFeatures> script = new IdentityHashMap<>();
        int calls;
        boolean closed;

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public String implementation() {
            return "test";
        }

        @Override
        public int firstOctave() {
            return 0;
        }

        @Override
        public void detect(GrayImage image, SiftFeatures out) {
            calls++;
            SiftFeatures f = script.get(image);
            out.keyPoints.clear();
            for (int i = 0; i < f.size(); i++)
                out.keyPoints.addFrom(f.keyPoints, i);
            out.descriptors.resize(f.size());
            System.arraycopy(f.descriptors.data, 0, out.descriptors.data, 0, f.size() * 128);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Features at the given points with descriptor i the unit vector along axis {@code axes[i]}. */
    private static SiftFeatures features(double[][] points, int[] axes) {
        SiftFeatures f = new SiftFeatures();
        f.descriptors.resize(points.length);
        for (int i = 0; i < points.length; i++) {
            f.keyPoints.add((float) points[i][0], (float) points[i][1], 0, 4, 0, 1);
            f.descriptors.data[i * 128 + axes[i]] = 1;
        }
        return f;
    }

    private static final ConfigMatch MATCH = new ConfigMatch(0.8, true, 1 << 20);

    @Test
    void countsMatchesTheGroundTruthCallsCorrectAndReusesRecentImages() {
        Homography shift = Homography.similarity(0, 1, 0, 0, 10, 0);
        GrayImage a = GrayImage.create(8, 8), b = GrayImage.create(8, 8), c = GrayImage.create(8, 8);
        ScriptedSource source = new ScriptedSource();
        // a → b: four features; three move by (10, 0) as the homography says, the fourth lands 5 px off
        source.script.put(a, features(new double[][]{{1, 1}, {2, 2}, {3, 3}, {4, 4}}, new int[]{0, 1, 2, 3}));
        source.script.put(b, features(new double[][]{{11, 1}, {12, 2}, {13, 3}, {19, 4}, {50, 50}}, new int[]{0, 1, 2, 3, 9}));
        // b → c: c has two features; one matches b's third (correct), one is alone
        source.script.put(c, features(new double[][]{{23, 3}, {0, 0}}, new int[]{2, 17}));
        try (SiftMatchQuality quality = new SiftMatchQuality(List.of(source), FactoryMatcher.floatCpu(MATCH))) {
            PairOutcome first = quality.measure(new ImagePair("a", a, "b", b, new HomographyCheck(shift, 2))).get(0);
            assertThat(first).isEqualTo(new PairOutcome(4, 5, 4, 3, 2, first.extractionNanos()));
            assertThat(first.extractionNanos()).isPositive();
            PairOutcome chained = quality.measure(new ImagePair("b", b, "c", c, new HomographyCheck(shift, 2))).get(0);
            assertThat(chained).isEqualTo(new PairOutcome(5, 2, 1, 1, 1, chained.extractionNanos()));
            // a view of c again: c is reused, only the new image is extracted
            PairOutcome view = quality.measure(new ImagePair("c", c, "c~view", c, new HomographyCheck(shift, 2))).get(0);
            assertThat(view.imagesExtracted()).isEqualTo(1);
            assertThat(view.correct()).isZero();   // identical points, but the check expects them 10 px right
            assertThat(source.calls).isEqualTo(4);
        }
        assertThat(source.closed).isTrue();
    }

    @Test
    void anImageWithoutFeaturesGivesNoMatches() {
        GrayImage a = GrayImage.create(8, 8), b = GrayImage.create(8, 8);
        ScriptedSource source = new ScriptedSource();
        source.script.put(a, features(new double[][]{{1, 1}}, new int[]{0}));
        source.script.put(b, new SiftFeatures());
        try (SiftMatchQuality quality = new SiftMatchQuality(List.of(source), FactoryMatcher.floatCpu(MATCH))) {
            PairOutcome o = quality.measure(new ImagePair("a", a, "b", b,
                    new HomographyCheck(Homography.similarity(0, 1, 0, 0, 0, 0), 2))).get(0);
            assertThat(o).isEqualTo(new PairOutcome(1, 0, 0, 0, 2, o.extractionNanos()));
        }
    }

    @Test
    void figuresPoolPairsAndTheBarComparesCorrectMatchesAndPrecision() {
        ScriptedSource source = new ScriptedSource();
        PairSetTally tally = new PairSetTally("consecutive", "sampson_distance", 1.0, List.of(source));
        tally.add(List.of(new PairOutcome(100, 120, 50, 40, 2, 4_000_000)));
        tally.add(List.of(new PairOutcome(120, 80, 30, 29, 1, 2_000_000)));
        PairSetFigures set = tally.figures();
        assertThat(set.pairs()).isEqualTo(2);
        ExtractorFigures f = set.extractors().get(0);
        assertThat(f.extractor()).isEqualTo("scripted_o0");
        assertThat(f.featuresPerImage()).isCloseTo(420 / 4.0, within(1e-12));
        assertThat(f.precision()).isCloseTo(69 / 80.0, within(1e-12));
        assertThat(f.millisPerImage()).isCloseTo(2.0, within(1e-12));
        assertThat(ExtractorFigures.none(source).precision()).isNaN();
        assertThatThrownBy(() -> tally.add(List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThat(set.outcomes()).hasSize(2);
        assertThat(set.outcomes().get(1).get(0).correct()).isEqualTo(29);
        assertThat(set.differenceSpread("scripted_o0", "scripted_o0").correct()).as("against itself").isZero();
        assertThatThrownBy(() -> set.differenceSpread("scripted_o0", "absent"))
                .isInstanceOf(IllegalArgumentException.class);

        ExtractorFigures reference = figures(100, 90);   // precision 0.9
        assertThat(ExtractorFigures.atLeastAsGood(figures(100, 90), reference)).isTrue();
        assertThat(ExtractorFigures.atLeastAsGood(figures(200, 180), reference)).isTrue();
        assertThat(ExtractorFigures.atLeastAsGood(figures(120, 89), reference)).as("fewer correct").isFalse();
        assertThat(ExtractorFigures.atLeastAsGood(figures(120, 100), reference)).as("lower precision").isFalse();
        assertThat(ExtractorFigures.atLeastAsGood(figures(0, 0), figures(0, 0))).isTrue();
        assertThat(ExtractorFigures.atLeastAsGood(figures(0, 0), figures(5, 0))).as("no matches at all").isFalse();
    }

    private static ExtractorFigures figures(long matches, long correct) {
        return new ExtractorFigures("x", "x", "x", 0, 1, 10, matches, correct, 1, 1);
    }
}
