package org.gpuvo.odometry.dataset;

/**
 * A depth image registered to the (left / RGB) camera: metres along the optical axis, row-major. A pixel without
 * a measurement holds 0 or NaN (both mean "no depth").
 */
public final class DepthImage {
    public final int width, height;
    public final float[] metres;

    public DepthImage(int width, int height, float[] metres) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException("depth image size must be positive, got " + width + "x" + height);
        if (metres == null || metres.length != width * height)
            throw new IllegalArgumentException("depth data must hold width*height = " + width * height + " values");
        this.width = width;
        this.height = height;
        this.metres = metres;
    }

    /** Depth at a pixel, or NaN where there is none (0, NaN, or outside the image). */
    public float at(int x, int y) {
        if (x < 0 || y < 0 || x >= width || y >= height)
            return Float.NaN;
        float d = metres[y * width + x];
        return d > 0 ? d : Float.NaN;
    }
}
