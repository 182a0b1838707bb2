package org.gpuvo.app.opencv;

import org.bytedeco.opencv.global.opencv_imgproc;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_core.Size;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageResize;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpuvo's resize against OpenCV's {@code INTER_AREA} (shrinking) and {@code INTER_LINEAR} (otherwise), the
 * resampling the benchmark frames were made with before: the two differ by rounding only.
 */
class ImageResizeOpenCvTest {
    @ParameterizedTest
    @CsvSource({"1280,720,640,480", "1280,720,1241,376", "1241,376,640,240", "752,480,333,211",
            "1241,376,1280,720", "1241,376,1920,1080", "752,480,640,480", "1280,720,1920,1080"})
    void differsFromOpenCvByAtMostOneGreyLevel(int sourceWidth, int sourceHeight, int width, int height) {
        for (GrayImage source : new GrayImage[]{SyntheticImages.pair(sourceWidth, sourceHeight, 7,
                SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first(),
                RandomImages.noise(sourceWidth, sourceHeight, 11)}) {
            GrayImage ours = ImageResize.resize(source, width, height);
            GrayImage theirs = openCv(source, width, height);
            int differing = 0;
            for (int i = 0; i < ours.data.length; i++) {
                int d = Math.abs((ours.data[i] & 0xFF) - (theirs.data[i] & 0xFF));
                assertThat(d).as("pixel %d", i).isLessThanOrEqualTo(1);
                if (d != 0)
                    differing++;
            }
            assertThat(differing).as("pixels off by one").isLessThan(ours.data.length / 4);
        }
    }

    private static GrayImage openCv(GrayImage image, int width, int height) {
        boolean shrinking = width < image.width && height < image.height;
        try (Mat src = OpenCvMats.toMat(image); Mat dst = new Mat(); Size size = new Size(width, height)) {
            opencv_imgproc.resize(src, dst, size, 0, 0,
                    shrinking ? opencv_imgproc.INTER_AREA : opencv_imgproc.INTER_LINEAR);
            return OpenCvMats.toGray(dst);
        }
    }
}
