package org.gpuvo.gpu.cpu.sift;

/**
 * The direction atan2(gy, gx) of an image gradient mapped to [0, 2π), in float, fast enough to be taken at every
 * sample of every orientation window and descriptor ({@link Math#atan2} costs about 55 ns here, this about 5).
 * The octant is reduced to |t| ≤ tan(π/8) (atan t = π/4 + atan((t − 1)/(t + 1))) where the Taylor series
 * t − t³/3 + t⁵/5 − … up to t¹⁵ is within 2·10⁻⁸ rad of atan, below float resolution: the result agrees with
 * {@code atan2f} to a few float ulps ({@code gpu/SIFT.md} §5 allows 10⁻⁵ rad).
 */
public final class GradientAngle {
    static final float TWO_PI = (float) (2 * Math.PI);
    private static final float TAN_PI_8 = (float) Math.tan(Math.PI / 8);
    private static final float PI_4 = (float) (Math.PI / 4);
    private static final float PI_2 = (float) (Math.PI / 2);
    private static final float PI = (float) Math.PI;

    private GradientAngle() {
    }

    /** atan2(gy, gx) in [0, 2π); 0 for a zero gradient. */
    public static float of(float gy, float gx) {
        float ax = Math.abs(gx), ay = Math.abs(gy);
        if (ax == 0 && ay == 0)
            return 0;
        // angle of (ax, ay) in [0, π/2]
        float a;
        if (ay <= ax)
            a = atanUnit(ay / ax);
        else
            a = PI_2 - atanUnit(ax / ay);
        if (gx < 0)
            a = PI - a;
        if (gy < 0)
            a = TWO_PI - a;
        return a >= TWO_PI ? 0 : a;
    }

    /** atan(t) for t in [0, 1]. */
    private static float atanUnit(float t) {
        if (t <= TAN_PI_8)
            return series(t);
        return PI_4 + series((t - 1) / (t + 1));
    }

    /** The Taylor series of atan to t¹⁵, for |t| ≤ tan(π/8). */
    private static float series(float t) {
        float t2 = t * t;
        float p = -1f / 15;
        p = p * t2 + 1f / 13;
        p = p * t2 - 1f / 11;
        p = p * t2 + 1f / 9;
        p = p * t2 - 1f / 7;
        p = p * t2 + 1f / 5;
        p = p * t2 - 1f / 3;
        p = p * t2 + 1;
        return t * p;
    }
}
