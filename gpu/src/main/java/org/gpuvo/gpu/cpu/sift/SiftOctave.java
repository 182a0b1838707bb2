package org.gpuvo.gpu.cpu.sift;

/**
 * One octave of the SIFT scale space (Lowe 2004, §3): S + 3 Gaussian levels of one size. Octave {@code o}'s pixel
 * (u, v) is input pixel (u·2^o, v·2^o); level s has the nominal blur σ0·2^(s/S) in this octave's pixels. The planes
 * are row-major, tightly packed, and may be longer than {@code width·height} (buffers are reused between frames).
 */
public final class SiftOctave {
    /** octave index o (-1 for the upsampled first octave) */
    public final int index;
    public final int width;
    public final int height;
    /** 2^o: input pixels per octave pixel */
    public final float scale;
    /** Gaussian levels G(o, s), s = 0 … S + 2 */
    public final float[][] gauss;

    SiftOctave(int index, int width, int height, float[][] gauss) {
        this.index = index;
        this.width = width;
        this.height = height;
        this.scale = (float) Math.scalb(1.0, index);
        this.gauss = gauss;
    }

    public int levels() {
        return gauss.length;
    }
}
