package org.gpuvo.gpu.cpu.sift;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.bytedeco.javacpp.Loader;
import org.bytedeco.opencv.global.opencv_features2d;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * gpuvo's CPU SIFT against OpenCV 4.13's {@code cv::SIFT} on real frames (KITTI 06, EuRoC V1_01 cam0), both with
 * the upsampled first octave and Lowe's parameters. The two are not the same algorithm in every detail (both
 * upsample at INTER_LINEAR's sampling phase, but OpenCV does not take the ¼-pixel shift it implies back out of its
 * keypoints, or, asked for its precise upscale, interpolates at pixel centres instead; it smooths its orientation
 * histogram with [1 4 6 4 1]/16 once, bins orientations at whole multiples of 10°, keeps extrema 5 pixels from the
 * border, pre-thresholds at half the contrast threshold and compares neighbours with ≥), so the figures measure
 * closeness, not identity.
 */
class CpuSiftOpenCvTest {

    @BeforeAll
    static void openCvLoads() {
        try {
            Loader.load(opencv_features2d.class);
        } catch (Throwable e) {
            assumeTrue(false, "OpenCV cannot be loaded here (" + e + "): test skipped");
        }
    }

    private static ConfigSift config() {
        ConfigSift config = new ConfigSift(2000);
        config.firstOctave = -1;
        return config;
    }

    record Figures(int frames, int openCvKeypoints, int gpuvoKeypoints, double recall, double medianDx,
                   double medianDy, int orientedPairs, double medianCosine, double medianCosineUnpermuted,
                   double shareCosineAbove09, int openCvMatches, int gpuvoMatches) {
    }

    private static Figures measure(List<Path> frames, boolean preciseUpscale) {
        ConfigSift config = config();
        int cvTotal = 0, ourTotal = 0, found = 0, pairs = 0, cvMatches = 0, ourMatches = 0, above = 0;
        double[] dxs = new double[100000], dys = new double[100000], cos = new double[100000], cosRaw = new double[100000];
        int nd = 0;
        SiftFeatures ours = new SiftFeatures(), cv = new SiftFeatures();
        SiftFeatures oursPrev = new SiftFeatures(), cvPrev = new SiftFeatures();
        try (SiftExtractor gpuvo = FactorySift.cpu(config); OpenCvSiftOracle opencv = new OpenCvSiftOracle(config, preciseUpscale)) {
            for (int f = 0; f < frames.size(); f++) {
                GrayImage image = SharedData.read(frames.get(f));
                gpuvo.detect(image, ours);
                opencv.detect(image, cv);
                cvTotal += cv.size();
                ourTotal += ours.size();
                int[] match = SiftAgreement.counterparts(cv.keyPoints, ours.keyPoints, 1.0, 0.25, 0, 0);
                for (int i = 0; i < match.length; i++) {
                    int j = match[i];
                    if (j < 0)
                        continue;
                    found++;
                    if (nd < dxs.length) {
                        dxs[nd] = cv.keyPoints.x[i] - ours.keyPoints.x[j];
                        dys[nd++] = cv.keyPoints.y[i] - ours.keyPoints.y[j];
                    }
                    if (SiftAgreement.angleDifference(cv.keyPoints.angle[i], ours.keyPoints.angle[j]) <= 10 && pairs < cos.length) {
                        cos[pairs] = SiftAgreement.cosine(ours.descriptors.data, j, cv.descriptors.data, i, true);
                        cosRaw[pairs] = SiftAgreement.cosine(ours.descriptors.data, j, cv.descriptors.data, i, false);
                        if (cos[pairs] >= 0.9)
                            above++;
                        pairs++;
                    }
                }
                if (f > 0) {
                    cvMatches += SiftAgreement.ratioMatches(cvPrev, cv, 0.8);
                    ourMatches += SiftAgreement.ratioMatches(oursPrev, ours, 0.8);
                }
                SiftFeatures t = oursPrev;
                oursPrev = ours;
                ours = t;
                t = cvPrev;
                cvPrev = cv;
                cv = t;
            }
        }
        return new Figures(frames.size(), cvTotal, ourTotal, found / (double) cvTotal, SiftAgreement.median(dxs, nd),
                SiftAgreement.median(dys, nd), pairs, SiftAgreement.median(cos, pairs),
                SiftAgreement.median(cosRaw, pairs), above / (double) Math.max(1, pairs), cvMatches, ourMatches);
    }

