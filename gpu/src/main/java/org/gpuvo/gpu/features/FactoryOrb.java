package org.gpuvo.gpu.features;

import org.gpuvo.gpu.cpu.CpuOrbExtractor;
import org.gpuvo.gpu.cuda.CudaOrbExtractor;
import org.slf4j.LoggerFactory;

/** Creates {@link OrbExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactoryOrb {
    private static final BackendChoice CHOICE = new BackendChoice("ORB", LoggerFactory.getLogger(FactoryOrb.class));

    private FactoryOrb() {
    }

    /** The pure-Java ORB: the reference the GPU backend is checked against, and its fallback. */
    public static OrbExtractor cpu(ConfigOrb config) {
        return new CpuOrbExtractor(config);
    }

    /**
     * ORB on the GPU, with the CPU reference's results. The configuration is checked first, as the CPU backend
     * checks it.
     *
     * @throws IllegalArgumentException if the configuration is invalid
     * @throws IllegalStateException    if CUDA is unusable here, with {@code CudaProbe}'s reason
     */
    public static OrbExtractor cuda(ConfigOrb config) {
        config.copy().checkValidity();
        return CHOICE.cuda(() -> new CudaOrbExtractor(config));
    }

    /**
     * The extractor of {@code backend}. {@link Backend#AUTO} takes CUDA when {@code CudaProbe} finds it usable and
     * it starts, else the CPU, logging one warning per JVM with the reason.
     */
    public static OrbExtractor create(ConfigOrb config, Backend backend) {
        return BackendChoice.of(backend, () -> cpu(config), () -> cuda(config), () -> auto(config));
    }

    private static OrbExtractor auto(ConfigOrb config) {
        config.copy().checkValidity();
        return CHOICE.auto(() -> cpu(config), () -> new CudaOrbExtractor(config));
    }
}
