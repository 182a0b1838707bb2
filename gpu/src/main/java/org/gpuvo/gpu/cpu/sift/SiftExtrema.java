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
    /** refined position in input pixels: octave position · 2^o + the octave's origin (float) */
    public float[] x = new float[0];
    public float[] y = new float[0];
    /** scale σ in input pixels */
    public float[] sigma = new float[0];
    /** |D| interpolated at the refined extremum */
    public float[] response = new float[0];
    /**
     * the integer sample (octave, level s, row v, column u) of the refinement's last fit, packed: the refinement's
     * result depends on it alone, so two extrema with the same sample are one extremum found from two candidates
     */
    public long[] sample = new long[0];
    /** open-addressing set of samples for {@link #removeDuplicates}, reused between frames */
    private long[] seen = new long[0];

    public void clear() {
        count = 0;
    }

    /**
     * Appends an extremum refined at the integer sample ({@code u}, {@code v}, {@code level}) of {@code octave}
     * (u, v &lt; 2^16, level &lt; 256); {@code scale} and {@code origin} are the octave's ({@link SiftOctave}).
     */
    public void add(int octave, int level, int u, int v, float octaveX, float octaveY, float octaveSigma, float scale,
                    float origin, float response) {
        if (count == this.octave.length)
            grow(Math.max(64, count * 2));
        int i = count++;
        this.sample[i] = (long) octave << 40 | (long) level << 32 | (long) v << 16 | u;
        this.octave[i] = octave;
        this.level[i] = level;
        this.octaveX[i] = octaveX;
        this.octaveY[i] = octaveY;
        this.octaveSigma[i] = octaveSigma;
        this.x[i] = octaveX * scale + origin;
        this.y[i] = octaveY * scale + origin;
        this.sigma[i] = octaveSigma * scale;
        this.response[i] = response;
    }

    /**
     * Keeps the first extremum of each refined sample and drops the others, the same extremum bit for bit found
     * again from another candidate ({@code gpu/SIFT.md} §4; OpenCV's {@code removeDuplicatedSorted} drops these
     * too): a duplicate would take a second place among the strongest features and, having the same descriptor,
     * make the matcher's ratio test reject every match of it. The kept extrema keep their order.
     */
    public void removeDuplicates() {
        int slots = Integer.highestOneBit(Math.max(1, count)) * 4; // a power of two, more than twice the count
        if (seen.length < slots)
            seen = new long[slots];
        else
            Arrays.fill(seen, 0, slots, 0L);
        int mask = slots - 1, kept = 0;
        for (int i = 0; i < count; i++) {
            long key = sample[i]; // never 0: the level is at least 1
            int h = (int) ((key * 0x9E3779B97F4A7C15L) >>> 32) & mask;
            while (seen[h] != 0 && seen[h] != key)
                h = (h + 1) & mask;
            if (seen[h] == key)
                continue;
            seen[h] = key;
            move(i, kept++);
        }
        count = kept;
    }

    private void move(int from, int to) {
        if (from == to)
            return;
        octave[to] = octave[from];
        level[to] = level[from];
        octaveX[to] = octaveX[from];
        octaveY[to] = octaveY[from];
        octaveSigma[to] = octaveSigma[from];
        x[to] = x[from];
        y[to] = y[from];
        sigma[to] = sigma[from];
        response[to] = response[from];
        sample[to] = sample[from];
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
        sample = Arrays.copyOf(sample, n);
    }
}
