package org.gpuvo.gpu.image;

/**
 * A separable Gaussian blur of a float image, horizontal pass first, with the kernel {@code exp(−k²/(2σ²))} cut at
 * radius {@code ceil(3σ)} and normalised to sum 1, and borders handled by clamping the coordinate (replicate edge).
 * It makes test images (synthetic scenes, blurred views), not features: SIFT's scale space has its own blur.
 */
final class GaussianBlur {
    private GaussianBlur() {
    }

    /** A blurred copy of the {@code width}×{@code height} image {@code img} (row-major); {@code sigma} must be positive. */
    static float[] blur(float[] img, int width, int height, double sigma) {
        if (!(sigma > 0 && sigma < 1000))
            throw new IllegalArgumentException("blur sigma must be in (0, 1000), got " + sigma);
        int r = (int) Math.ceil(3 * sigma);
        float[] k = new float[2 * r + 1];
        float sum = 0;
        for (int i = -r; i <= r; i++)
            sum += k[i + r] = (float) Math.exp(-i * i / (2 * sigma * sigma));
        for (int i = 0; i < k.length; i++)
            k[i] /= sum;
        float[] tmp = new float[img.length], out = new float[img.length];
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                float acc = 0;
                for (int i = -r; i <= r; i++)
                    acc += k[i + r] * img[y * width + Math.min(width - 1, Math.max(0, x + i))];
                tmp[y * width + x] = acc;
            }
        for (int y = 0; y < height; y++)
            for (int x = 0; x < width; x++) {
                float acc = 0;
                for (int i = -r; i <= r; i++)
                    acc += k[i + r] * tmp[Math.min(height - 1, Math.max(0, y + i)) * width + x];
                out[y * width + x] = acc;
            }
        return out;
    }
}
