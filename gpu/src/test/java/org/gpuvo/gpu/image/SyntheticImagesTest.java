package org.gpuvo.gpu.image;

import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.image.SyntheticImages.Pair;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SyntheticImagesTest {
    @Test
    void theSameSeedRendersTheSamePixels() {
        Homography motion = Homography.similarity(3, 1.0, 80, 60, 5, 2);
        Pair a = SyntheticImages.pair(160, 120, 7, motion);
        Pair b = SyntheticImages.pair(160, 120, 7, motion);
        Pair c = SyntheticImages.pair(160, 120, 8, motion);
        assertThat(a.first().data).isEqualTo(b.first().data);
        assertThat(a.second().data).isEqualTo(b.second().data);
        assertThat(a.first().data).isNotEqualTo(c.first().data);
    }

    @Test
    void theSecondViewSeesTheFirstThroughTheMotion() {
        Pair pair = SyntheticImages.defaultPair();
        GrayImage first = pair.first(), second = pair.second();
        long absoluteError = 0;
        int samples = 0;
        for (int y = 40; y < first.height - 40; y += 7) {
            for (int x = 40; x < first.width - 40; x += 7) {
                double[] p = pair.firstToSecond().map(x, y);
                int u = (int) Math.round(p[0]), v = (int) Math.round(p[1]);
                // compare only where the rounding lands within a quarter pixel, so interpolation error stays small
                if (Math.abs(p[0] - u) > 0.25 || Math.abs(p[1] - v) > 0.25)
                    continue;
                absoluteError += Math.abs(first.get(x, y) - second.get(u, v));
                samples++;
            }
        }
        assertThat(samples).isGreaterThan(200);
        assertThat((double) absoluteError / samples).isLessThan(8.0);
    }

    @Test
    void theSceneIsTexturedNotFlat() {
        GrayImage image = SyntheticImages.defaultPair().first();
        double sum = 0, sumSq = 0;
        int n = image.width * image.height;
        for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++) {
                int v = image.get(x, y);
                sum += v;
                sumSq += (double) v * v;
            }
        double mean = sum / n;
        assertThat(Math.sqrt(sumSq / n - mean * mean)).isGreaterThan(40);
    }

    @Test
    void aHomographyAndItsInverseCancel() {
        Homography h = Homography.similarity(4, 1.03, 320, 240, 14, -9);
        double[] p = h.map(100, 50);
        double[] q = h.inverse().map(p[0], p[1]);
        assertThat(q[0]).isCloseTo(100, within(1e-9));
        assertThat(q[1]).isCloseTo(50, within(1e-9));
        assertThat(h.map(320, 240)[0]).isCloseTo(334, within(1e-9));
    }
}
