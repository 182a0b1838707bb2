package org.gpuvo.gpu.match;

import org.gpuvo.gpu.cpu.BruteForceFloatMatcher;
import org.gpuvo.gpu.cpu.BruteForceHammingMatcher;
import org.gpuvo.gpu.cuda.CudaFloatMatcher;
import org.gpuvo.gpu.cuda.CudaHammingMatcher;

/** Creates {@link DescriptorMatcher}s and {@link FloatDescriptorMatcher}s; callers depend on the interface, never on a backend's classes. */
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

    /**
     * The pure-Java brute-force FP32 matcher of float descriptors (SIFT): the reference the GPU float matcher is
     * checked against, and its fallback. Distances are in {@link org.gpuvo.gpu.features.FloatDescriptors#scaledDistance}
     * units (512 per unit of Euclidean distance), so {@link ConfigMatch#maxDistance} 256 keeps only matches closer
     * than 0.5; non-negative unit-length descriptors (SIFT) are never farther apart than √2 (724 units).
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     */
    public static FloatDescriptorMatcher floatCpu(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        return new BruteForceFloatMatcher(config);
    }

    /**
     * The float-descriptor matcher on the GPU's tensor cores ({@link CudaFloatMatcher}: FP16 search, FP32 re-score
     * of the candidates), with a CUDA context of its own on device 0; the same results as {@link #floatCpu} but for
     * the rare query whose true neighbours the FP16 search misses (see the class). The returned matcher is
     * {@link AutoCloseable}: close it to free the device memory and the context.
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     * @throws IllegalStateException    if the CUDA backend cannot run here; the message gives the reason
     */
    public static FloatDescriptorMatcher floatCuda(ConfigMatch config) {
        if (config == null)
            throw new IllegalArgumentException("config is null");
        config.copy().checkValidity();
        return CudaFloatMatcher.open(config);
    }
}
