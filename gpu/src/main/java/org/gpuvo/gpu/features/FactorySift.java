package org.gpuvo.gpu.features;

import org.gpuvo.gpu.cpu.sift.CpuSiftExtractor;

/** Creates {@link SiftExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactorySift {
    private FactorySift() {
    }

    /**
     * The pure-Java SIFT: the reference the GPU backend is checked against, and its fallback.
     *
     * @throws IllegalArgumentException if the configuration is null or invalid, naming the parameter
     */
    public static SiftExtractor cpu(ConfigSift config) {
        if (config == null)
            throw new IllegalArgumentException("the SIFT configuration is null");
        config.copy().checkValidity();
        return new CpuSiftExtractor(config);
    }
}
