package org.gpuvo.app;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Small dataset folders written by tests: only what a reader needs to open them. */
public final class DatasetFixtures {
    /** KITTI's P0 of sequence 06 (calib.txt), the camera of the fixtures. */
    private static final String KITTI_P0 = "7.070912e+02 0 6.018873e+02 0 0 7.070912e+02 1.831104e+02 0 0 0 1 0";

    private DatasetFixtures() {
    }

    /**
     * A KITTI sequence of {@code frames} 64×48 grey images in image_0 (no right images, no ground truth) whose
     * image {@code corrupt} (if in range) is not a PNG but text.
     */
    public static Path kittiMono(Path folder, int frames, int corrupt) throws IOException {
        Files.createDirectories(folder.resolve("image_0"));
        Files.writeString(folder.resolve("calib.txt"), "P0: " + KITTI_P0 + "\n");
        for (int i = 0; i < frames; i++) {
            Path file = folder.resolve("image_0").resolve(String.format(Locale.ROOT, "%06d.png", i));
            if (i == corrupt)
                Files.writeString(file, "not a PNG\n");
            else
                grayPng(file, 64, 48, i);
        }
        return folder;
    }

    /**
     * A TUM RGB-D sequence of three frames at {@code frameTime} + 0, 0.1, 0.2 s with ground truth at
     * {@code truthTime} + 0, 0.01, ..., 0.99 s (the camera standing still).
     */
    public static Path tumRgbd(Path folder, double frameTime, double truthTime) throws IOException {
        Files.createDirectories(folder.resolve("rgb"));
        Files.createDirectories(folder.resolve("depth"));
        StringBuilder rgb = new StringBuilder("# color images\n"), depth = new StringBuilder("# depth maps\n");
        for (int i = 0; i < 3; i++) {
            String t = String.format(Locale.ROOT, "%.6f", frameTime + 0.1 * i);
            grayPng(folder.resolve("rgb/" + t + ".png"), 64, 48, i);
            depthPng(folder.resolve("depth/" + t + ".png"), 64, 48, 5000);
            rgb.append(t).append(" rgb/").append(t).append(".png\n");
            depth.append(t).append(" depth/").append(t).append(".png\n");
        }
        Files.writeString(folder.resolve("rgb.txt"), rgb);
        Files.writeString(folder.resolve("depth.txt"), depth);
        StringBuilder truth = new StringBuilder("# timestamp tx ty tz qx qy qz qw\n");
        for (int i = 0; i < 100; i++)
            truth.append(String.format(Locale.ROOT, "%.6f 0 0 0 0 0 0 1%n", truthTime + 0.01 * i));
        Files.writeString(folder.resolve("groundtruth.txt"), truth);
        return folder;
    }

    /** An 8-bit grey PNG whose pixel (x, y) is (x + 3y + seed) mod 256. */
    static void grayPng(Path file, int width, int height, int seed) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        WritableRaster r = image.getRaster();
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                r.setSample(x, y, 0, (x + 3 * y + seed) & 0xFF);
        ImageIO.write(image, "png", file.toFile());
    }

    private static void depthPng(Path file, int width, int height, int value) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_USHORT_GRAY);
        WritableRaster r = image.getRaster();
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                r.setSample(x, y, 0, value);
        ImageIO.write(image, "png", file.toFile());
    }
}
