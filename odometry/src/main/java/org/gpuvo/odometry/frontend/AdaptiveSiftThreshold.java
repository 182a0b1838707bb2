package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.ConfigSift;

/**
 * SIFT's contrast threshold for the next frame from the feature counts of the frames before, as ORB-SLAM lowers
 * FAST's threshold where the default finds too few corners. The thresholds are quantised: ceiling × step^k for
 * k = 0, 1, …, the ceiling being the configured {@code ConfigSift.contrastThreshold} and the last step
 * {@link ConfigSiftThreshold#minContrastThreshold} (the floor) itself. After each frame:
 * <ul>
 * <li>fewer than {@link ConfigSiftThreshold#lowFraction} × asked features found: one step down (to the floor at
 * most);</li>
 * <li>the asked count found ({@code maxFeatures}: the selection caps the count, so there were more) in
 * {@link ConfigSiftThreshold#raiseAfterFrames} frames in a row: one step up (to the ceiling at most);</li>
 * <li>otherwise the threshold stays.</li>
 * </ul>
 * At the defaults (0.04, floor 0.005, step 0.7) the thresholds are 0.04, 0.028, 0.0196, 0.01372, 0.009604,
 * 0.0067228 and 0.005. The threshold changes only when the step changes, so the CUDA extractor rebuilds its launches
 * and graphs rarely, and it depends on the counts alone (no timing): equal counts give equal thresholds, and the CPU
 * and CUDA front ends, whose counts agree, go through the same steps. A frame with the cap reached has the same
 * features at a lower threshold as at a higher one that still reaches the cap (the strongest are kept), so a threshold
 * that comes back up slowly costs extraction time, not features. Not thread safe.
 */
public final class AdaptiveSiftThreshold {
    private final double[] thresholds;
    private final double lowFraction;
    private final int raiseAfterFrames;
    private int step;
    private int saturatedFrames;

    /**
     * @param contrastThreshold the configured threshold ({@code ConfigSift.contrastThreshold}): the first frame's
     *                          and the ceiling
     * @param config            how it adapts; not adaptive, or a floor at or above the ceiling, keeps the ceiling
     * @throws IllegalArgumentException if a parameter is out of range
     */
    public AdaptiveSiftThreshold(double contrastThreshold, ConfigSiftThreshold config) {
        ConfigSift.checkContrastThreshold(contrastThreshold);
        ConfigSiftThreshold c = config.copy().checkValidity();
        this.lowFraction = c.lowFraction;
        this.raiseAfterFrames = c.raiseAfterFrames;
        this.thresholds = steps(contrastThreshold, c);
    }

    /** ceiling × step^k while above the floor, then the floor; the ceiling alone when not adaptive. */
    private static double[] steps(double ceiling, ConfigSiftThreshold c) {
        if (!c.adaptive || ceiling <= c.minContrastThreshold)
            return new double[]{ceiling};
        int n = 1;
        while (ceiling * StrictMath.pow(c.step, n) > c.minContrastThreshold)
            n++;
        double[] t = new double[n + 1];
        for (int k = 0; k < n; k++)
            t[k] = ceiling * StrictMath.pow(c.step, k);
        t[n] = c.minContrastThreshold;
        return t;
    }

    /** The threshold of the next frame. */
    public double threshold() {
        return thresholds[step];
    }

    /** How many steps the next frame's threshold is below the ceiling (0: the configured threshold). */
    public int step() {
        return step;
    }

    /** The thresholds it may take, ceiling first. */
    public double[] thresholds() {
        return thresholds.clone();
    }

    /**
     * Takes a frame's count and returns the threshold of the next frame.
     *
     * @param found features the frame gave
     * @param asked features it was asked for ({@code ConfigSift.maxFeatures})
     * @throws IllegalArgumentException if a count is negative or {@code asked} is 0
     */
    public double update(int found, int asked) {
        if (found < 0 || asked < 1)
            throw new IllegalArgumentException("counts must be non-negative and asked positive, got " + found + " of "
                    + asked);
        if (found < lowFraction * asked) {
            saturatedFrames = 0;
            if (step < thresholds.length - 1)
                step++;
        } else if (found >= asked) {
            saturatedFrames = Math.min(saturatedFrames + 1, raiseAfterFrames);
            if (saturatedFrames == raiseAfterFrames && step > 0) {
                step--;
                saturatedFrames = 0;
            }
        } else {
            saturatedFrames = 0;
        }
        return threshold();
    }
}
