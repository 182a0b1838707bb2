package org.gpuvo.gpu.cpu;

/**
 * ORB's rotated BRIEF descriptor (Rublee et al., ICCV 2011; Calonder et al., "BRIEF", ECCV 2010): the 256 test
 * pairs of {@link OrbPattern} rotated by the keypoint's angle, each point rounded to the nearest pixel of the
 * smoothed level, bit set when the first point is darker. Float arithmetic and rounding follow OpenCV's
 * {@code computeOrbDescriptors} so that the bits agree.
 */
final class SteeredBrief {
    private static final int[] PAIRS = OrbPattern.pairs();
    private static final float DEG_TO_RAD = (float) (Math.PI / 180.f);

    private SteeredBrief() {
    }

    /**
     * Writes the 32-byte descriptor of the keypoint at level pixel (x, y) with orientation {@code angle} degrees
     * into {@code out[outOffset..outOffset+31]}. The rotated pattern reaches at most 19 pixels from the centre,
     * which the level's border must cover.
     */
    static void describe(PyramidLevel level, int x, int y, float angle, byte[] out, int outOffset) {
        float rad = angle * DEG_TO_RAD;
        float a = (float) Math.cos(rad), b = (float) Math.sin(rad);
        byte[] img = level.smoothed;
        int step = level.stride;
        int center = level.origin + y * step + x;
        int[] p = PAIRS;
        for (int i = 0, t = 0; i < 32; i++) {
            int val = 0;
            for (int bit = 0; bit < 8; bit++, t += 4) {
                int t0 = sample(img, center, step, p[t], p[t + 1], a, b);
                int t1 = sample(img, center, step, p[t + 2], p[t + 3], a, b);
                if (t0 < t1)
                    val |= 1 << bit;
            }
            out[outOffset + i] = (byte) val;
        }
    }

    private static int sample(byte[] img, int center, int step, int px, int py, float a, float b) {
        float x = px * a - py * b;
        float y = px * b + py * a;
        int ix = (int) Math.rint(x), iy = (int) Math.rint(y);
        return img[center + iy * step + ix] & 0xFF;
    }
}
