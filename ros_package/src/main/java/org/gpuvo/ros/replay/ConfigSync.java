package org.gpuvo.ros.replay;

import org.gpuvo.gpu.struct.Configuration;

/**
 * How the two images of a stereo or RGB-D frame are paired: by equal stamps (exact, what a hardware-synchronised
 * rig gives), or each first image with the second image nearest in time within {@link #toleranceSeconds}
 * (approximate, message_filters' ApproximateTime in spirit).
 */
public final class ConfigSync implements Configuration {
    /** Largest stamp difference of a pair; 0 means exact. */
    public double toleranceSeconds;

    public static ConfigSync exact() {
        return new ConfigSync();
    }

    /**
     * @throws IllegalArgumentException unless {@code toleranceSeconds} is a finite number ≥ 0
     */
    public static ConfigSync approximate(double toleranceSeconds) {
        ConfigSync c = new ConfigSync();
        c.toleranceSeconds = toleranceSeconds;
        return c.checkValidity();
    }

    public boolean isExact() {
        return toleranceSeconds == 0;
    }

    @Override
    public ConfigSync checkValidity() {
        if (!(toleranceSeconds >= 0) || !Double.isFinite(toleranceSeconds))
            throw new IllegalArgumentException("toleranceSeconds (the synchronisation tolerance) must be a finite"
                    + " number of seconds ≥ 0, got " + toleranceSeconds);
        return this;
    }

    @Override
    public ConfigSync copy() {
        ConfigSync c = new ConfigSync();
        c.toleranceSeconds = toleranceSeconds;
        return c;
    }
}
