package org.gpuvo.gpu.cpu;

/**
 * Harris corner response (Harris and Stephens, "A combined corner and edge detector", 1988) over a square block,
 * computed as OpenCV's ORB does ({@code HarrisResponses} in orb.cpp): Sobel gradients, sums of Ix², Iy², IxIy over a
 * 7×7 block, {@code det − k·trace²} with k = 0.04, scaled by {@code (4·7·255)^-4}, in float arithmetic of the same
 * order so that the rankings, and hence the selected features, agree with OpenCV's.
 */
final class HarrisResponse {
    static final int BLOCK_SIZE = 7;
    static final float K = 0.04f;
    private static final float SCALE;

    static {
        float scale = 1.f / ((1 << 2) * BLOCK_SIZE * 255.f);
        SCALE = scale * scale * scale * scale;
    }

    private HarrisResponse() {
    }

    /** The response at level pixel (x, y), which must be at least {@code BLOCK_SIZE/2 + 1} inside the buffer. */
    static float compute(PyramidLevel level, int x, int y) {
        byte[] img = level.pixels;
        int step = level.stride;
        int r = BLOCK_SIZE / 2;
        int start = level.origin + (y - r) * step + (x - r);
        int a = 0, b = 0, c = 0;
        for (int i = 0; i < BLOCK_SIZE; i++) {
            int row = start + i * step;
            for (int j = 0; j < BLOCK_SIZE; j++) {
                int p = row + j;
                int ix = ((img[p + 1] & 0xFF) - (img[p - 1] & 0xFF)) * 2
                        + ((img[p - step + 1] & 0xFF) - (img[p - step - 1] & 0xFF))
                        + ((img[p + step + 1] & 0xFF) - (img[p + step - 1] & 0xFF));
                int iy = ((img[p + step] & 0xFF) - (img[p - step] & 0xFF)) * 2
                        + ((img[p + step - 1] & 0xFF) - (img[p - step - 1] & 0xFF))
                        + ((img[p + step + 1] & 0xFF) - (img[p - step + 1] & 0xFF));
                a += ix * ix;
                b += iy * iy;
                c += ix * iy;
            }
        }
        float fa = a, fb = b, fc = c;
        return (fa * fb - fc * fc - K * (fa + fb) * (fa + fb)) * SCALE;
    }
}
