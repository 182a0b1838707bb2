package org.gpuvo.gpu.image;

/**
 * An 8-bit greyscale image stored row by row in a byte array, each row {@code stride} bytes apart
 * (the layout of ROS's {@code mono8} and OpenCV's {@code CV_8UC1}). Pixels are unsigned: read them with
 * {@code data[offset + y*stride + x] & 0xFF}.
 *
 * <p>The constructor checks that the layout is consistent, so code that receives a {@code GrayImage} can
 * index it without further checks.
 */
public final class GrayImage {
    public final int width;
    public final int height;
    /** bytes from the start of one row to the start of the next; at least {@code width} */
    public final int stride;
    /** index of pixel (0,0) in {@link #data} */
    public final int offset;
    public final byte[] data;

    public GrayImage(int width, int height, int stride, int offset, byte[] data) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        if (stride < width)
            throw new IllegalArgumentException("row stride " + stride + " is smaller than the width " + width);
        if (data == null)
            throw new IllegalArgumentException("image data is null");
        if (offset < 0)
            throw new IllegalArgumentException("negative data offset " + offset);
        long needed = offset + (long) (height - 1) * stride + width;
        if (needed > data.length)
            throw new IllegalArgumentException("a " + width + "x" + height + " image with stride " + stride
                    + " and offset " + offset + " needs " + needed + " bytes, but the buffer holds " + data.length);
        this.width = width;
        this.height = height;
        this.stride = stride;
        this.offset = offset;
        this.data = data;
    }

    /** A tightly packed image ({@code stride == width}). */
    public GrayImage(int width, int height, byte[] data) {
        this(width, height, width, 0, data);
    }

    /** A new black, tightly packed image. */
    public static GrayImage create(int width, int height) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException("image size must be positive, got " + width + "x" + height);
        if ((long) width * height > Integer.MAX_VALUE - 8)
            throw new IllegalArgumentException("image " + width + "x" + height + " is too large for one array");
        return new GrayImage(width, height, new byte[width * height]);
    }

    /** The pixel at (x, y), 0..255. */
    public int get(int x, int y) {
        return data[offset + y * stride + x] & 0xFF;
    }

    public void set(int x, int y, int value) {
        data[offset + y * stride + x] = (byte) value;
    }

    /** A tightly packed copy of this image (the same object if it already is one with offset 0). */
    public GrayImage packed() {
        if (stride == width && offset == 0 && data.length == width * height)
            return this;
        byte[] copy = new byte[width * height];
        for (int y = 0; y < height; y++)
            System.arraycopy(data, offset + y * stride, copy, y * width, width);
        return new GrayImage(width, height, copy);
    }

    @Override
    public String toString() {
        return "GrayImage[" + width + "x" + height + ", stride " + stride + "]";
    }
}
