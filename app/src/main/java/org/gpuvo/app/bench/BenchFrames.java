package org.gpuvo.app.bench;

import org.bytedeco.opencv.global.opencv_imgproc;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_core.Size;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.image.SyntheticImages.Homography;
import org.gpuvo.app.opencv.OpenCvMats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames a benchmark runs on, at a requested size: real images resampled to that size, or, without images,
 * views of gpuvo's synthetic scene under a slowly growing motion (so consecutive frames overlap as a camera's do).
 */
final class BenchFrames {
    private BenchFrames() {
    }

    static List<GrayImage> of(List<Path> sources, int width, int height, int count) throws IOException {
        List<GrayImage> frames = new ArrayList<>();
        if (sources.isEmpty()) {
            for (int i = 0; i < count; i++) {
                Homography motion = Homography.similarity(0.4 * i, 1 + 0.004 * i, width / 2.0, height / 2.0, 3 * i, -2 * i);
                frames.add(SyntheticImages.pair(width, height, 7, motion).second());
            }
            return frames;
        }
        for (int i = 0; i < count; i++) {
            GrayImage source = ImageFiles.readGray(sources.get(i % sources.size()));
            frames.add(resized(source, width, height));
        }
        return frames;
    }

    /** INTER_AREA for shrinking (no aliasing), bilinear for enlarging. */
    private static GrayImage resized(GrayImage image, int width, int height) {
        if (image.width == width && image.height == height)
            return image;
        boolean shrinking = width < image.width && height < image.height;
        try (Mat src = OpenCvMats.toMat(image); Mat dst = new Mat(); Size size = new Size(width, height)) {
            opencv_imgproc.resize(src, dst, size, 0, 0, shrinking ? opencv_imgproc.INTER_AREA : opencv_imgproc.INTER_LINEAR);
            return OpenCvMats.toGray(dst);
        }
    }
}
