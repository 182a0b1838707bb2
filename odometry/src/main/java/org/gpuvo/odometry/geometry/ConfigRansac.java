package org.gpuvo.odometry.geometry;

import org.gpuvo.gpu.struct.Configuration;

/**
 * Parameters of the RANSAC loops of {@link RelativePoseEstimator} and {@link PnpEstimator}. The loop stops once
 * the standard criterion k = log(1 − p) / log(1 − wˢ) is met (Hartley &amp; Zisserman, "Multiple View Geometry",
 * 2nd ed., §4.7.1), with w the inlier fraction of the best model so far and s the sample size, or after
 * {@link #maxIterations}, whichever comes first.
 */
public final class ConfigRansac implements Configuration {
    /** upper bound on the samples drawn */
    public int maxIterations = 300;
    /**
     * samples drawn at least, whatever the stopping criterion says, up to {@link #maxIterations} (0: the criterion
     * alone). The criterion assumes that any outlier-free sample gives a good model; with little parallax (distant
     * scenes, forward motion: consecutive KITTI frames) noisy minimal samples often give a wrong relative motion
     * (translation off by ~90°) that still fits ~90 % of the points, and the loop stops on it after ~10 samples;
     * 100–200 makes that rare (KittiRelativePoseTest)
     */
    public int minIterations = 0;
    /** p: probability that at least one sample is free of outliers when the loop stops */
    public double confidence = 0.999;
    /** inlier threshold in pixels; estimators convert it to normalized units with the focal length they are given */
    public double inlierThresholdPixels = 1.5;
    /** seed of the sampler; reset at every call, so equal inputs give equal results */
    public long seed = 0xC0FFEE;

    public ConfigRansac() {
    }

    /** Throws {@link IllegalArgumentException} naming the first parameter that is out of range. */
    @Override
    public ConfigRansac checkValidity() {
        if (maxIterations < 1)
            throw new IllegalArgumentException("maxIterations must be at least 1, got " + maxIterations);
        if (minIterations < 0)
            throw new IllegalArgumentException("minIterations must be at least 0, got " + minIterations);
        if (!(confidence > 0 && confidence < 1))
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        if (!(inlierThresholdPixels > 0 && inlierThresholdPixels < Double.POSITIVE_INFINITY))
            throw new IllegalArgumentException("inlierThresholdPixels must be positive and finite, got "
                    + inlierThresholdPixels);
        return this;
    }

    @Override
    public ConfigRansac copy() {
        ConfigRansac c = new ConfigRansac();
        c.maxIterations = maxIterations;
        c.minIterations = minIterations;
        c.confidence = confidence;
        c.inlierThresholdPixels = inlierThresholdPixels;
        c.seed = seed;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigRansac{maxIterations=" + maxIterations + ", minIterations=" + minIterations + ", confidence="
                + confidence + ", inlierThresholdPixels=" + inlierThresholdPixels + ", seed=" + seed + "}";
    }
}
