package org.gpuvo.gpu.match;

import org.gpuvo.gpu.cpu.BruteForceHammingMatcher;

/** Creates {@link DescriptorMatcher}s; callers depend on the interface, never on a backend's classes. */
public final class FactoryMatcher {
    private FactoryMatcher() {
    }

    /**
     * The pure-Java brute-force Hamming matcher: the reference the GPU matcher is checked against, and its
     * fallback.
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     */
    public static DescriptorMatcher cpu(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        return new BruteForceHammingMatcher(config);
    }
}
