package org.gpuvo.gpu.features;

import org.gpuvo.gpu.struct.Configuration;

/**
 * Parameters of SIFT extraction (D. G. Lowe, "Distinctive Image Features from Scale-Invariant Keypoints", IJCV
 * 60(2), 2004; where Lowe leaves a choice, VLFeat's {@code vl_sift} conventions). The defaults are Lowe's and
 * OpenCV's ({@code cv::SIFT}) except {@link #firstOctave}, 0 here for speed (OpenCV upsamples by default). The
 * algorithm that both backends follow, stage by stage, is written down in {@code gpu/SIFT.md}.
 */
public final class ConfigSift implements Configuration {
    /** the most features one image may be asked for */
    public static final int MAX_FEATURES = 1 << 18;

    /** Keep at most this many features, the strongest by {@code |DoG|} response (ties: lower y, then lower x). */
    public int maxFeatures = 2000;
    /** -1 starts with the input upsampled twice (more, smaller features; slower), 0 at the input's resolution. */
    public int firstOctave = 0;
    /** Number of octaves; 0 takes as many as fit (an octave's shorter side must be at least {@link #minOctaveSide()}). */
    public int octaves = 0;
    /** Scales sampled per octave, S (Lowe: 3). */
    public int levelsPerOctave = 3;
    /** Blur σ0 of each octave's first level, in that octave's pixels (Lowe: 1.6). */
    public double sigma = 1.6;
    /** Blur already in the input image (Lowe: 0.5). */
    public double inputSigma = 0.5;
    /**
     * A refined extremum is kept when |D(x̂)| ≥ contrastThreshold / S, with intensities in [0, 1] (OpenCV's
     * convention and default: 0.04). Fixed for the extractor's life unless changed with
     * {@link SiftExtractor#setContrastThreshold} (the visual odometry's front end adapts it to the feature count:
     * {@code org.gpuvo.odometry.frontend.AdaptiveSiftThreshold}).
     */
    public double contrastThreshold = 0.04;
    /** Edge response limit r: kept when tr(H)² / det(H) &lt; (r + 1)² / r (Lowe: 10). */
    public double edgeThreshold = 10;
    /** Further orientations are assigned to histogram peaks at least this fraction of the highest (Lowe: 0.8). */
    public double orientationPeakRatio = 0.8;
    /** The most orientations one keypoint gets (VLFeat: 4). */
    public int maxOrientations = 4;
    /** Descriptor bin width in multiples of the keypoint's σ (VLFeat's magnif: 3). */
    public double magnification = 3;
    /** RootSIFT (Arandjelović and Zisserman, CVPR 2012): L1-normalise, then take square roots. */
    public boolean rootSift = false;

    /** the least {@link #minOctaveSide()} whatever the descriptor's size */
    public static final int MIN_OCTAVE_SIDE = 16;
    /** spatial bins of the descriptor along x or y (Lowe: 4) */
    public static final int DESCRIPTOR_SPATIAL_BINS = 4;

    public ConfigSift() {
    }

    public ConfigSift(int maxFeatures) {
        this.maxFeatures = maxFeatures;
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigSift checkValidity() {
        if (maxFeatures < 1 || maxFeatures > MAX_FEATURES)
            throw new IllegalArgumentException("maxFeatures must be in [1, " + MAX_FEATURES + "], got " + maxFeatures);
        if (firstOctave != 0 && firstOctave != -1)
            throw new IllegalArgumentException("firstOctave must be -1 (upsampled) or 0, got " + firstOctave);
        if (octaves < 0 || octaves > 16)
            throw new IllegalArgumentException("octaves must be in [0, 16] (0: as many as fit), got " + octaves);
        if (levelsPerOctave < 1 || levelsPerOctave > 8)
            throw new IllegalArgumentException("levelsPerOctave must be in [1, 8], got " + levelsPerOctave);
        if (!(sigma > 0.5 && sigma < 8))
            throw new IllegalArgumentException("sigma must be in (0.5, 8), got " + sigma);
        if (!(inputSigma >= 0 && inputSigma < sigma * (firstOctave < 0 ? 0.5 : 1)))
            throw new IllegalArgumentException("inputSigma must be in [0, sigma" + (firstOctave < 0 ? "/2" : "")
                    + "), got " + inputSigma);
        checkContrastThreshold(contrastThreshold);
        if (!(edgeThreshold >= 1 && edgeThreshold < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("edgeThreshold must be at least 1 and finite, got " + edgeThreshold);
        if (!(orientationPeakRatio > 0 && orientationPeakRatio <= 1))
            throw new IllegalArgumentException("orientationPeakRatio must be in (0, 1], got " + orientationPeakRatio);
        if (maxOrientations < 1 || maxOrientations > 4)
            throw new IllegalArgumentException("maxOrientations must be in [1, 4], got " + maxOrientations);
        if (!(magnification > 0 && magnification <= 10))
            throw new IllegalArgumentException("magnification must be in (0, 10], got " + magnification);
        return this;
    }

    /**
     * Checks a value for {@link #contrastThreshold} (also {@link SiftExtractor#setContrastThreshold}'s argument).
     *
     * @throws IllegalArgumentException unless it is in [0, 1)
     */
    public static double checkContrastThreshold(double contrastThreshold) {
        if (!(contrastThreshold >= 0 && contrastThreshold < 1))
            throw new IllegalArgumentException("contrastThreshold must be in [0, 1), got " + contrastThreshold);
        return contrastThreshold;
    }

    /**
     * The shortest side an octave may have ({@code gpu/SIFT.md} §1): the side of the descriptor window of a keypoint
     * at the octave's base scale σ0, {@link #DESCRIPTOR_SPATIAL_BINS} + 1 bins of {@code magnification}·σ0 (samples
     * vote up to half a bin beyond the 4×4 grid), at least {@link #MIN_OCTAVE_SIDE}; 24 pixels at the defaults. Every
     * keypoint of an octave is at least σ0 (in fact σ0·2^(1/(2S)) or more), so in a shorter octave not one descriptor
     * would be whole: all would be cut by the border.
     */
    public int minOctaveSide() {
        double window = (DESCRIPTOR_SPATIAL_BINS + 1) * magnification * sigma;
        // 5 · 3 · 1.6 is 24.000000000000004 in double: the product is meant, not its last bit
        return Math.max(MIN_OCTAVE_SIDE, (int) Math.ceil(window - 1e-9));
    }

    @Override
    public ConfigSift copy() {
        ConfigSift c = new ConfigSift(maxFeatures);
        c.firstOctave = firstOctave;
        c.octaves = octaves;
        c.levelsPerOctave = levelsPerOctave;
        c.sigma = sigma;
        c.inputSigma = inputSigma;
        c.contrastThreshold = contrastThreshold;
        c.edgeThreshold = edgeThreshold;
        c.orientationPeakRatio = orientationPeakRatio;
        c.maxOrientations = maxOrientations;
        c.magnification = magnification;
        c.rootSift = rootSift;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigSift{maxFeatures=" + maxFeatures + ", firstOctave=" + firstOctave + ", octaves=" + octaves
                + ", levelsPerOctave=" + levelsPerOctave + ", sigma=" + sigma + ", inputSigma=" + inputSigma
                + ", contrastThreshold=" + contrastThreshold + ", edgeThreshold=" + edgeThreshold
                + ", orientationPeakRatio=" + orientationPeakRatio + ", maxOrientations=" + maxOrientations
                + ", magnification=" + magnification + ", rootSift=" + rootSift + "}";
    }
}
