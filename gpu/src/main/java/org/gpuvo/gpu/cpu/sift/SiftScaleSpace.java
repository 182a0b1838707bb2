package org.gpuvo.gpu.cpu.sift;

import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.image.GrayImage;

/**
 * The Gaussian scale space and its differences of Gaussians (Lowe 2004, §3; VLFeat's {@code vl_sift_process_*_octave}
 * with OpenCV's level numbering; {@code gpu/SIFT.md} §1–3). Octave o ∈ {firstOctave, …} holds S + 3 levels G(o, s) of
 * nominal blur σ0·2^(s/S) in its own pixels: the first octave's level 0 is the (upsampled) input blurred from
 * its assumed blur σn to σ0, each further level is the previous one blurred by the increment, and each next octave
 * starts with level S of the previous one decimated by two (exactly σ0 in the new pixels). Octaves are added while
 * the shorter side is at least {@link ConfigSift#minOctaveSide()} (and up to {@code octaves} if set).
 *
 * <p>All Gaussian levels of all octaves are kept (orientation and description read them after detection); the
 * difference-of-Gaussian planes D(o, s) = G(o, s + 1) − G(o, s) are computed one octave at a time into buffers
 * sized for the first octave. Every buffer is kept and reused by the next frame of the same or a smaller size.
 */
public final class SiftScaleSpace {
    private final int levelsPerOctave;
    private final int firstOctave;
    private final int maxOctaves;
    private final int minOctaveSide;
    /** blur taking the (upsampled) input to σ0; null where none is needed */
    private final float[] baseKernel;
    /** levelKernels[s] takes level s − 1 to level s, s = 1 … S + 2 */
    private final float[][] levelKernels;
    private final SeparableGaussianBlur blur = new SeparableGaussianBlur();

    private final List<float[][]> planes = new ArrayList<>();
    private final List<SiftOctave> octaves = new ArrayList<>();
    private int octaveCount;
    private float[] input = new float[0];
    private float[][] dog;
    private int dogOctave = Integer.MIN_VALUE;

    public SiftScaleSpace(ConfigSift config) {
        ConfigSift c = config.copy().checkValidity();
        minOctaveSide = c.minOctaveSide();
        levelsPerOctave = c.levelsPerOctave;
        firstOctave = c.firstOctave;
        maxOctaves = c.octaves;
        double inputBlur = c.inputSigma * Math.scalb(1.0, -firstOctave);
        double base = c.sigma * c.sigma - inputBlur * inputBlur;
        baseKernel = base > 0 ? GaussianKernel.weights(Math.sqrt(base)) : null;
        levelKernels = new float[levelsPerOctave + 3][];
        for (int s = 1; s < levelKernels.length; s++) {
            double now = levelSigma(c.sigma, s, levelsPerOctave), before = levelSigma(c.sigma, s - 1, levelsPerOctave);
            levelKernels[s] = GaussianKernel.weights(Math.sqrt(now * now - before * before));
        }
        dog = new float[levelsPerOctave + 2][0];
    }

    /** Nominal blur of level s in its octave's pixels: σ0·2^(s/S). */
    public static double levelSigma(double sigma0, double s, int levelsPerOctave) {
        return sigma0 * Math.pow(2, s / levelsPerOctave);
    }

    /** How many octaves an image of this size gets (0 when even the first is smaller than the minimum side). */
    public static int octaveCount(int width, int height, ConfigSift config) {
        long w = config.firstOctave < 0 ? 2L * width : width, h = config.firstOctave < 0 ? 2L * height : height;
        int n = 0;
        int minSide = config.minOctaveSide();
        while (Math.min(w, h) >= minSide && (config.octaves == 0 || n < config.octaves)) {
            n++;
            w /= 2;
            h /= 2;
        }
        return n;
    }

