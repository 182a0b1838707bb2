package org.gpuvo.gpu.cpu;

/**
 * One level of the ORB image pyramid, stored with a border of {@link #border} pixels on every side filled by
 * reflection (OpenCV's {@code BORDER_REFLECT_101}), as OpenCV's ORB lays its levels out. The border lets the
 * detectors and the descriptor read around any pixel of the level without bounds checks.
 */
public final class PyramidLevel {
    public int width;
    public int height;
    /** ratio of level-0 size to this level's size, {@code scaleFactor^level} rounded to float as OpenCV does */
    public float scale;
    public final int border;
    /** distance in bytes between rows of {@link #pixels} and {@link #smoothed} */
    public int stride;
    /** index of pixel (0, 0) in {@link #pixels} and {@link #smoothed} */
    public int origin;
    /** the resampled image: FAST, Harris and the orientation read it */
    public byte[] pixels = new byte[0];
    /** the same after the 7×7 Gaussian (σ = 2): the descriptor's tests read it */
    public byte[] smoothed = new byte[0];

    PyramidLevel(int border) {
        this.border = border;
    }

    /** Sets the size and grows the buffers if needed; the contents are undefined until written. */
    void resize(int width, int height, float scale) {
        this.width = width;
        this.height = height;
        this.scale = scale;
        this.stride = width + 2 * border;
        this.origin = border * stride + border;
        int bytes = stride * (height + 2 * border);
        if (pixels.length < bytes) {
            pixels = new byte[bytes];
            smoothed = new byte[bytes];
        }
    }

    /** Pixel (x, y) of the resampled image, 0..255; -border &lt;= x &lt; width + border. */
    public int get(int x, int y) {
        return pixels[origin + y * stride + x] & 0xFF;
    }

    /** Fills the border of {@code buffer} by reflecting the level's pixels about its edges, excluding the edge. */
    void fillBorder(byte[] buffer) {
        for (int y = 0; y < height; y++) {
            int row = origin + y * stride;
            for (int i = 1; i <= border; i++) {
                buffer[row - i] = buffer[row + reflect101(-i, width)];
                buffer[row + width - 1 + i] = buffer[row + reflect101(width - 1 + i, width)];
            }
        }
        int rowBytes = stride;
        for (int i = 1; i <= border; i++) {
            System.arraycopy(buffer, origin - border + reflect101(-i, height) * stride,
                    buffer, origin - border - i * stride, rowBytes);
            System.arraycopy(buffer, origin - border + reflect101(height - 1 + i, height) * stride,
                    buffer, origin - border + (height - 1 + i) * stride, rowBytes);
        }
    }

    /** OpenCV's {@code borderInterpolate} for {@code BORDER_REFLECT_101}: gfedcb|abcdefgh|gfedcba. */
    static int reflect101(int p, int length) {
        if (length == 1)
            return 0;
        while (p < 0 || p >= length)
            p = p < 0 ? -p : 2 * length - 2 - p;
        return p;
    }
}
