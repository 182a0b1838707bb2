package org.gpuvo.ros.image;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;

/**
 * Converts {@code sensor_msgs/Image} messages to the pipeline's grey and depth images and back. Every message is
 * checked before a pixel is read: a known encoding, a positive size, {@code step ≥ width × bytes per pixel}, and
 * {@code height × step} bytes of data; a failing check is a {@link MalformedImageException} saying which.
 */
public final class ImageMessages {
    /** Largest side accepted: larger claims are malformed headers, not cameras. */
    public static final int MAX_SIDE = 1 << 15;

    private ImageMessages() {
    }

    /** The message's encoding, checked against its geometry and data length. */
    public static ImageEncoding check(Image image) {
        ImageEncoding encoding = ImageEncoding.of(image.encoding()).orElseThrow(() -> new MalformedImageException(
                "unknown encoding '" + image.encoding() + "' (supported: " + ImageEncoding.supported() + ")"));
        int w = image.width(), h = image.height();
        if (w <= 0 || h <= 0 || w > MAX_SIDE || h > MAX_SIDE)
            throw new MalformedImageException("image size " + Integer.toUnsignedString(w) + "x"
                    + Integer.toUnsignedString(h) + " is not between 1 and " + MAX_SIDE + " on each side");
        long rowBytes = (long) w * encoding.bytesPerPixel();
        long step = Integer.toUnsignedLong(image.step());
        if (step < rowBytes)
            throw new MalformedImageException("step " + step + " is smaller than width × bytes per pixel = " + w + " × "
                    + encoding.bytesPerPixel() + " = " + rowBytes + " (" + encoding.rosName + ")");
        long need = step * h;
        if (image.data().length < need)
            throw new MalformedImageException("data holds " + image.data().length + " bytes, fewer than height × step = "
                    + h + " × " + step + " = " + need);
        return encoding;
    }

    /** The message's pixels as 8-bit grey: mono8 as it is, mono16 scaled to 8 bits, colour with OpenCV's weights. */
    public static GrayImage toGray(Image image) {
        ImageEncoding encoding = check(image);
        int w = image.width(), h = image.height(), step = image.step();
        byte[] src = image.data();
        switch (encoding) {
            case MONO8:
                // no copy where the rows are packed: the pixels are the message's
                return step == w && src.length == w * h ? new GrayImage(w, h, src) : new GrayImage(w, h, step, 0, src).packed();
            case MONO16: {
                GrayImage out = GrayImage.create(w, h);
                int hi = image.bigEndian() ? 0 : 1;
                for (int y = 0; y < h; y++)
                    for (int x = 0, s = y * step + hi; x < w; x++, s += 2)
                        out.data[y * w + x] = src[s];
                return out;
            }
            case RGB8, BGR8, RGBA8, BGRA8: {
                int bpp = encoding.bytesPerPixel();
                boolean rgb = encoding == ImageEncoding.RGB8 || encoding == ImageEncoding.RGBA8;
                GrayImage out = GrayImage.create(w, h);
                for (int y = 0; y < h; y++)
                    for (int x = 0, s = y * step; x < w; x++, s += bpp) {
                        int c0 = src[s] & 0xFF, c1 = src[s + 1] & 0xFF, c2 = src[s + 2] & 0xFF;
                        out.data[y * w + x] = (byte) (rgb ? ImageFiles.luma(c0, c1, c2) : ImageFiles.luma(c2, c1, c0));
                    }
                return out;
            }
            default:
                throw new MalformedImageException("a " + encoding.rosName + " image is depth, not intensity");
        }
    }

    /** The message's depth in metres: 16UC1 millimetres or 32FC1 metres (0 and NaN mean no depth). */
    public static DepthImage toDepth(Image image) {
        ImageEncoding encoding = check(image);
        if (!encoding.isDepth())
            throw new MalformedImageException("a depth image must be 16UC1 (mm) or 32FC1 (m), not " + encoding.rosName);
        int w = image.width(), h = image.height(), step = image.step();
        byte[] src = image.data();
        boolean big = image.bigEndian();
        float[] metres = new float[w * h];
        for (int y = 0; y < h; y++) {
            int s = y * step;
            for (int x = 0; x < w; x++) {
                if (encoding == ImageEncoding.DEPTH_16UC1) {
                    int b0 = src[s] & 0xFF, b1 = src[s + 1] & 0xFF;
                    metres[y * w + x] = (big ? b0 << 8 | b1 : b1 << 8 | b0) / 1000f;
                    s += 2;
                } else {
                    int b0 = src[s] & 0xFF, b1 = src[s + 1] & 0xFF, b2 = src[s + 2] & 0xFF, b3 = src[s + 3] & 0xFF;
                    int bits = big ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0;
                    metres[y * w + x] = Float.intBitsToFloat(bits);
                    s += 4;
                }
            }
        }
        return new DepthImage(w, h, metres);
    }

    /** A mono8 message of a grey image (rows packed). */
    public static Image fromGray(GrayImage gray, Header header) {
        // packed() holds exactly width × height bytes from offset 0
        return new Image(header, gray.height, gray.width, ImageEncoding.MONO8.rosName, false, gray.width, gray.packed().data);
    }

    /** A 32FC1 little-endian message of a depth image in metres (exact: no rounding to millimetres). */
    public static Image fromDepth(DepthImage depth, Header header) {
        byte[] data = new byte[depth.metres.length * 4];
        for (int i = 0, s = 0; i < depth.metres.length; i++, s += 4) {
            int bits = Float.floatToRawIntBits(depth.metres[i]);
            data[s] = (byte) bits;
            data[s + 1] = (byte) (bits >>> 8);
            data[s + 2] = (byte) (bits >>> 16);
            data[s + 3] = (byte) (bits >>> 24);
        }
        return new Image(header, depth.height, depth.width, ImageEncoding.DEPTH_32FC1.rosName, false, depth.width * 4, data);
    }
}
