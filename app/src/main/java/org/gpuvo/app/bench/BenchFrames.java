package org.gpuvo.app.bench;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.ImageResize;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.image.SyntheticImages.Homography;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The frames a benchmark runs on, at a requested size: real images resampled to that size, or, without images,
 * views of gpuvo's synthetic scene under a slowly growing motion (so consecutive frames overlap as a camera's do).
 * Resampling averages areas when shrinking and interpolates bilinearly otherwise ({@link ImageResize}, OpenCV's
 * INTER_AREA and INTER_LINEAR up to rounding), without OpenCV.
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
            frames.add(ImageResize.resize(source, width, height));
        }
        return frames;
    }
}
