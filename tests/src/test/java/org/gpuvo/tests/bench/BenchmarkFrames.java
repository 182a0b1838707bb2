package org.gpuvo.tests.bench;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.ImageResize;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The frames the benchmark runs on: real KITTI frames (sequence 06, 1226×370) from the shared data folder when
 * it is there, otherwise synthetic textured images of the same size; and the same frames resized to another
 * size by bilinear interpolation ({@link ImageResize}, OpenCV's {@code INTER_LINEAR} up to rounding).
 */
final class BenchmarkFrames {
    static final int KITTI_WIDTH = 1226, KITTI_HEIGHT = 370;

    /** What the frames are, for the report. */
    final String source;
    final List<GrayImage> frames;

    private BenchmarkFrames(String source, List<GrayImage> frames) {
        this.source = source;
        this.frames = frames;
    }

    /** Up to {@code count} KITTI frames from {@code dataDir/kitti-06-0050/image_l}, or synthetic ones. */
    static BenchmarkFrames load(Path dataDir, int count) throws IOException {
        Path dir = dataDir.resolve("kitti-06-0050").resolve("image_l");
        List<GrayImage> frames = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            for (int i = 0; i < count; i++) {
                Path file = dir.resolve(String.format("%06d.png", i));
                if (!Files.isRegularFile(file))
                    break;
                frames.add(ImageFiles.readGray(file));
            }
        }
        if (!frames.isEmpty())
            return new BenchmarkFrames("KITTI 06 frames 0-" + (frames.size() - 1) + " from " + dir, frames);
        for (int i = 0; i < count; i++)
            frames.add(synthetic(KITTI_WIDTH, KITTI_HEIGHT, i));
        return new BenchmarkFrames("synthetic textured images (no data at " + dir + ")", frames);
    }

    /** These frames resized to {@code width}×{@code height} with bilinear interpolation. */
    BenchmarkFrames resized(int width, int height) {
        List<GrayImage> out = new ArrayList<>();
        for (GrayImage frame : frames)
            out.add(ImageResize.bilinear(frame, width, height));
        return new BenchmarkFrames(source + ", resized to " + width + "x" + height, out);
    }

    int width() {
        return frames.get(0).width;
    }

    int height() {
        return frames.get(0).height;
    }

    /**
     * A deterministic image with corners at many scales: overlapping random rectangles of random grey levels on
     * a gradient, with a little pixel noise.
     */
    static GrayImage synthetic(int width, int height, long seed) {
        Random random = new Random(seed);
        GrayImage image = GrayImage.create(width, height);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                image.set(x, y, 60 + (x * 80) / width + (y * 40) / height);
        for (int r = 0; r < 600; r++) {
            int w = 4 + random.nextInt(Math.max(1, width / 8)), h = 4 + random.nextInt(Math.max(1, height / 8));
            int x0 = random.nextInt(width), y0 = random.nextInt(height), value = random.nextInt(256);
            for (int y = y0; y < Math.min(height, y0 + h); y++)
                for (int x = x0; x < Math.min(width, x0 + w); x++)
                    image.set(x, y, value);
        }
        for (int i = 0; i < image.data.length; i++)
            image.data[i] = (byte) Math.max(0, Math.min(255, (image.data[i] & 0xFF) + random.nextInt(7) - 3));
        return image;
    }
}
