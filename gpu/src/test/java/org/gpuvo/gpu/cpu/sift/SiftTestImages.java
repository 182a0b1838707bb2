package org.gpuvo.gpu.cpu.sift;

import org.gpuvo.gpu.image.GrayImage;

/** Small synthetic images with known SIFT answers: Gaussian blobs, ramps and edges, and exact rotations. */
final class SiftTestImages {
    private SiftTestImages() {
    }

    /** A plane of grey levels, rounded and clamped into a byte image. */
    static GrayImage toImage(double[] grey, int width, int height) {
        GrayImage image = GrayImage.create(width, height);
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                image.set(x, y, (int) Math.max(0, Math.min(255, Math.round(grey[y * width + x]))));
        return image;
    }

    static double[] constant(int width, int height, double grey) {
        double[] g = new double[width * height];
        java.util.Arrays.fill(g, grey);
        return g;
    }

    /** Adds an anisotropic Gaussian blob of peak {@code amplitude} grey levels (negative: dark) at (cx, cy). */
    static double[] addBlob(double[] grey, int width, double cx, double cy, double sigmaX, double sigmaY,
                            double amplitude) {
        int height = grey.length / width;
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                double dx = (x - cx) / sigmaX, dy = (y - cy) / sigmaY;
                grey[y * width + x] += amplitude * Math.exp(-(dx * dx + dy * dy) / 2);
            }
        return grey;
    }

    /** Adds a linear ramp rising by {@code slope} grey levels per pixel along the direction {@code degrees} (y down). */
    static double[] addRamp(double[] grey, int width, double degrees, double slope) {
        int height = grey.length / width;
        double c = Math.cos(Math.toRadians(degrees)), s = Math.sin(Math.toRadians(degrees));
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++)
                grey[y * width + x] += slope * (c * (x - width / 2.0) + s * (y - height / 2.0));
        return grey;
    }

    /**
     * The image turned by +90° in gpuvo's angle convention (x right, y down: the direction (1, 0) becomes (0, 1),
     * clockwise on screen): pixel (x, y) goes to (h − 1 − y, x).
     */
    static GrayImage rotate90(GrayImage image) {
        int w = image.width, h = image.height;
        GrayImage out = GrayImage.create(h, w);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                out.set(h - 1 - y, x, image.get(x, y));
        return out;
    }
}
