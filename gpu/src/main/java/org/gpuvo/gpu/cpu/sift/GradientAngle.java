package org.gpuvo.gpu.cpu.sift;

/**
 * The direction atan2(gy, gx) of an image gradient mapped to [0, 2π), in float, fast enough to be taken at every
 * sample of every orientation window and descriptor ({@link Math#atan2} costs about 55 ns here, this about 5).
 * With t = min(|gx|, |gy|) / max(|gx|, |gy|) in [0, 1], atan t = π/4 + atan((t − 1)/(t + 1)) brings the
 * argument to |t| ≤ tan(π/8), where the Taylor series t − t³/3 + t⁵/5 − … to t¹⁵ is within 2·10⁻⁸ rad of
 * atan, below float resolution; the octant is then restored. The result agrees with {@code atan2f} to a few
 * float ulps ({@code gpu/SIFT.md} §0 allows 10⁻⁵ rad). There are no data-dependent branches: gradient signs are
 * random, and mispredicted branches cost more than the arithmetic (the octant is restored with sign masks).
 */
public final class GradientAngle {
    static final float TWO_PI = (float) (2 * Math.PI);
    private static final float TAN_PI_8 = (float) Math.tan(Math.PI / 8);
    private static final int PI_4_BITS = Float.floatToRawIntBits((float) (Math.PI / 4));
    private static final int PI_2_BITS = Float.floatToRawIntBits((float) (Math.PI / 2));
    private static final int PI_BITS = Float.floatToRawIntBits((float) Math.PI);
    private static final int TWO_PI_BITS = Float.floatToRawIntBits(TWO_PI);
    private static final int SIGN = 0x80000000;

    private GradientAngle() {
    }

    /** atan2(gy, gx) in [0, 2π); 0 for a zero gradient. */
    public static float of(float gy, float gx) {
        float ax = Math.abs(gx), ay = Math.abs(gy);
        float large = Math.max(ax, ay);
        if (large == 0)
            return 0;
        float t = Math.min(ax, ay) / large;
        // beyond tan(π/8): atan t = π/4 + atan((t − 1)/(t + 1)); masks of all ones where a condition holds
        int far = Float.floatToRawIntBits(TAN_PI_8 - t) >> 31;
        float u = Float.intBitsToFloat(Float.floatToRawIntBits((t - 1) / (t + 1)) & far
                | Float.floatToRawIntBits(t) & ~far);
        float a = Float.intBitsToFloat(PI_4_BITS & far) + series(u);
        int steep = Float.floatToRawIntBits(ax - ay) >> 31;
        int left = Float.floatToRawIntBits(gx) >> 31;
        int below = Float.floatToRawIntBits(gy) >> 31;
        a = Float.intBitsToFloat(PI_2_BITS & steep) + Float.intBitsToFloat(Float.floatToRawIntBits(a) ^ (steep & SIGN));
        a = Float.intBitsToFloat(PI_BITS & left) + Float.intBitsToFloat(Float.floatToRawIntBits(a) ^ (left & SIGN));
        a = Float.intBitsToFloat(TWO_PI_BITS & below) + Float.intBitsToFloat(Float.floatToRawIntBits(a) ^ (below & SIGN));
        return a >= TWO_PI ? 0 : a;
    }

    /**
     * The Taylor series of atan to t¹⁵, for |t| ≤ tan(π/8), in powers of t² grouped (Estrin's scheme) so that
     * the products do not wait on each other.
     */
    private static float series(float t) {
        float t2 = t * t, t4 = t2 * t2, t8 = t4 * t4;
        float low = (1 - t2 / 3) + t4 * (1f / 5 - t2 / 7);
        float high = (1f / 9 - t2 / 11) + t4 * (1f / 13 - t2 / 15);
        return t * (low + t8 * high);
    }
}
