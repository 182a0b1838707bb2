package org.gpuvo.gpu.cpu.sift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;
import org.gpuvo.gpu.testdata.SameSiftFeatures;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;

/**
 * {@link SiftExtractor#setContrastThreshold} on the CPU: on low-contrast images a lower threshold gives more
 * features, exactly those of an extractor created with it, and setting the threshold back gives the first features
 * again, bit for bit.
 */
class CpuSiftContrastThresholdTest {
    private static final int ASKED = 2000;

    /** KITTI 06 frame 0 at a quarter of its contrast, blurred by 1.5 px: the texture of a hazy, open road. */
    static GrayImage lowContrastKitti() {
        return RandomImages.lowContrast(SharedData.read(SharedData.kittiFrames(1).get(0)), 0.25, 1.5);
    }

    /** Soft rectangles at a fifth of their contrast: the same without the recordings. */
    static GrayImage lowContrastBlocks() {
        return RandomImages.lowContrast(RandomImages.blocks(480, 360, 250, 11), 0.2, 2.0);
    }

    private static SiftFeatures detect(SiftExtractor sift, GrayImage image) {
        SiftFeatures out = new SiftFeatures();
        sift.detect(image, out);
        return out;
    }

    private static void lowerThresholdGivesMoreAndBackGivesTheSame(String name, GrayImage image) {
        ConfigSift config = new ConfigSift(ASKED);
        ConfigSift low = config.copy();
        low.contrastThreshold = 0.01;
        try (SiftExtractor sift = FactorySift.cpu(config); SiftExtractor fresh = FactorySift.cpu(low)) {
            SiftFeatures first = detect(sift, image);
            assertThat(first.size()).as("%s at 0.04: a sparse image, fewer than 70 %% of the asked count", name)
                    .isPositive().isLessThan(ASKED * 7 / 10);

            sift.setContrastThreshold(0.01);
            assertThat(sift.config().contrastThreshold).isEqualTo(0.01);
            SiftFeatures lowered = detect(sift, image);
            assertThat(lowered.size()).as("%s at 0.01", name).isGreaterThan(first.size() * 3 / 2);
            SameSiftFeatures.assertSame(lowered, detect(fresh, image), name + ": set to 0.01 vs created with 0.01");

            sift.setContrastThreshold(0.04);
            assertThat(sift.config().contrastThreshold).isEqualTo(0.04);
            SameSiftFeatures.assertSame(detect(sift, image), first, name + ": back at 0.04");
        }
    }

    @Test
    void onALowContrastKittiFrameALowerThresholdGivesMoreFeaturesAndBackTheSame() {
        lowerThresholdGivesMoreAndBackGivesTheSame("KITTI 06 frame 0, contrast 0.25", lowContrastKitti());
    }

    @Test
    void onLowContrastBlocksALowerThresholdGivesMoreFeaturesAndBackTheSame() {
        lowerThresholdGivesMoreAndBackGivesTheSame("soft blocks", lowContrastBlocks());
    }

    @Test
    void theConfiguredThresholdIsTheDefaultAndBadValuesAreRefused() {
        try (SiftExtractor sift = FactorySift.cpu(new ConfigSift(100))) {
            assertThat(sift.config().contrastThreshold).isEqualTo(0.04);
            for (double bad : new double[]{-0.01, 1, Double.NaN, Double.POSITIVE_INFINITY})
                assertThatThrownBy(() -> sift.setContrastThreshold(bad)).isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("contrastThreshold");
            assertThat(sift.config().contrastThreshold).as("unchanged by refused values").isEqualTo(0.04);
            sift.setContrastThreshold(0);
            assertThat(sift.config().contrastThreshold).isZero();
        }
    }
}
