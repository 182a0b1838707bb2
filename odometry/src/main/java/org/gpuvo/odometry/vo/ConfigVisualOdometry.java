package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;

/** Parameters of the visual odometry pipeline. Defaults suit 640×480 to 1280×720 cameras at 10–30 Hz. */
public final class ConfigVisualOdometry {
    public VoMode mode = VoMode.MONO;
    /** where features are extracted and matched */
    public Backend backend = Backend.AUTO;
    /** ORB features per frame */
    public ConfigOrb orb = new ConfigOrb(2000);
    /** seed of every random choice (RANSAC): equal seeds and inputs give equal trajectories */
    public long seed = 0xC0FFEE;

    public ConfigVisualOdometry() {
    }

    public ConfigVisualOdometry(VoMode mode) {
        this.mode = mode;
    }

    public ConfigVisualOdometry checkValidity() {
        if (mode == null || backend == null || orb == null)
            throw new IllegalArgumentException("mode, backend and orb must be set");
        orb.checkValidity();
        return this;
    }
}
