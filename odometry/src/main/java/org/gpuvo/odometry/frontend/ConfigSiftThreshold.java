package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.struct.Configuration;

/**
 * How the SIFT front end adapts SIFT's contrast threshold ({@code ConfigSift.contrastThreshold}) to the feature count
 * it asks for, frame after frame ({@link AdaptiveSiftThreshold}): on sparse texture (open sky, a highway) OpenCV's
 * fixed 0.04 finds a fraction of {@code maxFeatures}, too few for a monocular initialisation. The configured
 * {@code contrastThreshold} is the ceiling; the threshold steps down by {@link #step} while too few features are
 * found and back up while the count is reached. This belongs to the visual odometry's front end: the extractor
 * itself ({@code gpuvo features}, {@code conformance sift}, {@code bench}) keeps the fixed threshold it is given.
 */
public final class ConfigSiftThreshold implements Configuration {
    /** whether the threshold adapts; false keeps {@code ConfigSift.contrastThreshold} for every frame */
    public boolean adaptive = true;
    /**
     * the lowest threshold it goes down to: 0.005, OpenCV's 0.04 / 8 (a configured contrastThreshold at or below it
     * does not adapt)
     */
    public double minContrastThreshold = 0.005;
    /** lowered one step after a frame that found fewer than this fraction of {@code maxFeatures} */
    public double lowFraction = 0.7;
    /** the factor of one step down (its inverse is one step up): the thresholds are ceiling × step^k */
    public double step = 0.7;
    /**
     * raised one step after this many frames in a row that found {@code maxFeatures} (the selection caps the count,
     * so these frames had more): raising is slower than lowering so that a count that one step takes from below
     * {@link #lowFraction} to the cap does not make the threshold (and the CUDA graphs) change every frame
     */
    public int raiseAfterFrames = 5;

    public ConfigSiftThreshold() {
    }

    /** A configuration that keeps the configured threshold ({@link #adaptive} false). */
    public static ConfigSiftThreshold fixed() {
        ConfigSiftThreshold c = new ConfigSiftThreshold();
        c.adaptive = false;
        return c;
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigSiftThreshold checkValidity() {
        if (!(minContrastThreshold > 0 && minContrastThreshold < 1))
            throw new IllegalArgumentException("minContrastThreshold must be in (0, 1), got " + minContrastThreshold);
        if (!(lowFraction > 0 && lowFraction <= 1))
            throw new IllegalArgumentException("lowFraction must be in (0, 1], got " + lowFraction);
        if (!(step >= 0.1 && step < 1))
            throw new IllegalArgumentException("step must be in [0.1, 1), got " + step);
        if (raiseAfterFrames < 1)
            throw new IllegalArgumentException("raiseAfterFrames must be at least 1, got " + raiseAfterFrames);
        return this;
    }

    @Override
    public ConfigSiftThreshold copy() {
        ConfigSiftThreshold c = new ConfigSiftThreshold();
        c.adaptive = adaptive;
        c.minContrastThreshold = minContrastThreshold;
        c.lowFraction = lowFraction;
        c.step = step;
        c.raiseAfterFrames = raiseAfterFrames;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigSiftThreshold{adaptive=" + adaptive + ", minContrastThreshold=" + minContrastThreshold
                + ", lowFraction=" + lowFraction + ", step=" + step + ", raiseAfterFrames=" + raiseAfterFrames + "}";
    }
}
