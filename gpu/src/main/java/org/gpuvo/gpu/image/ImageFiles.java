package org.gpuvo.gpu.image;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads image files (PNG, JPEG, TIFF, BMP, PGM/PPM) into {@link GrayImage}s and writes them back. Colour images
 * are converted with the ITU-R BT.601 weights that OpenCV's {@code COLOR_BGR2GRAY} uses, so that both libraries
 * see the same grey values.
 */
public final class ImageFiles {
    private ImageFiles() {
    }

    public static GrayImage readGray(Path file) throws IOException {
        if (!Files.isRegularFile(file))
            throw new IOException("no such image file: " + file);
        BufferedImage image = ImageIO.read(file.toFile());
        if (image == null)
            throw new IOException("not an image format this build can read: " + file);
        return toGray(image);
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
