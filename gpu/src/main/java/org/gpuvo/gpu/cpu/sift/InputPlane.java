package org.gpuvo.gpu.cpu.sift;

import org.gpuvo.gpu.image.GrayImage;

/**
 * The input of the SIFT scale space as a float plane ({@code gpu/SIFT.md} §1): intensities byte / 255 in [0, 1],
 * optionally upsampled ×2 for the first octave -1 (Lowe 2004, §3.3: doubling the image before building the
 * pyramid quadruples the stable keypoints) by bilinear interpolation at the sampling phase of OpenCV's
 * {@code INTER_LINEAR} resize: output pixel X samples the input at X/2 − ¼, so that every output pixel is the same
 * 3 : 1 mix of its two nearest input pixels ({@code up(2i) = ¾·in(i) + ¼·in(i−1)},
 * {@code up(2i+1) = ¾·in(i) + ¼·in(i+1)}, the border pixel standing in for its missing neighbour), rows first,
 * then columns. (Aligned upsampling, {@code up(2i) = in(i)} and {@code up(2i+1)} the mean of two, blurs even and odd
 * pixels differently; measured on the conformance pairs it gave fewer correct matches at lower precision.) Unlike
 * OpenCV, the keypoints are put back where they belong: octave pixel 0 is input coordinate
 * {@link #UPSAMPLED_ORIGIN}.
 */
final class InputPlane {
    private InputPlane() {
    }

    /** Writes the image's intensities into {@code out} (width·height floats, row-major). */
    static void toFloat(GrayImage image, float[] out) {
        int w = image.width;
        for (int y = 0; y < image.height; y++) {
            int src = image.offset + y * image.stride, dst = y * w;
            for (int x = 0; x < w; x++)
                out[dst + x] = (image.data[src + x] & 0xFF) / 255f;
        }
    }

    /** Input coordinate of the upsampled plane's pixel 0 (in x and in y): X/2 − ¼ at X = 0. */
    static final float UPSAMPLED_ORIGIN = -0.25f;
    private static final float NEAR = 0.75f, FAR = 0.25f;

    /**
     * Writes the 2w × 2h upsampled {@code in} into {@code out}: each output pixel from the 2 × 2 input pixels nearest
     * its sampling point, the two rows' 3 : 1 mixes first, then their 3 : 1 mix (the CUDA backend's
     * {@code sift_upsampled}, the same float operations).
     */
    static void upsampleTwice(float[] in, int w, int h, float[] out) {
        int w2 = 2 * w;
        for (int y2 = 0; y2 < 2 * h; y2++) {
            int near = (y2 >> 1) * w, far = neighbour(y2, h) * w, dst = y2 * w2;
            for (int x2 = 0; x2 < w2; x2++) {
                int x = x2 >> 1, xf = neighbour(x2, w);
                float a = NEAR * in[near + x] + FAR * in[near + xf];
                float b = NEAR * in[far + x] + FAR * in[far + xf];
                out[dst + x2] = NEAR * a + FAR * b;
            }
        }
    }

    /** The farther input pixel that output pixel {@code i} mixes: i/2 − 1 or i/2 + 1, within 0 … n−1. */
    private static int neighbour(int i, int n) {
        int near = i >> 1;
        return (i & 1) == 0 ? Math.max(near - 1, 0) : Math.min(near + 1, n - 1);
    }
}