    private static Figures report(String name, Figures f) {
        System.out.printf(Locale.ROOT, "%s: %d frames, keypoints OpenCV %d gpuvo %d; OpenCV keypoints with a gpuvo "
                        + "keypoint within 1 px and 25%% scale: %.3f (median offset OpenCV - gpuvo %.3f, %.3f px); "
                        + "pairs within 10 deg: %d, median descriptor cosine %.4f (unpermuted %.4f), share >= 0.9: %.3f; "
                        + "ratio-0.8 matches of consecutive frames: OpenCV %d, gpuvo %d%n",
                name, f.frames(), f.openCvKeypoints(), f.gpuvoKeypoints(), f.recall(), f.medianDx(), f.medianDy(),
                f.orientedPairs(), f.medianCosine(), f.medianCosineUnpermuted(), f.shareCosineAbove09(),
                f.openCvMatches(), f.gpuvoMatches());
        return f;
    }

    /*
     * Margins: measured on these frames (6 consecutive of each sequence), default upscale (the same sampling phase
     * as gpuvo's): recall 0.995 (KITTI) and 0.998 (EuRoC) with the median offset 0.250 px that OpenCV leaves in,
     * median cosine 0.995 and 0.997, matches 4173 against OpenCV's 3970 and 4122 against 4095; precise upscale
     * (pixel centres aligned): recall 0.80 and 0.81, median offset below 0.005 px. The bounds leave room for the
     * differences listed in the class comment, not for a broken stage: a wrong descriptor layout or orientation
     * convention drops the cosine below 0.7, a shifted or mis-scaled scale space drops the recall far below them.
     */
    private static void assertAgreement(Figures usual, Figures precise) {
        assertThat(usual.recall()).as("OpenCV (default upscale) keypoints found").isGreaterThanOrEqualTo(0.97);
        assertThat(usual.medianDx()).as("OpenCV's quarter-pixel shift in x").isBetween(0.23, 0.27);
        assertThat(usual.medianDy()).as("OpenCV's quarter-pixel shift in y").isBetween(0.23, 0.27);
        assertThat(usual.medianCosine()).as("median descriptor cosine").isGreaterThanOrEqualTo(0.98);
        assertThat(usual.medianCosineUnpermuted()).as("cosine without OpenCV's mirrored bins").isLessThan(0.8);
        assertThat(usual.shareCosineAbove09()).as("pairs with cosine >= 0.9").isGreaterThanOrEqualTo(0.97);
        assertThat(usual.gpuvoMatches()).as("gpuvo ratio matches against OpenCV's")
                .isGreaterThanOrEqualTo((int) (0.9 * usual.openCvMatches()));
        assertThat(precise.recall()).as("OpenCV (precise upscale) keypoints found").isGreaterThanOrEqualTo(0.7);
        assertThat(Math.abs(precise.medianDx())).as("median x offset, precise upscale").isLessThanOrEqualTo(0.02);
        assertThat(Math.abs(precise.medianDy())).as("median y offset, precise upscale").isLessThanOrEqualTo(0.02);
        assertThat(precise.medianCosine()).as("median descriptor cosine, precise upscale").isGreaterThanOrEqualTo(0.98);
        assertThat(precise.gpuvoMatches()).as("gpuvo ratio matches against OpenCV's (precise upscale)")
                .isGreaterThanOrEqualTo((int) (0.9 * precise.openCvMatches()));
    }

    @Test
    void kittiFramesAgreeWithOpenCv() {
        List<Path> frames = SharedData.kittiFrames(1).subList(0, 6);
        Figures usual = report("KITTI 06, OpenCV default upscale", measure(frames, false));
        Figures precise = report("KITTI 06, OpenCV precise upscale", measure(frames, true));
        assertAgreement(usual, precise);
    }

    @Test
    void eurocFramesAgreeWithOpenCv() {
        List<Path> frames = SharedData.eurocFrames(1).subList(0, 6);
        Figures usual = report("EuRoC V1_01 cam0, OpenCV default upscale", measure(frames, false));
        Figures precise = report("EuRoC V1_01 cam0, OpenCV precise upscale", measure(frames, true));
        assertAgreement(usual, precise);
    }
}
