package org.gpuvo.app.conformance;

import org.gpuvo.app.boofcv.BoofCvSift;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.app.opencv.OpenCvSift;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * OpenCV's and BoofCV's SIFT as the conformance measurement uses them, on a real KITTI frame: the feature budget
 * holds, descriptors come back with unit length (RootSIFT too), and a rotated view of the frame, made by the
 * warp and judged by the homography check, is matched with high precision, which it would not be if positions,
 * warp convention or descriptor layout were wrong.
 */
class ReferenceSiftTest {
    private static GrayImage kittiFrame() {
        return SharedData.read(SharedData.kittiFrames(1).get(10));
    }

    private static void assertWellFormed(SiftSource source, GrayImage image, int budget, int atLeast, int atMost) {
        SiftFeatures f = new SiftFeatures();
        source.detect(image, f);
        assertThat(f.size()).as("%s features", source.id()).isBetween(atLeast, atMost);
        assertThat(f.descriptors.size()).isEqualTo(f.size());
        for (int i = 0; i < f.size(); i++) {
            assertThat(f.keyPoints.x[i]).isBetween(0f, image.width - 1f);
            assertThat(f.keyPoints.y[i]).isBetween(0f, image.height - 1f);
            assertThat(f.keyPoints.angle[i]).isBetween(0f, 360f);
            double norm = 0;
            for (int k = 0; k < 128; k++) {
                float v = f.descriptors.data[i * 128 + k];
                assertThat(v).isGreaterThanOrEqualTo(0f);
                norm += v * v;
            }
            assertThat(Math.sqrt(norm)).as("%s descriptor %d length", source.id(), i).isCloseTo(1, within(1e-5));
        }
    }

    @Test
    void openCvKeepsTheBudgetWithUnitDescriptors() {
        GrayImage image = kittiFrame();
        try (OpenCvSift sift = new OpenCvSift(new ConfigSift(1000))) {
            assertThat(sift.id()).isEqualTo("opencv_o-1");
            // OpenCV keeps keypoints tied with the last one kept: a few more than the budget are possible
            assertWellFormed(sift, image, 1000, 1000, 1010);
        }
        ConfigSift root = new ConfigSift(500);
        root.rootSift = true;
        try (OpenCvSift sift = new OpenCvSift(root)) {
            assertWellFormed(sift, image, 500, 500, 510);
        }
    }

    @Test
    void boofCvKeepsTheBudgetOfDetectionsWithUnitDescriptors() {
        GrayImage image = kittiFrame();
        try (BoofCvSift sift = new BoofCvSift(new ConfigSift(1000))) {
            assertThat(sift.id()).isEqualTo("boofcv_o0");
            // the budget is on detections; several orientations of one detection add features
            assertWellFormed(sift, image, 1000, 500, 1300);
        }
    }

    @Test
    void rootSiftIsTheSquareRootOfTheL1NormalisedDescriptor() {
        GrayImage image = kittiFrame();
        SiftFeatures plain = new SiftFeatures(), root = new SiftFeatures();
        ConfigSift config = new ConfigSift(300);
        new BoofCvSift(config).detect(image, plain);
        config.rootSift = true;
        new BoofCvSift(config).detect(image, root);
        assertThat(root.size()).isEqualTo(plain.size());
        for (int i = 0; i < plain.size(); i++) {
            double l1 = 0;
            for (int k = 0; k < 128; k++)
                l1 += plain.descriptors.data[i * 128 + k];
            for (int k = 0; k < 128; k++)
                assertThat((double) root.descriptors.data[i * 128 + k])
                        .isCloseTo(Math.sqrt(plain.descriptors.data[i * 128 + k] / l1), within(1e-5));
        }
    }

    @Test
    void aRotatedViewIsMatchedWithHighPrecision() {
        GrayImage image = kittiFrame();
        ConfigSift config = new ConfigSift(2000);
        try (SiftMatchQuality quality = new SiftMatchQuality(List.of(new OpenCvSift(config), new BoofCvSift(config)),
                FactoryMatcher.floatCpu(new ConfigMatch(0.8, true, 1 << 20)))) {
            List<PairOutcome> outcomes = quality.measure(WarpKind.ROTATION_30.pair("kitti", image));
            for (int i = 0; i < outcomes.size(); i++) {
                PairOutcome o = outcomes.get(i);
                String id = quality.sources().get(i).id();
                assertThat(o.correct()).as("%s correct matches of %s", id, o).isGreaterThan(300);
                assertThat((double) o.correct() / o.matches()).as("%s precision of %s", id, o).isGreaterThan(0.9);
            }
        }
    }
}
