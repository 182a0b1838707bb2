package org.gpuvo.ros.image;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.ros.msg.CompressedImage;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;

/**
 * Decodes {@code sensor_msgs/CompressedImage} (image_transport's "compressed": JPEG or PNG) to 8-bit grey with the
 * JDK's ImageIO. The codec is recognised by the data's signature, so a format field such as
 * "bgr8; jpeg compressed bgr8" or a wrong one does not matter.
 */
public final class CompressedImages {
    private CompressedImages() {
    }

    /** The image as 8-bit grey (colour converted with OpenCV's weights, 16-bit scaled down). */
    public static GrayImage toGray(CompressedImage image) {
        byte[] data = image.data();
        if (!isJpeg(data) && !isPng(data))
            throw new MalformedImageException("compressed image (format '" + image.format() + "', " + data.length
                    + " bytes) is neither JPEG nor PNG");
        BufferedImage decoded;
        try {
            decoded = ImageFiles.decode(data, "compressed image (format '" + image.format() + "')");
        } catch (IOException | RuntimeException e) {
            throw new MalformedImageException(e.getMessage(), e);
        }
        return ImageFiles.toGray(decoded);
    }

    /**
     * Width and height of a compressed image from its header, without decoding the pixels.
     *
     * @throws MalformedImageException where the data is neither JPEG nor PNG or its header cannot be read
     */
    public static int[] size(CompressedImage image) {
        byte[] data = image.data();
        if (!isJpeg(data) && !isPng(data))
            throw new MalformedImageException("compressed image (format '" + image.format() + "', " + data.length
                    + " bytes) is neither JPEG nor PNG");
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(data))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext())
                throw new MalformedImageException("compressed image (format '" + image.format() + "') has no reader");
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                int[] size = {reader.getWidth(0), reader.getHeight(0)};
                ImageFiles.checkSize(size[0], size[1], "compressed image (format '" + image.format() + "')");
                return size;
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof MalformedImageException m)
                throw m;
            throw new MalformedImageException("compressed image (format '" + image.format() + "') has no readable header: "
                    + e.getMessage(), e);
        }
    }

    static boolean isJpeg(byte[] d) {
        return d.length >= 3 && (d[0] & 0xFF) == 0xFF && (d[1] & 0xFF) == 0xD8 && (d[2] & 0xFF) == 0xFF;
    }

    static boolean isPng(byte[] d) {
        return d.length >= 8 && (d[0] & 0xFF) == 0x89 && d[1] == 'P' && d[2] == 'N' && d[3] == 'G';
    }
}
