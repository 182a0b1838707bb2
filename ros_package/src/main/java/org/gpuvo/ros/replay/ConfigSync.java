package org.gpuvo.ros.replay;

/**
 * How the two images of a stereo or RGB-D frame are paired: by equal stamps (exact, what a hardware-synchronised
 * rig gives), or each first image with the second image nearest in time within {@link #toleranceSeconds}
 * (approximate, message_filters' ApproximateTime in spirit).
 */
public final class ConfigSync {
    /** Largest stamp difference of a pair; 0 means exact. */
    public double toleranceSeconds;

    public static ConfigSync exact() {
        return new ConfigSync();
    }

    public static ConfigSync approximate(double toleranceSeconds) {
        if (!(toleranceSeconds >= 0) || !Double.isFinite(toleranceSeconds))
            throw new IllegalArgumentException("synchronisation tolerance must be a finite number of seconds ≥ 0, got "
                    + toleranceSeconds);
        ConfigSync c = new ConfigSync();
        c.toleranceSeconds = toleranceSeconds;
        return c;
    }

    public boolean isExact() {
        return toleranceSeconds == 0;
    }
}
