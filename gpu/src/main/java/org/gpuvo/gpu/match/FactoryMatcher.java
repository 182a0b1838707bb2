package org.gpuvo.gpu.match;

import org.gpuvo.gpu.cpu.BruteForceHammingMatcher;
import org.gpuvo.gpu.cuda.CudaHammingMatcher;

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

    /**
     * The brute-force Hamming matcher on the GPU ({@link CudaHammingMatcher}), with a CUDA context of its own on
     * device 0; same results as {@link #cpu}. The returned matcher is {@link AutoCloseable}: close it to free the
     * device memory and the context (they are otherwise held until the process ends).
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     * @throws IllegalStateException    if the CUDA backend cannot run here; the message gives the reason
     */
    public static DescriptorMatcher cuda(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        config.copy().checkValidity();
        return CudaHammingMatcher.open(config);
    }
}
