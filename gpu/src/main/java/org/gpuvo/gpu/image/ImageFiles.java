package org.gpuvo.gpu.image;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * Reads image files (PNG, JPEG, TIFF, BMP, PGM/PPM) into {@link GrayImage}s and writes them back. Colour images
 * are converted with the ITU-R BT.601 weights that OpenCV's {@code COLOR_BGR2GRAY} uses, so that both libraries
 * see the same grey values.
 */
public final class ImageFiles {
    private ImageFiles() {
    }

    /** The largest side an image may have, in pixels. */
    public static final int MAX_SIDE = 1 << 15;
    /** System property: the most pixels an image may have (default {@value #DEFAULT_MAX_PIXELS}). */
    public static final String MAX_PIXELS_PROPERTY = "gpuvo.limits.image-pixels";
    static final long DEFAULT_MAX_PIXELS = 1L << 28;

    public static GrayImage readGray(Path file) throws IOException {
        return toGray(read(file));
    }

    /**
     * Decodes an image file. Its size is read from the header and checked ({@link #checkSize}) before any pixel is
     * decoded, so a small file that declares a huge image is refused rather than decoded.
     */
    public static BufferedImage read(Path file) throws IOException {
        if (!Files.isRegularFile(file))
            throw new IOException("no such image file: " + file);
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            if (in == null)
                throw new IOException(file + ": cannot be opened");
            return decode(in, file.toString());
        }
    }

    /** Decodes image data (JPEG, PNG, ...) as {@link #read(Path)} does; {@code what} names it in errors. */
    public static BufferedImage decode(byte[] data, String what) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(data))) {
            return decode(in, what);
        }
    }

    private static BufferedImage decode(ImageInputStream in, String what) throws IOException {
        Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
        if (!readers.hasNext())
            throw new IOException(what + ": not an image format this build can read");
        ImageReader reader = readers.next();
        try {
            reader.setInput(in, true, true);
            int width, height;
            try {
                width = reader.getWidth(0);
                height = reader.getHeight(0);
            } catch (IOException | RuntimeException e) {
                throw new IOException(what + ": the image header cannot be read: " + describe(e), e);
            }
            checkSize(width, height, what);
            try {
                return reader.read(0);
            } catch (IOException | RuntimeException e) {
                throw new IOException(what + ": the " + width + "x" + height + " image cannot be decoded: "
                        + describe(e), e);
            }
        } finally {
            reader.dispose();
        }
    }

    /** Refuses an image with a side over {@link #MAX_SIDE} or more pixels than {@value #MAX_PIXELS_PROPERTY}. */
    public static void checkSize(long width, long height, String what) throws IOException {
        long maxPixels = LimitProperties.positive(MAX_PIXELS_PROPERTY, DEFAULT_MAX_PIXELS);
        if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE || width * height > maxPixels)
            throw new IOException(what + ": an image of " + width + "x" + height + " is refused: at most " + MAX_SIDE
                    + " pixels a side and " + maxPixels + " pixels (system property " + MAX_PIXELS_PROPERTY + ")");
    }

    /** An exception's message with those of its causes (ImageIO wraps the decoder's error in one of its own). */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            String m = t.getMessage();
            String part = m == null || m.isBlank() ? t.getClass().getSimpleName() : m.strip();
            if (text.indexOf(part) < 0)
                text.append(text.length() == 0 ? "" : ": ").append(part);
        }
        return text.toString();
    }

    /**
     * Converts any BufferedImage to 8-bit grey. 16-bit grey is scaled down to 8 bits; colour, palette and 1-bit images
     * are converted from their RGB values with OpenCV's weights.
     */
    public static GrayImage toGray(BufferedImage image) {
        int w = image.getWidth(), h = image.getHeight();
        if (image.getType() == BufferedImage.TYPE_BYTE_GRAY) {
            byte[] src = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
            var sm = image.getRaster().getSampleModel();
            int stride = ((java.awt.image.ComponentSampleModel) sm).getScanlineStride();
            int offset = image.getRaster().getDataBuffer().getOffset()
                    - image.getRaster().getSampleModelTranslateY() * stride
                    - image.getRaster().getSampleModelTranslateX();
            return new GrayImage(w, h, stride, offset, src).packed();
        }
        var raster = image.getRaster();
        int bands = raster.getNumBands();
        GrayImage out = GrayImage.create(w, h);
        // palette and 1-bit images hold indices, not intensities: they go through the colour model below
        boolean indexed = image.getColorModel() instanceof java.awt.image.IndexColorModel;
        if (bands <= 2 && !indexed) {
            int bits = image.getColorModel().getComponentSize(0);
            int shift = Math.max(0, bits - 8);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    out.set(x, y, raster.getSample(x, y, 0) >>> shift);
            return out;
        }
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int rgb = image.getRGB(x, y);
                int r = (rgb >> 16) & 0xFF, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF;
                out.set(x, y, luma(r, g, b));
            }
        }
        return out;
    }

    /** Grey of an 8-bit RGB colour with OpenCV's fixed-point BGR2GRAY weights: (R*4899 + G*9617 + B*1868 + 8192) >> 14. */
    public static int luma(int r, int g, int b) {
        return (r * 4899 + g * 9617 + b * 1868 + 8192) >> 14;
    }

    public static BufferedImage toBufferedImage(GrayImage image) {
        BufferedImage out = new BufferedImage(image.width, image.height, BufferedImage.TYPE_BYTE_GRAY);
        byte[] dst = ((DataBufferByte) out.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < image.height; y++)
            System.arraycopy(image.data, image.offset + y * image.stride, dst, y * image.width, image.width);
        return out;
    }

    public static void writePng(GrayImage image, Path file) throws IOException {
        ImageIO.write(toBufferedImage(image), "png", file.toFile());
    }
}
