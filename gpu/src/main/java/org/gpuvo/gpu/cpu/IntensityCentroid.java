package org.gpuvo.gpu.cpu;

/**
 * Keypoint orientation by the intensity centroid (Rosin, "Measuring corner properties", 1999), as ORB uses it:
 * the angle of the vector from the keypoint to the centroid of the intensities in a disc of radius
 * {@code patchSize/2}, from the moments m10 and m01, in degrees as OpenCV's {@code fastAtan2} computes it.
 */
final class IntensityCentroid {
    private final int halfPatch;
    /** half-width of the disc on each row offset v = 0..halfPatch (OpenCV's {@code umax}) */
    private final int[] rowHalfWidth;

    IntensityCentroid(int patchSize) {
        halfPatch = patchSize / 2;
        rowHalfWidth = new int[halfPatch + 2];
        // the same construction as OpenCV's computeKeyPoints: round for the lower rows, then mirror so that the
        // disc is symmetric under transposition
        int vmax = (int) Math.floor(halfPatch * Math.sqrt(2.f) / 2 + 1);
        int vmin = (int) Math.ceil(halfPatch * Math.sqrt(2.f) / 2);
        for (int v = 0; v <= vmax; ++v)
            rowHalfWidth[v] = (int) Math.rint(Math.sqrt((double) halfPatch * halfPatch - v * v));
        for (int v = halfPatch, v0 = 0; v >= vmin; --v) {
            while (rowHalfWidth[v0] == rowHalfWidth[v0 + 1])
                ++v0;
            rowHalfWidth[v] = v0;
            ++v0;
        }
    }

    /** Orientation in degrees, [0, 360), of the patch centred on level pixel (x, y). */
    float angle(PyramidLevel level, int x, int y) {
        byte[] img = level.pixels;
        int step = level.stride;
        int center = level.origin + y * step + x;
        int m01 = 0, m10 = 0;
        for (int u = -halfPatch; u <= halfPatch; ++u)
            m10 += u * (img[center + u] & 0xFF);
        for (int v = 1; v <= halfPatch; ++v) {
            int vSum = 0;
            int d = rowHalfWidth[v];
            for (int u = -d; u <= d; ++u) {
                int plus = img[center + u + v * step] & 0xFF, minus = img[center + u - v * step] & 0xFF;
                vSum += plus - minus;
                m10 += u * (plus + minus);
            }
            m01 += v * vSum;
        }
        return fastAtan2(m01, m10);
    }

    private static final float DEG = (float) (180 / Math.PI);
    private static final float P1 = 0.9997878412794807f * DEG;
    private static final float P3 = -0.3258083974640975f * DEG;
    private static final float P5 = 0.1555786518463281f * DEG;
    private static final float P7 = -0.04432655554792128f * DEG;
    private static final float EPS = (float) Math.ulp(1.0);

    /**
     * OpenCV's {@code fastAtan2}: a degree-7 polynomial approximation of atan2 in degrees, [0, 360), about 0.01°
     * accurate. Reproduced operation for operation so that angles, and the descriptors steered by them, agree.
     */
    static float fastAtan2(float y, float x) {
        float ax = Math.abs(x), ay = Math.abs(y);
        float a, c, c2;
        if (ax >= ay) {
            c = ay / (ax + EPS);
            c2 = c * c;
            a = (((P7 * c2 + P5) * c2 + P3) * c2 + P1) * c;
        } else {
            c = ax / (ay + EPS);
            c2 = c * c;
            a = 90.f - (((P7 * c2 + P5) * c2 + P3) * c2 + P1) * c;
        }
        if (x < 0)
            a = 180.f - a;
        if (y < 0)
            a = 360.f - a;
        return a;
    }
}
