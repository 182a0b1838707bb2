package org.gpuvo.gpu.features;

import java.util.concurrent.atomic.AtomicBoolean;

import org.gpuvo.gpu.cpu.sift.CpuSiftExtractor;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaSiftExtractor;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates {@link SiftExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactorySift {
    private static final Logger LOG = LoggerFactory.getLogger(FactorySift.class);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

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
        CudaStatus status = CudaProbe.status();
        if (!status.usable())
            throw new IllegalStateException("the CUDA SIFT backend is unavailable: " + status.reason());
        return new CudaSiftExtractor(config);
    }

    /**
     * The extractor of {@code backend}. {@link Backend#AUTO} takes CUDA when {@code CudaProbe} finds it usable and
     * it starts, else the CPU, logging one warning per JVM with the reason.
     */
    public static SiftExtractor create(ConfigSift config, Backend backend) {
        if (backend == null)
            throw new IllegalArgumentException("backend must be set");
        return switch (backend) {
            case CPU -> cpu(config);
            case CUDA -> cuda(config);
            case AUTO -> auto(config);
        };
    }

    private static SiftExtractor auto(ConfigSift config) {
        checkConfig(config);
        CudaStatus status = CudaProbe.status();
        if (!status.usable()) {
            warnOnce(status.reason());
            return cpu(config);
        }
        try {
            return new CudaSiftExtractor(config);
        } catch (RuntimeException e) {
            warnOnce("the CUDA extractor failed to start: " + e.getMessage());
            return cpu(config);
        }
    }

    private static void checkConfig(ConfigSift config) {
        if (config == null)
            throw new IllegalArgumentException("the SIFT configuration is null");
        config.copy().checkValidity();
    }

    private static void warnOnce(String reason) {
        if (WARNED.compareAndSet(false, true))
            LOG.warn("CUDA SIFT backend unavailable ({}); using the CPU backend", reason);
    }
}
