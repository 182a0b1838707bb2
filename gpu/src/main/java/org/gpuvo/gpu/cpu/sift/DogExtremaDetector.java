package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;

/**
 * Local extrema of the difference of Gaussians in space and scale (Lowe 2004, §3.1; {@code gpu/SIFT.md} §3): a
 * sample D(u, v, s) at 1 ≤ s ≤ S, one pixel or more from the border, whose magnitude reaches the pre-threshold
 * 0.8·T (VLFeat's {@code 0.8 * peak_thresh}) and which is strictly greater than all 26 neighbours of its 3×3×3
 * cube, or strictly smaller than all of them (VLFeat's strict test). Candidates come out level by level in raster
 * order, as (u, v, s) in parallel arrays.
 */
public final class DogExtremaDetector {
    public int count;
    public int[] u = new int[0];
    public int[] v = new int[0];
    public int[] s = new int[0];

    /**
     * Finds the extrema of one octave's difference planes {@code dog} (S + 2 of them, {@code width × height}).
     *
     * @param preThreshold |D| must be at least this
     */
    public void detect(float[][] dog, int width, int height, int levelsPerOctave, float preThreshold) {
        count = 0;
        for (int level = 1; level <= levelsPerOctave; level++) {
            float[] below = dog[level - 1], here = dog[level], above = dog[level + 1];
            for (int y = 1; y < height - 1; y++) {
                int row = y * width;
                for (int x = 1; x < width - 1; x++) {
                    int i = row + x;
                    float d = here[i];
                    if (!(Math.abs(d) >= preThreshold))
                        continue;
                    if (d > 0 ? isMaximum(d, below, here, above, i, width) : isMinimum(d, below, here, above, i, width))
                        add(x, y, level);
                }
            }
        }
    }

    private static boolean isMaximum(float d, float[] below, float[] here, float[] above, int i, int width) {
        for (int dy = -width; dy <= width; dy += width)
            for (int dx = -1; dx <= 1; dx++) {
                int j = i + dy + dx;
                if (!(d > below[j]) || !(d > above[j]) || (j != i && !(d > here[j])))
                    return false;
            }
        return true;
    }

    private static boolean isMinimum(float d, float[] below, float[] here, float[] above, int i, int width) {
        for (int dy = -width; dy <= width; dy += width)
            for (int dx = -1; dx <= 1; dx++) {
                int j = i + dy + dx;
                if (!(d < below[j]) || !(d < above[j]) || (j != i && !(d < here[j])))
                    return false;
            }
        return true;
    }

    private void add(int x, int y, int level) {
        if (count == u.length) {
            int n = Math.max(64, count * 2);
            u = Arrays.copyOf(u, n);
            v = Arrays.copyOf(v, n);
            s = Arrays.copyOf(s, n);
        }
        u[count] = x;
        v[count] = y;
        s[count] = level;
        count++;
    }
}