    /**
     * Bytes of float buffers the scale space of an image of this size holds: all Gaussian levels, the difference
     * planes and the blur's intermediate plane of the first octave, and the input plane where it is upsampled.
     */
    public static long bytesNeeded(int width, int height, ConfigSift config) {
        int n = octaveCount(width, height, config);
        if (n == 0)
            return 0;
        long w = config.firstOctave < 0 ? 2L * width : width, h = config.firstOctave < 0 ? 2L * height : height;
        long first = w * h, all = 0;
        for (int i = 0; i < n; i++, w /= 2, h /= 2)
            all += w * h;
        int s = config.levelsPerOctave;
        long floats = (s + 3) * all + (s + 2) * first + first + (config.firstOctave < 0 ? (long) width * height : 0);
        return 4 * floats;
    }

    /** Builds every Gaussian level of {@code image}; {@link #size()} octaves result, possibly none. */
    public void build(GrayImage image) {
        int w = image.width, h = image.height;
        if (firstOctave < 0) {
            w *= 2;
            h *= 2;
        }
        octaves.clear();
        dogOctave = Integer.MIN_VALUE;
        for (int o = firstOctave; Math.min(w, h) >= minOctaveSide
                && (maxOctaves == 0 || octaves.size() < maxOctaves); o++, w /= 2, h /= 2)
            octaves.add(new SiftOctave(o, w, h, SiftOctave.origin(firstOctave), planesOf(octaves.size(), w * h)));
        octaveCount = octaves.size();
        if (octaveCount == 0)
            return;
        SiftOctave first = octaves.get(0);
        float[] level0 = first.gauss[0];
        if (firstOctave < 0) {
            int n = image.width * image.height;
            if (input.length < n)
                input = new float[n];
            InputPlane.toFloat(image, input);
            InputPlane.upsampleTwice(input, image.width, image.height, level0);
        } else {
            InputPlane.toFloat(image, level0);
        }
        if (baseKernel != null)
            blur.apply(level0, level0, first.width, first.height, baseKernel);
        for (int i = 0; i < octaveCount; i++) {
            SiftOctave octave = octaves.get(i);
            if (i > 0)
                decimate(octaves.get(i - 1), octave);
            for (int s = 1; s < octave.levels(); s++)
                blur.apply(octave.gauss[s - 1], octave.gauss[s], octave.width, octave.height, levelKernels[s]);
        }
    }

    /** G(o + 1, 0)(u, v) = G(o, S)(2u, 2v). */
    private void decimate(SiftOctave from, SiftOctave to) {
        float[] src = from.gauss[levelsPerOctave], dst = to.gauss[0];
        for (int v = 0; v < to.height; v++) {
            int s = 2 * v * from.width, d = v * to.width;
            for (int u = 0; u < to.width; u++)
                dst[d + u] = src[s + 2 * u];
        }
    }

    private float[][] planesOf(int octave, int pixels) {
        if (planes.size() <= octave)
            planes.add(new float[levelsPerOctave + 3][0]);
        float[][] p = planes.get(octave);
        for (int s = 0; s < p.length; s++)
            if (p[s].length < pixels)
                p[s] = new float[pixels];
        return p;
    }

    /** Octaves built by the last {@link #build}. */
    public int size() {
        return octaveCount;
    }

    /** The {@code i}-th octave (index firstOctave + i). */
    public SiftOctave octave(int i) {
        if (i < 0 || i >= octaveCount)
            throw new IndexOutOfBoundsException("octave " + i + " of " + octaveCount);
        return octaves.get(i);
    }

    /**
     * The difference-of-Gaussian planes D(o, s) = G(o, s + 1) − G(o, s), s = 0 … S + 1, of the {@code i}-th octave,
     * valid until the next call or build.
     */
    public float[][] differences(int i) {
        SiftOctave octave = octave(i);
        if (dogOctave != i) {
            int n = octave.width * octave.height;
            for (int s = 0; s < dog.length; s++) {
                if (dog[s].length < n)
                    dog[s] = new float[n];
                float[] d = dog[s], lo = octave.gauss[s], hi = octave.gauss[s + 1];
                for (int p = 0; p < n; p++)
                    d[p] = hi[p] - lo[p];
            }
            dogOctave = i;
        }
        return dog;
    }

    public int levelsPerOctave() {
        return levelsPerOctave;
    }
}
