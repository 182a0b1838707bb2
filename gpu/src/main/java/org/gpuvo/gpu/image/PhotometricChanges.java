package org.gpuvo.gpu.image;

/**
 * Changes of an image's intensities that leave its geometry alone, for making a second view whose true
 * correspondence with the first is the identity: a Gaussian blur and a brightness offset.
 */
public final class PhotometricChanges {
    private PhotometricChanges() {
    }

    /**
     * The image blurred by a Gaussian of standard deviation {@code sigma} pixels ({@link GaussianBlur}: kernel cut
     * at ceil(3σ), edges replicated), rounded to the nearest integer.
     *
     * @throws IllegalArgumentException if the image is null or sigma is not in (0, 1000)
     */
    public static GrayImage gaussianBlur(GrayImage image, double sigma) {
        if (image == null)
            throw new IllegalArgumentException("image is null");
        int w = image.width, h = image.height;
        float[] values = new float[w * h];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                values[y * w + x] = image.get(x, y);
        float[] blurred = GaussianBlur.blur(values, w, h, sigma);
        GrayImage out = GrayImage.create(w, h);
        for (int i = 0; i < blurred.length; i++)
            out.data[i] = (byte) Math.min(255, Math.max(0, Math.round(blurred[i])));
        return out;
    }

    /**
     * The image with {@code delta} added to every pixel, clipped to [0, 255] as a camera's brighter or darker
     * exposure would be.
     *
     * @throws IllegalArgumentException if the image is null or |delta| &gt; 255
     */
    public static GrayImage brightness(GrayImage image, int delta) {
        if (image == null)
            throw new IllegalArgumentException("image is null");
        if (Math.abs(delta) > 255)
            throw new IllegalArgumentException("brightness offset must be in [-255, 255], got " + delta);
        GrayImage out = GrayImage.create(image.width, image.height);
        for (int y = 0; y < image.height; y++)
            for (int x = 0; x < image.width; x++)
                out.set(x, y, Math.min(255, Math.max(0, image.get(x, y) + delta)));
        return out;
    }
}
