package org.gpuvo.gpu.image;

import org.gpuvo.gpu.image.SyntheticImages.Homography;

/**
 * Makes a second view of an image by warping it with a known homography and bilinear sampling, so that the true
 * correspondence of every point is known: a point {@code x} of the source is seen at {@code H·x} in the result.
 *
 * <p>Pixel-centre convention: pixel (i, j) of an image is its sample at the point (i, j), i.e. pixel centres lie at
 * integer coordinates, which is how gpuvo, OpenCV and BoofCV report keypoint positions. Pixel (i, j) of the result
 * is therefore the source interpolated at {@code H⁻¹·(i, j)}, without any half-pixel shift. Where that point lies
 * outside the hull of the source's pixel centres, [0, w − 1] × [0, h − 1], the result is {@link #OUTSIDE} (black).
 * Values are rounded to the nearest integer.
 */
public final class HomographyWarp {
    /** The value of result pixels that see no part of the source. */
    public static final int OUTSIDE = 0;

    private HomographyWarp() {
    }

    /**
     * The {@code width}×{@code height} view of {@code source} under {@code sourceToResult}.
     *
     * @throws IllegalArgumentException if an argument is null, the size is not positive, or the homography singular
     */
    public static GrayImage warp(GrayImage source, Homography sourceToResult, int width, int height) {
        if (source == null || sourceToResult == null)
            throw new IllegalArgumentException("source image and homography must not be null");
        Homography back;
        try {
            back = sourceToResult.inverse();
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("the homography is singular: it cannot warp an image", e);
        }
        double[] h = back.h();
        GrayImage out = GrayImage.create(width, height);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double w = h[6] * x + h[7] * y + h[8];
                double u = (h[0] * x + h[1] * y + h[2]) / w, v = (h[3] * x + h[4] * y + h[5]) / w;
                double value = sample(source, u, v);
                out.set(x, y, Double.isNaN(value) ? OUTSIDE : (int) Math.min(255, Math.floor(value + 0.5)));
            }
        }
        return out;
    }

    /**
     * The image bilinearly interpolated at (u, v), pixel centres at integer coordinates; NaN outside
     * [0, w − 1] × [0, h − 1] (and for NaN coordinates).
     */
    public static double sample(GrayImage image, double u, double v) {
        if (!(u >= 0 && v >= 0 && u <= image.width - 1 && v <= image.height - 1))
            return Double.NaN;
        int x0 = (int) u, y0 = (int) v;
        // on the last row or column the far neighbour has weight 0: read the pixel itself instead of past the edge
        int x1 = Math.min(x0 + 1, image.width - 1), y1 = Math.min(y0 + 1, image.height - 1);
        double fx = u - x0, fy = v - y0;
        double top = image.get(x0, y0) * (1 - fx) + image.get(x1, y0) * fx;
        double bottom = image.get(x0, y1) * (1 - fx) + image.get(x1, y1) * fx;
        return top * (1 - fy) + bottom * fy;
    }
}
