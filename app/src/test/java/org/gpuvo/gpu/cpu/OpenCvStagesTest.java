package org.gpuvo.gpu.cpu;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.global.opencv_features2d;
import org.bytedeco.opencv.global.opencv_imgproc;
import org.bytedeco.opencv.opencv_core.KeyPointVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_core.Rect;
import org.bytedeco.opencv.opencv_core.Size;
import org.bytedeco.opencv.opencv_features2d.FastFeatureDetector;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.app.opencv.OpenCvMats;
import org.gpuvo.gpu.testdata.RandomImages;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Each stage of the CPU ORB against the OpenCV function it reproduces, pixel for pixel. */
class OpenCvStagesTest {

    private static byte[] bytes(Mat mat) {
        byte[] out = new byte[mat.cols() * mat.rows()];
        try (Mat packed = mat.clone()) {
            packed.data().get(out);
        }
        return out;
    }

    private static PyramidLevel levelOf(GrayImage image) {
        OrbPyramid pyramid = new OrbPyramid(new ConfigOrb());
        pyramid.build(image, 1, 1);
        return pyramid.level(0);
    }

    @ParameterizedTest(name = "{0}x{1} -> {2}x{3}")
    @CsvSource({"1241,376,1034,313", "1226,370,1022,308", "752,480,627,400", "31,31,26,26", "7,5,6,4",
            "3,1,2,1", "1,3,1,2", "2,2,2,2", "4097,3,3414,2", "640,480,320,240"})
    void resizeIsBitIdenticalToOpenCvLinearExact(int sw, int sh, int dw, int dh) {
        GrayImage src = RandomImages.noise(sw, sh, 17L * sw + sh);
        byte[] ours = new byte[dw * dh];
        new LinearResizeExact().resize(src.data, 0, sw, sw, sh, ours, 0, dw, dw, dh);
        try (Mat in = OpenCvMats.toMat(src); Mat out = new Mat(); Size size = new Size(dw, dh)) {
            opencv_imgproc.resize(in, out, size, 0, 0, opencv_imgproc.INTER_LINEAR_EXACT);
            assertThat(ours).isEqualTo(bytes(out));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 20, 40})
    void fastCornersAndScoresAreOpenCvs(int threshold) {
        GrayImage image = SharedData.read(SharedData.kittiFrames(25).get(0));
        checkFast(image, threshold);
    }

    @Test
    void fastCornersOnSyntheticBlocks() {
        checkFast(RandomImages.blocks(301, 203, 400, 5), 20);
        checkFast(RandomImages.noise(97, 61, 3), 30);
    }

    private static void checkFast(GrayImage image, int threshold) {
        FastCorners fast = new FastCorners();
        fast.detect(levelOf(image), threshold, 3);
        Set<String> ours = new HashSet<>();
        for (int i = 0; i < fast.count; i++)
            ours.add(fast.xs[i] + "," + fast.ys[i] + ":" + fast.scores[i]);
        Set<String> theirs = new HashSet<>();
        try (Mat mat = OpenCvMats.toMat(image); KeyPointVector kps = new KeyPointVector()) {
            opencv_features2d.FAST(mat, kps, threshold, true, FastFeatureDetector.TYPE_9_16);
            for (long i = 0; i < kps.size(); i++) {
                var k = kps.get(i);
                int x = Math.round(k.pt().x()), y = Math.round(k.pt().y());
                if (x >= 3 && x < image.width - 3 && y >= 3 && y < image.height - 3)
                    theirs.add(x + "," + y + ":" + Math.round(k.response()));
            }
        }
        assertThat(theirs).isNotEmpty();
        assertThat(ours).isEqualTo(theirs);
    }

    @Test
    void smoothingIsOpenCvsGaussianBlurOnAPyramidLevel() {
        GrayImage image = SharedData.read(SharedData.eurocFrames(40).get(0));
        checkSmoothing(image);
    }

    @Test
    void smoothingOnNoiseAndOddSizes() {
        checkSmoothing(RandomImages.noise(257, 129, 11));
        checkSmoothing(RandomImages.noise(9, 7, 12));
    }

    /** OpenCV smooths the level in place as a sub-matrix of the bordered pyramid buffer, as ORB does. */
    private static void checkSmoothing(GrayImage image) {
        PyramidLevel level = levelOf(image);
        new OrbSmoothing().apply(level);
        int b = level.border;
        try (Mat src = OpenCvMats.toMat(image); Mat ext = new Mat()) {
            opencv_core.copyMakeBorder(src, ext, b, b, b, b, opencv_core.BORDER_REFLECT_101);
            try (Rect r = new Rect(b, b, image.width, image.height); Mat roi = new Mat(ext, r);
                 Size k = new Size(7, 7)) {
                opencv_imgproc.GaussianBlur(roi, roi, k, 2, 2, opencv_core.BORDER_REFLECT_101, 0);
                byte[] theirs = bytes(roi);
                int mismatches = 0;
                for (int y = 0; y < image.height; y++)
                    for (int x = 0; x < image.width; x++)
                        if (theirs[y * image.width + x] != level.smoothed[level.origin + y * level.stride + x])
                            mismatches++;
                assertThat(mismatches).as("pixels that differ from OpenCV").isZero();
            }
        }
    }

    @Test
    void fastAtan2IsOpenCvs() {
        Random random = new Random(7);
        for (int i = 0; i < 20000; i++) {
            float y = (random.nextInt(200001) - 100000), x = (random.nextInt(200001) - 100000);
            if (i % 10 == 0)
                x = 0;
            assertThat(IntensityCentroid.fastAtan2(y, x)).as("atan2(%s, %s)", y, x)
                    .isEqualTo(opencv_core.fastAtan2(y, x));
        }
    }

    @Test
    void quotasFollowTheGeometricSeries() {
        // 2000·(1 − 1/1.2) / (1 − 1.2^−8) = 434.3 on level 0, then ×1/1.2 per level, the rest on the last level
        int[] quota = org.gpuvo.gpu.features.OrbLimits.featuresPerLevel(new ConfigOrb(2000));
        assertThat(quota).containsExactly(434, 362, 302, 251, 209, 175, 145, 122);
    }
}
