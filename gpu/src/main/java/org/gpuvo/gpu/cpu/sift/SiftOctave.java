package org.gpuvo.gpu.cpu.sift;

/**
 * One octave of the SIFT scale space (Lowe 2004, §3): S + 3 Gaussian levels of one size. Octave {@code o}'s pixel
 * (u, v) is input pixel (u·2^o + origin, v·2^o + origin), the origin −¼ where the first octave is upsampled
 * ({@code gpu/SIFT.md} §1), else 0; level s has the nominal blur σ0·2^(s/S) in this octave's pixels. The planes
 * are row-major, tightly packed, and may be longer than {@code width·height} (buffers are reused between frames).
 */
public final class SiftOctave {
    /** octave index o (-1 for the upsampled first octave) */
    public final int index;
    public final int width;
    public final int height;
    /** 2^o: input pixels per octave pixel */
    public final float scale;
    /** input coordinate of the octave's pixel 0 (in x and in y): −¼ after upsampling, else 0 */
    public final float origin;
    /** Gaussian levels G(o, s), s = 0 … S + 2 */
    public final float[][] gauss;

    SiftOctave(int index, int width, int height, float origin, float[][] gauss) {
        this.index = index;
        this.width = width;
        this.height = height;
        this.scale = (float) Math.scalb(1.0, index);
        this.origin = origin;
        this.gauss = gauss;
    }

    /** The origin of every octave of a scale space starting at {@code firstOctave}: −¼ when upsampled, else 0. */
    public static float origin(int firstOctave) {
        return firstOctave < 0 ? InputPlane.UPSAMPLED_ORIGIN : 0f;
    }

    public int levels() {
        return gauss.length;
    }
}
