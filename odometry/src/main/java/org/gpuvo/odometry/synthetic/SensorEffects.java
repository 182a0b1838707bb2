package org.gpuvo.odometry.synthetic;

import java.util.SplittableRandom;

/**
 * What a camera does to the ideal image, in order: exposure gain, optical blur, Gaussian pixel noise, rounding and
 * clamping to 8 bits. Blur kernels are separable with replicated borders; the Gaussian kernel follows OpenCV's
 * {@code getGaussianKernel(size, 0)} (sigma = 0.3·((size - 1)/2 - 1) + 0.8). Motion blur, which needs the scene's
 * depth and the camera's motion, comes before all of these (see {@link MotionBlur}).
 */
final class SensorEffects {
    private SensorEffects() {
    }

    /** Normalised 1-D kernel of odd {@code size}. */
    static float[] kernel(ConfigSynthetic.BlurKernel kind, int size) {
        float[] k = new float[size];
        if (kind == ConfigSynthetic.BlurKernel.BOX) {
            java.util.Arrays.fill(k, 1f / size);
            return k;
        }
        double sigma = 0.3 * ((size - 1) * 0.5 - 1) + 0.8, sum = 0;
        double[] g = new double[size];
        for (int i = 0; i < size; i++) {
            double d = i - (size - 1) / 2.0;
            g[i] = Math.exp(-d * d / (2 * sigma * sigma));
            sum += g[i];
        }
        for (int i = 0; i < size; i++)
            k[i] = (float) (g[i] / sum);
        return k;
    }

    /**
     * Applies the effects to {@code image} (modified in place) and writes the 8-bit result to {@code out}.
     *
     * @param noise the noise source, or null for none
     */
    static void apply(float[] image, int w, int h, double gain, float[] blur, double noiseSigma,
                      SplittableRandom noise, byte[] out) {
        if (gain != 1)
            for (int i = 0; i < image.length; i++)
                image[i] *= (float) gain;
        if (blur != null && blur.length > 1)
            blur(image, w, h, blur);
        for (int i = 0; i < w * h; i++) {
            double v = image[i];
            if (noise != null && noiseSigma > 0)
                v += noiseSigma * noise.nextGaussian();
            long r = Math.round(v);
            out[i] = (byte) (r < 0 ? 0 : r > 255 ? 255 : r);
        }
    }

    private static void blur(float[] image, int w, int h, float[] k) {
        int r = k.length / 2;
        float[] line = new float[Math.max(w, h) + 2 * r];
        for (int y = 0; y < h; y++) {
            for (int x = -r; x < w + r; x++)
                line[x + r] = image[y * w + Math.max(0, Math.min(w - 1, x))];
            for (int x = 0; x < w; x++) {
                float s = 0;
                for (int j = 0; j < k.length; j++)
                    s += k[j] * line[x + j];
                image[y * w + x] = s;
            }
        }
        for (int x = 0; x < w; x++) {
            for (int y = -r; y < h + r; y++)
                line[y + r] = image[Math.max(0, Math.min(h - 1, y)) * w + x];
            for (int y = 0; y < h; y++) {
                float s = 0;
                for (int j = 0; j < k.length; j++)
                    s += k[j] * line[y + j];
                image[y * w + x] = s;
            }
        }
    }
}
