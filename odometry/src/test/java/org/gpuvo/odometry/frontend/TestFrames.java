package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.testdata.SharedData;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Consecutive real frames for the GPU tests: from {@code -Dgpuvo.gpuTestSequence=DIR} (the device machine has no
 * shared data folder), else the KITTI snippet of the shared data (the test skips where neither exists).
 */
final class TestFrames {
    private TestFrames() {
    }

    static List<GrayImage> consecutiveKittiFrames(int count) {
        String configured = System.getProperty("gpuvo.gpuTestSequence");
        Path dir = configured != null ? Path.of(configured) : SharedData.require("kitti-06-0050").resolve("image_l");
        List<GrayImage> frames = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".png")).sorted().limit(count).toList())
                frames.add(ImageFiles.readGray(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return frames;
    }
}
