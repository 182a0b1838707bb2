package org.gpuvo.odometry.dataset;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small files the dataset tests write into a temporary folder. */
final class Fixtures {
    private Fixtures() {
    }

    static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An 8-bit grey PNG whose pixel (x, y) is (x + 3y + seed) mod 256. */
    static Path grayPng(Path file, int width, int height, int seed) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        WritableRaster r = image.getRaster();
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                r.setSample(x, y, 0, (x + 3 * y + seed) & 0xFF);
        return png(image, file);
    }

    /** A colour PNG filled with one RGB colour. */
    static Path colourPng(Path file, int width, int height, int red, int green, int blue) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                image.setRGB(x, y, (red << 16) | (green << 8) | blue);
        return png(image, file);
    }

    /** A 16-bit grey PNG holding {@code values} row by row. */
    static Path depthPng(Path file, int width, int height, int[] values) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_USHORT_GRAY);
        image.getRaster().setSamples(0, 0, width, height, 0, values);
        return png(image, file);
    }

    static Path png(BufferedImage image, Path file) {
        try {
            Files.createDirectories(file.getParent());
            if (!ImageIO.write(image, "png", file.toFile()))
                throw new IllegalStateException("no PNG writer");
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A ROS camera_info YAML as camera_calibration writes it. */
    static String cameraInfo(int width, int height, double fx, double fy, double cx, double cy, String model, double[] d) {
        StringBuilder ds = new StringBuilder();
        for (int i = 0; i < d.length; i++)
            ds.append(i > 0 ? ", " : "").append(d[i]);
        return "image_width: " + width + "\n"
                + "image_height: " + height + "\n"
                + "camera_name: test_camera\n"
                + "camera_matrix:\n"
                + "  rows: 3\n"
                + "  cols: 3\n"
                + "  data: [" + fx + ", 0, " + cx + ", 0, " + fy + ", " + cy + ", 0, 0, 1]\n"
                + "distortion_model: " + model + "\n"
                + "distortion_coefficients:\n"
                + "  rows: 1\n"
                + "  cols: " + d.length + "\n"
                + "  data: [" + ds + "]\n"
                + "rectification_matrix:\n"
                + "  rows: 3\n"
                + "  cols: 3\n"
                + "  data: [1, 0, 0, 0, 1, 0, 0, 0, 1]\n"
                + "projection_matrix:\n"
                + "  rows: 3\n"
                + "  cols: 4\n"
                + "  data: [" + fx + ", 0, " + cx + ", 0, 0, " + fy + ", " + cy + ", 0, 0, 0, 1, 0]\n";
    }
}
