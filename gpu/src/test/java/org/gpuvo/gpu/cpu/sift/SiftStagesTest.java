package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The small stages on their own: angles, orientation peaks, rounding, ordering. */
class SiftStagesTest {

    @Test
    void gradientAngleIsAtan2WithinAMicroradian() {
        Random random = new Random(3);
        double worst = 0;
        for (int i = 0; i < 200000; i++) {
            float gx = (float) random.nextGaussian() * (i % 3 == 0 ? 1e-4f : 1f);
            float gy = (float) random.nextGaussian();
            if (i % 7 == 0)
                gy = 0;
            if (i % 11 == 0)
                gx = 0;
            if (gx == 0 && gy == 0)
                continue;
            float a = GradientAngle.of(gy, gx);
            assertThat(a).isGreaterThanOrEqualTo(0f).isLessThan(GradientAngle.TWO_PI);
            double exact = Math.atan2(gy, gx);
            if (exact < 0)
                exact += 2 * Math.PI;
            double d = Math.abs(a - exact);
            worst = Math.max(worst, Math.min(d, 2 * Math.PI - d));
        }
        assertThat(worst).isLessThan(1e-6);
        assertThat(GradientAngle.of(0, 0)).isZero();
        assertThat(GradientAngle.of(0, -1)).isEqualTo((float) Math.PI);
        assertThat(GradientAngle.of(1, 0)).isEqualTo((float) (Math.PI / 2));
        assertThat(GradientAngle.of(-1e-30f, 1)).isZero();
    }

    /** A linear ramp has one gradient direction everywhere: one orientation, that direction. */
    @ParameterizedTest
    @ValueSource(doubles = {0, 4.9, 5, 45, 93.3, 180, 271.7, 359.9})
    void aRampHasTheOrientationOfItsGradient(double degrees) {
        int w = 64, h = 64;
        float[] plane = new float[w * h];
        double c = Math.cos(Math.toRadians(degrees)), s = Math.sin(Math.toRadians(degrees));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                plane[y * w + x] = (float) (0.5 + 0.004 * (c * (x - 32) + s * (y - 32)));
        SiftOctave octave = new SiftOctave(0, w, h, 0f, new float[][]{plane});
        float[] angles = new float[4];
        int n = new OrientationHistogram(0.8, 4).compute(octave, 0, 31.7f, 30.2f, 2.5f, angles);
        assertThat(n).isEqualTo(1);
        // one direction votes into two neighbouring bins; the smoothed histogram's parabola puts its peak within
        // a fraction of a degree of it
        assertThat(SiftAgreement.angleDifference(angles[0], degrees)).isLessThan(0.6);
    }

    @Test
    void peaksAboveTheRatioHighestFirstEqualHeightsLowerBinFirst() {
        float[] hist = new float[36];
        hist[4] = 0.5f;
        hist[5] = 1f;
        hist[6] = 0.5f; // symmetric: exactly bin 5's centre, 55°
        hist[19] = 0.4f;
        hist[20] = 0.85f;
        hist[21] = 0.4f;
        hist[29] = 0.3f;
        hist[30] = 0.7f; // below 0.8 of the highest
        hist[31] = 0.3f;
        float[] angles = new float[4];
        OrientationHistogram histogram = new OrientationHistogram(0.8, 4);
        assertThat(histogram.peaksOf(hist, angles)).isEqualTo(2);
        assertThat(angles[0]).isEqualTo(55f);
        assertThat(angles[1]).isEqualTo(205f);
        assertThat(new OrientationHistogram(0.8, 1).peaksOf(hist, angles)).isEqualTo(1);
        assertThat(new OrientationHistogram(0.65, 4).peaksOf(hist, angles)).isEqualTo(3);
        hist[20] = 1f;
        assertThat(histogram.peaksOf(hist, angles)).isEqualTo(2);
        assertThat(angles[0]).as("equal peaks: the lower bin first").isEqualTo(55f);
        // two equal bins are one peak at their common edge: bins 35 and 0 meet at 360°, which is 0°
        float[] wrap = new float[36];
        wrap[34] = 0.2f;
        wrap[35] = 1f;
        wrap[0] = 1f;
        wrap[1] = 0.3f;
        assertThat(histogram.peaksOf(wrap, angles)).isEqualTo(1);
        assertThat(angles[0]).isZero();
        wrap[11] = 0.9f;
        wrap[12] = 0.9f;
        assertThat(histogram.peaksOf(wrap, angles)).isEqualTo(2);
        assertThat(angles[1]).isEqualTo(120f);
        assertThat(histogram.peaksOf(new float[36], angles)).as("no gradient, no orientation").isZero();
    }

    @Test
    void degreesWrapIntoTheCircle() {
        assertThat(OrientationHistogram.degrees(36.0)).isZero();
        assertThat(OrientationHistogram.degrees(35.99999999)).isZero(); // rounds to a float 360
        assertThat(OrientationHistogram.degrees(36.25)).isEqualTo(2.5f);
        assertThat(OrientationHistogram.degrees(0.05)).isEqualTo(0.5f);
    }

    @Test
    void roundingIsHalfAwayFromZero() {
        assertThat(ExtremumRefinement.roundHalfAway(0.5)).isEqualTo(1);
        assertThat(ExtremumRefinement.roundHalfAway(-0.5)).isEqualTo(-1);
        assertThat(ExtremumRefinement.roundHalfAway(-1.49)).isEqualTo(-1);
        assertThat(ExtremumRefinement.roundHalfAway(2.5)).isEqualTo(3);
        assertThat(ExtremumRefinement.roundHalfAway(1e300)).isEqualTo(1e300);
    }

    @Test
    void selectionOrdersByResponseThenYThenXThenAngle() {
        Random random = new Random(9);
        int n = 5000;
        float[] response = new float[n], y = new float[n], x = new float[n], angle = new float[n];
        for (int i = 0; i < n; i++) {
            response[i] = random.nextInt(50) / 50f; // many ties
            y[i] = random.nextInt(20);
            x[i] = random.nextInt(20);
            angle[i] = random.nextInt(36) * 10;
        }
        Comparator<Integer> expected = Comparator.<Integer>comparingDouble(i -> -response[i])
                .thenComparingDouble(i -> y[i]).thenComparingDouble(i -> x[i]).thenComparingDouble(i -> angle[i]);
        Integer[] reference = IntStream.range(0, n).boxed().sorted(expected).toArray(Integer[]::new);
        int[] order = new SiftSelection().order(n, response, y, x, angle);
        for (int k = 0; k < n; k++) {
            int a = order[k], b = reference[k];
            assertThat(new float[]{response[a], y[a], x[a], angle[a]})
                    .containsExactly(response[b], y[b], x[b], angle[b]);
        }
        int[] withoutAngle = Arrays.copyOf(new SiftSelection().order(n, response, y, x, null), n);
        for (int k = 1; k < n; k++) {
            int a = withoutAngle[k - 1], b = withoutAngle[k];
            assertThat(response[a] > response[b] || response[a] == response[b] && (y[a] < y[b]
                    || y[a] == y[b] && (x[a] < x[b] || x[a] == x[b] && a < b))).as("stable at %d", k).isTrue();
        }
    }
}
