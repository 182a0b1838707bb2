package org.gpuvo.gpu.features;

import org.gpuvo.gpu.cpu.CpuOrbExtractor;

/** Creates {@link OrbExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactoryOrb {
    private FactoryOrb() {
    }

    /** The pure-Java ORB: the reference the GPU backend is checked against, and its fallback. */
    public static OrbExtractor cpu(ConfigOrb config) {
        return new CpuOrbExtractor(config);
    }
}
