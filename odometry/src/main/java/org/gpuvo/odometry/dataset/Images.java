package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Image file access for the readers: sizes from headers, grey frames and depth PNGs with errors that name the file. */
final class Images {
    private Images() {
    }

    /** Extensions of the image files a folder sequence takes. */
    static final List<String> EXTENSIONS = List.of(".png", ".jpg", ".jpeg", ".pgm", ".ppm", ".bmp", ".tif", ".tiff");

    static boolean isImage(Path p) {
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return Files.isRegularFile(p) && EXTENSIONS.stream().anyMatch(name::endsWith);
    }

    /** The image files of a folder, sorted by name. */
    static List<Path> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Images::isImage).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new DatasetException(dir + ": cannot list: " + e.getMessage(), e);
        }
    }

    /** {width, height} from the file's header, without decoding the pixels. */
    static int[] size(Path file, String listedAt) {
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            if (in == null)
                throw fail(file, listedAt, "cannot be opened", null);
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext())
                throw fail(file, listedAt, "is not an image this build can read", null);
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                int[] size = {reader.getWidth(0), reader.getHeight(0)};
                ImageFiles.checkSize(size[0], size[1], file.toString());
                return size;
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw fail(file, listedAt, "cannot be read: " + e.getMessage(), e);
        }
    }

    /** An 8-bit grey frame (colour converted) that must be {@code width × height}. */
    static GrayImage gray(Path file, String listedAt, int width, int height) {
        GrayImage image;
        try {
            image = ImageFiles.readGray(file);
        } catch (IOException | RuntimeException e) {
            throw fail(file, listedAt, "cannot be read: " + e.getMessage(), e);
        }
        if (image.width != width || image.height != height)
            throw fail(file, listedAt, "is " + image.width + "x" + image.height + " but the calibration says "
                    + width + "x" + height, null);
        return image;
    }

    /**
     * A 16-bit single-channel depth PNG (TUM, ROS 16UC1) scaled to metres: {@code metres = value / factor},
     * 0 = no measurement.
     */
    static DepthImage depth(Path file, String listedAt, double factor, int width, int height) {
        BufferedImage image;
        try {
            image = Files.isRegularFile(file) ? ImageFiles.read(file) : null;
        } catch (IOException | RuntimeException e) {
            throw fail(file, listedAt, "cannot be read: " + e.getMessage(), e);
        }
        if (image == null)
            throw fail(file, listedAt, Files.isRegularFile(file) ? "is not an image this build can read" : "does not exist", null);
        Raster raster = image.getRaster();
        int bits = image.getColorModel().getComponentSize(0);
        if (raster.getNumBands() != 1 || bits != 16)
            throw fail(file, listedAt, "is not a 16-bit single-channel depth image (" + raster.getNumBands()
                    + " channel(s) of " + bits + " bits)", null);
        if (image.getWidth() != width || image.getHeight() != height)
            throw fail(file, listedAt, "is " + image.getWidth() + "x" + image.getHeight() + " but the colour images are "
                    + width + "x" + height, null);
        int[] raw = raster.getSamples(0, 0, width, height, 0, (int[]) null);
        float[] metres = new float[raw.length];
        for (int i = 0; i < raw.length; i++)
            metres[i] = (float) (raw[i] / factor);
        return new DepthImage(width, height, metres);
    }

    static DatasetException fail(Path file, String listedAt, String problem, Throwable cause) {
        String message = listedAt != null ? listedAt + ": image " + file.getFileName() + " " + problem
                : file + ": image " + problem;
        return cause == null ? new DatasetException(message) : new DatasetException(message, cause);
    }
}
