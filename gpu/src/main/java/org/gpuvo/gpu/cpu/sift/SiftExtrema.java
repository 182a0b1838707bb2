package org.gpuvo.gpu.cpu.sift;

import java.util.Arrays;

/**
 * Refined scale-space extrema as parallel primitive arrays (no object per extremum): where each lies in its
 * octave (for orientation and description) and in the input image (for the keypoint).
 */
public final class SiftExtrema {
    public int count;
    /** position of the octave in the scale space (0 for the first octave) */
    public int[] octave = new int[0];
    /** integer level s of the refined extremum, 1 … S: orientation and descriptor read G(o, s) */
    public int[] level = new int[0];
    /** refined position in octave pixels */
    public float[] octaveX = new float[0];
    public float[] octaveY = new float[0];
    /** σ0·2^((s + δs)/S), the keypoint's scale in octave pixels */
    public float[] octaveSigma = new float[0];
    /** refined position in input pixels */
    public float[] x = new float[0];
    public float[] y = new float[0];
    /** scale σ in input pixels */
    public float[] sigma = new float[0];
    /** |D| interpolated at the refined extremum */
    public float[] response = new float[0];

    public void clear() {
        count = 0;
    }

    public void add(int octave, int level, float octaveX, float octaveY, float octaveSigma, float scale,
                    float response) {
        if (count == this.octave.length)
            grow(Math.max(64, count * 2));
        int i = count++;
        this.octave[i] = octave;
        this.level[i] = level;
        this.octaveX[i] = octaveX;
        this.octaveY[i] = octaveY;
        this.octaveSigma[i] = octaveSigma;
        this.x[i] = octaveX * scale;
        this.y[i] = octaveY * scale;
        this.sigma[i] = octaveSigma * scale;
        this.response[i] = response;
    }

    private void grow(int n) {
        octave = Arrays.copyOf(octave, n);
        level = Arrays.copyOf(level, n);
        octaveX = Arrays.copyOf(octaveX, n);
        octaveY = Arrays.copyOf(octaveY, n);
        octaveSigma = Arrays.copyOf(octaveSigma, n);
        x = Arrays.copyOf(x, n);
        y = Arrays.copyOf(y, n);
        sigma = Arrays.copyOf(sigma, n);
        response = Arrays.copyOf(response, n);
    }
}
