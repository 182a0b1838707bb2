package org.gpuvo.gpu.image;

import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PhotometricChangesTest {
    @Test
    void brightnessAddsAndClips() {
        GrayImage image = new GrayImage(4, 1, new byte[]{0, 100, (byte) 230, (byte) 255});
        GrayImage brighter = PhotometricChanges.brightness(image, 40);
        GrayImage darker = PhotometricChanges.brightness(image, -40);
        assertThat(new int[]{brighter.get(0, 0), brighter.get(1, 0), brighter.get(2, 0), brighter.get(3, 0)})
                .containsExactly(40, 140, 255, 255);
        assertThat(new int[]{darker.get(0, 0), darker.get(1, 0), darker.get(2, 0), darker.get(3, 0)})
                .containsExactly(0, 60, 190, 215);
    }

    @Test
    void blurOfAnImpulseIsTheNormalisedTwoDimensionalGaussian() {
        int w = 21, h = 21;
        double sigma = 2;
        GrayImage impulse = GrayImage.create(w, h);
        impulse.set(10, 10, 255);
        GrayImage blurred = PhotometricChanges.gaussianBlur(impulse, sigma);
        // direct 2-D computation: the kernel cut at ceil(3σ) = 6, normalised over the square it covers
        int r = 6;
        double norm = 0;
        for (int dy = -r; dy <= r; dy++)
            for (int dx = -r; dx <= r; dx++)
                norm += Math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int dx = x - 10, dy = y - 10;
                double expected = Math.abs(dx) > r || Math.abs(dy) > r ? 0
                        : 255 * Math.exp(-(dx * dx + dy * dy) / (2 * sigma * sigma)) / norm;
                assertThat((double) blurred.get(x, y)).as("(%d, %d)", x, y).isBetween(expected - 0.51, expected + 0.51);
            }
    }

    @Test
    void blurKeepsAConstantImageAndTheMeanOfNoiseRoughly() {
        GrayImage flat = GrayImage.create(30, 20);
        java.util.Arrays.fill(flat.data, (byte) 77);
        GrayImage blurred = PhotometricChanges.gaussianBlur(flat, 1.5);
        for (byte b : blurred.data)
            assertThat(b & 0xFF).isEqualTo(77);
        GrayImage noise = RandomImages.noise(64, 64, 3);
        GrayImage smooth = PhotometricChanges.gaussianBlur(noise, 2);
        assertThat(variance(smooth)).isLessThan(variance(noise) / 10);
    }

    @Test
    void badArgumentsAreRejected() {
        GrayImage image = GrayImage.create(4, 4);
        assertThatThrownBy(() -> PhotometricChanges.gaussianBlur(image, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PhotometricChanges.gaussianBlur(image, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PhotometricChanges.brightness(image, 256)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PhotometricChanges.brightness(null, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    private static double variance(GrayImage image) {
        double sum = 0, sq = 0;
        for (byte b : image.data) {
            sum += b & 0xFF;
            sq += (b & 0xFF) * (b & 0xFF);
        }
        double mean = sum / image.data.length;
        return sq / image.data.length - mean * mean;
    }
}
