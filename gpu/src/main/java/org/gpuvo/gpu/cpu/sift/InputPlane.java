package org.gpuvo.gpu.cpu.sift;

import org.gpuvo.gpu.image.GrayImage;

/**
 * The input of the SIFT scale space as a float plane ({@code gpu/SIFT.md} §1): intensities byte / 255 in [0, 1],
 * optionally upsampled ×2 for the first octave -1 (Lowe 2004, §3.3: doubling the image before building the
 * pyramid quadruples the stable keypoints) by bilinear interpolation with pixel centres aligned
 * (VLFeat's {@code copy_and_upsample}: {@code up(2i) = in(i)}, {@code up(2i+1) = (in(i) + in(i+1)) / 2}, the last
 * column and row replicated), rows first, then columns.
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

    /** Writes the 2w × 2h upsampled {@code in} into {@code out}. */
    static void upsampleTwice(float[] in, int w, int h, float[] out) {
        int w2 = 2 * w;
        // rows: each input row becomes the even output rows
        for (int y = 0; y < h; y++) {
            int src = y * w, dst = 2 * y * w2;
            for (int x = 0; x < w - 1; x++) {
                float a = in[src + x], b = in[src + x + 1];
                out[dst + 2 * x] = a;
                out[dst + 2 * x + 1] = (a + b) / 2;
            }
            out[dst + w2 - 2] = in[src + w - 1];
            out[dst + w2 - 1] = in[src + w - 1];
        }
        // columns: odd rows between the even ones, the last replicated
        for (int y = 0; y < h - 1; y++) {
            int above = 2 * y * w2, below = above + 2 * w2, mid = above + w2;
            for (int x = 0; x < w2; x++)
                out[mid + x] = (out[above + x] + out[below + x]) / 2;
        }
        System.arraycopy(out, (2 * h - 2) * w2, out, (2 * h - 1) * w2, w2);
    }
}
