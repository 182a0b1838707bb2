package org.gpuvo.gpu.features;

import org.gpuvo.gpu.cpu.sift.CpuSiftExtractor;
import org.gpuvo.gpu.cuda.CudaSiftExtractor;
import org.slf4j.LoggerFactory;

/** Creates {@link SiftExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactorySift {
    private static final BackendChoice CHOICE = new BackendChoice("SIFT", LoggerFactory.getLogger(FactorySift.class));

    private FactorySift() {
    }

    /**
     * The pure-Java SIFT: the reference the GPU backend is checked against, and its fallback.
     *
     * @throws IllegalArgumentException if the configuration is null or invalid, naming the parameter
     */
    public static SiftExtractor cpu(ConfigSift config) {
        checkConfig(config);
        return new CpuSiftExtractor(config);
    }

    /**
     * SIFT on the GPU, following the CPU reference stage by stage. The configuration is checked first, as the CPU
     * backend checks it.
     *
     * @throws IllegalArgumentException if the configuration is null or invalid
     * @throws IllegalStateException    if CUDA is unusable here, with {@code CudaProbe}'s reason
     */
    public static SiftExtractor cuda(ConfigSift config) {
        checkConfig(config);
        return CHOICE.cuda(() -> new CudaSiftExtractor(config));
    }

    /**
     * The extractor of {@code backend}. {@link Backend#AUTO} takes CUDA when {@code CudaProbe} finds it usable and
     * it starts, else the CPU, logging one warning per JVM with the reason.
     */
    public static SiftExtractor create(ConfigSift config, Backend backend) {
        return BackendChoice.of(backend, () -> cpu(config), () -> cuda(config), () -> auto(config));
    }

    private static SiftExtractor auto(ConfigSift config) {
        checkConfig(config);
        return CHOICE.auto(() -> cpu(config), () -> new CudaSiftExtractor(config));
    }

    private static void checkConfig(ConfigSift config) {
        if (config == null)
            throw new IllegalArgumentException("the SIFT configuration is null");
        config.copy().checkValidity();
    }
}
