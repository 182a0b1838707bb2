package org.gpuvo.gpu.image;

import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class HomographyWarpTest {
    /** I(x, y) = x + 2y: bilinear interpolation reproduces a linear function exactly. */
    private static GrayImage ramp(int w, int h) {
        GrayImage image = GrayImage.create(w, h);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                image.set(x, y, x + 2 * y);
        return image;
    }

    @Test
    void aRampWarpedEqualsTheRampAtTheInverselyMappedPoints() {
        int w = 60, h = 40;
        double degrees = 23, scale = 1.3, cx = 27.5, cy = 18.25;
        GrayImage warped = HomographyWarp.warp(ramp(w, h), Homography.similarity(degrees, scale, cx, cy, 0, 0), w, h);
        // the inverse written down directly, not computed: rotation by -θ and scale 1/s about the same centre
        Homography back = Homography.similarity(-degrees, 1 / scale, cx, cy, 0, 0);
        int inside = 0, outside = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                double[] p = back.map(x, y);
                double edge = Math.min(Math.min(p[0], w - 1 - p[0]), Math.min(p[1], h - 1 - p[1]));
                boolean seen = edge >= 0;
                double exact = p[0] + 2 * p[1];
                double frac = exact - Math.floor(exact);
                if (Math.abs(frac - 0.5) < 1e-6 || Math.abs(edge) < 1e-9)
                    continue;   // a rounding tie, or a point on the hull's edge: either answer is right
                if (seen) {
                    inside++;
                    assertThat(warped.get(x, y)).as("pixel (%d, %d) sees (%.3f, %.3f)", x, y, p[0], p[1])
                            .isEqualTo((int) Math.floor(exact + 0.5));
                } else {
                    outside++;
                    assertThat(warped.get(x, y)).as("pixel (%d, %d) sees nothing", x, y).isEqualTo(HomographyWarp.OUTSIDE);
                }
            }
        }
        assertThat(inside).isGreaterThan(w * h / 2);
        assertThat(outside).isPositive();
    }

    @Test
    void aBlobMovesToTheHomographysImageOfItsCentre() {
        int w = 120, h = 90;
        double bx = 50.3, by = 41.7, sigma = 3;
        GrayImage blob = GrayImage.create(w, h);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                blob.set(x, y, (int) Math.round(250 * Math.exp(-((x - bx) * (x - bx) + (y - by) * (y - by)) / (2 * sigma * sigma))));
        // scale 1.5: a half-pixel error in the pixel-centre convention would move the blob by 0.25 px
        Homography motion = Homography.similarity(30, 1.5, 60, 45, 3.2, -2.1);
        GrayImage warped = HomographyWarp.warp(blob, motion, w, h);
        double sum = 0, sx = 0, sy = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                sum += warped.get(x, y);
                sx += warped.get(x, y) * x;
                sy += warped.get(x, y) * y;
            }
        double[] expected = motion.map(bx, by);
        assertThat(sx / sum).isCloseTo(expected[0], within(0.05));
        assertThat(sy / sum).isCloseTo(expected[1], within(0.05));
    }

    @Test
    void anIntegerTranslationShiftsPixelsExactly() {
        GrayImage image = RandomImages.noise(30, 20, 5);
        GrayImage shifted = HomographyWarp.warp(image, Homography.similarity(0, 1, 0, 0, 4, -3), 30, 20);
        for (int y = 0; y < 20; y++)
            for (int x = 0; x < 30; x++) {
                int sx = x - 4, sy = y + 3;
                boolean seen = sx >= 0 && sx < 30 && sy >= 0 && sy < 20;
                assertThat(shifted.get(x, y)).isEqualTo(seen ? image.get(sx, sy) : HomographyWarp.OUTSIDE);
            }
    }

    @Test
    void samplingAtPixelCentresReturnsThePixelsAndOutsideIsNaN() {
        GrayImage image = RandomImages.noise(7, 5, 9);
        for (int y = 0; y < 5; y++)
            for (int x = 0; x < 7; x++)
                assertThat(HomographyWarp.sample(image, x, y)).isEqualTo(image.get(x, y));
        assertThat(HomographyWarp.sample(image, 6.5, 2)).isNaN();
        assertThat(HomographyWarp.sample(image, -0.01, 2)).isNaN();
        assertThat(HomographyWarp.sample(image, Double.NaN, 2)).isNaN();
        assertThat(HomographyWarp.sample(image, 2.5, 1)).isEqualTo((image.get(2, 1) + image.get(3, 1)) / 2.0);
    }

    @Test
    void badArgumentsAreRejected() {
        GrayImage image = GrayImage.create(4, 4);
        Homography singular = new Homography(new double[]{1, 0, 0, 2, 0, 0, 0, 0, 1});
        assertThatThrownBy(() -> HomographyWarp.warp(image, singular, 4, 4))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("singular");
        assertThatThrownBy(() -> HomographyWarp.warp(null, Homography.similarity(0, 1, 0, 0, 0, 0), 4, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HomographyWarp.warp(image, Homography.similarity(0, 1, 0, 0, 0, 0), 0, 4))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
