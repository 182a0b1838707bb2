package org.gpuvo.odometry.bundle;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SyntheticBundleWindowTest {
    @Test
    void sameFieldsGiveTheSameWindow() {
        SyntheticBundleWindow w = new SyntheticBundleWindow();
        w.points = 200;
        BundleProblem a = new BundleProblem(), b = new BundleProblem();
        w.generate(a);
        w.generate(b);
        assertThat(a.observations()).isEqualTo(b.observations()).isBetween(600, 1400);
        assertThat(a.xyz).containsExactly(b.xyz);
        assertThat(a.obsXy).containsExactly(b.obsXy);
        assertThat(a.rotation).containsExactly(b.rotation);
        // fixed views start at the truth, free ones away from it
        assertThat(a.translation[3]).isEqualTo(w.truth().translation[3]);
        assertThat(a.translation[9]).isNotEqualTo(w.truth().translation[9]);
    }

    @Test
    void everyObservationIsInsideTheImageAndInFrontOfItsCamera() {
        SyntheticBundleWindow w = new SyntheticBundleWindow();
        w.points = 300;
        w.noisePixels = 0;
        w.outlierFraction = 0;
        BundleProblem p = new BundleProblem();
        w.generate(p);
        BundleProblem truth = w.truth();
        for (int o = 0; o < p.observations(); o++) {
            double[] c = TinyWindow.camera(truth, p.obsView[o], p.obsPoint[o]);
            assertThat(c[2]).isGreaterThan(1);
            assertThat(Math.abs(w.focal * c[0] / c[2])).isLessThanOrEqualTo(0.5 * (w.width - 1) + 1e-9);
            assertThat(Math.abs(w.focal * c[1] / c[2])).isLessThanOrEqualTo(0.5 * (w.height - 1) + 1e-9);
            assertThat(p.obsXy[2 * o]).isCloseTo(c[0] / c[2], within(1e-12));
        }
    }
}
