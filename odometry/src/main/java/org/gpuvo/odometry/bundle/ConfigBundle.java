package org.gpuvo.odometry.bundle;

import org.gpuvo.gpu.struct.Configuration;

/**
 * Parameters of {@link SchurBundleAdjustment}. The tolerances mean what DDogleg's Levenberg–Marquardt means by them,
 * so that one configuration drives this solver and BoofCV's ({@link BoofCvBundleAdjustment}) alike.
 */
public final class ConfigBundle implements Configuration {
    /**
     * Huber threshold on each component of the reprojection error, in pixels: quadratic within, linear beyond.
     * {@code Double.POSITIVE_INFINITY} gives plain least squares.
     */
    public double huberPixels = 1.5;
    /** Most trial steps (linear solves, accepted or not), as BoofCV counts its iterations. */
    public int maxIterations = 10;
    /** Stop once an accepted step lowers the cost by less than this fraction of it. */
    public double functionTolerance = 1e-6;
    /** Stop once the largest component of the cost's gradient is below this. */
    public double gradientTolerance = 1e-10;
    /** Initial Levenberg–Marquardt damping λ, relative to the diagonal of the Gauss–Newton matrix (DDogleg's). */
    public double initialDamping = 1e-4;
    /**
     * Whether the Gauss–Newton matrix weighs each residual by its Huber weight (JᵀWJ, iteratively reweighted least
     * squares) or not (JᵀJ, as DDogleg pairs the Huber gradient with it). Unweighted, a point whose residuals lie
     * beyond the threshold takes short steps; weighted, long ones, which on the odometry's sliding windows moved
     * badly placed new points far and cost trajectory accuracy (docs/measurements.md), so the default is DDogleg's.
     */
    public boolean weightedCurvature = false;

    /**
     * @return this
     * @throws IllegalArgumentException naming the first field out of its range
     */
    @Override
    public ConfigBundle checkValidity() {
        if (!(huberPixels > 0))
            throw new IllegalArgumentException("huberPixels must be positive: " + huberPixels);
        if (maxIterations < 0)
            throw new IllegalArgumentException("maxIterations must not be negative: " + maxIterations);
        if (!(functionTolerance >= 0) || Double.isInfinite(functionTolerance))
            throw new IllegalArgumentException("functionTolerance must be finite and not negative: "
                    + functionTolerance);
        if (!(gradientTolerance >= 0) || Double.isInfinite(gradientTolerance))
            throw new IllegalArgumentException("gradientTolerance must be finite and not negative: "
                    + gradientTolerance);
        if (!(initialDamping > 0) || Double.isInfinite(initialDamping))
            throw new IllegalArgumentException("initialDamping must be finite and positive: " + initialDamping);
        return this;
    }

    @Override
    public ConfigBundle copy() {
        ConfigBundle c = new ConfigBundle();
        c.huberPixels = huberPixels;
        c.maxIterations = maxIterations;
        c.functionTolerance = functionTolerance;
        c.gradientTolerance = gradientTolerance;
        c.initialDamping = initialDamping;
        c.weightedCurvature = weightedCurvature;
        return c;
    }

    @Override
    public String toString() {
        return "ConfigBundle{huberPixels=" + huberPixels + ", maxIterations=" + maxIterations
                + ", functionTolerance=" + functionTolerance + ", gradientTolerance=" + gradientTolerance
                + ", initialDamping=" + initialDamping + ", weightedCurvature=" + weightedCurvature + '}';
    }
}
