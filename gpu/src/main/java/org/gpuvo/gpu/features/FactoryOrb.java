package org.gpuvo.gpu.features;

import java.util.concurrent.atomic.AtomicBoolean;

import org.gpuvo.gpu.cpu.CpuOrbExtractor;
import org.gpuvo.gpu.cuda.CudaOrbExtractor;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates {@link OrbExtractor}s; callers depend on the interface, never on a backend's classes. */
public final class FactoryOrb {
    private static final Logger LOG = LoggerFactory.getLogger(FactoryOrb.class);
    private static final AtomicBoolean WARNED = new AtomicBoolean();

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
        CudaStatus status = CudaProbe.status();
        if (!status.usable())
            throw new IllegalStateException("the CUDA ORB backend is unavailable: " + status.reason());
        return new CudaOrbExtractor(config);
    }

    /**
     * The extractor of {@code backend}. {@link Backend#AUTO} takes CUDA when {@code CudaProbe} finds it usable and
     * it starts, else the CPU, logging one warning per JVM with the reason.
     */
    public static OrbExtractor create(ConfigOrb config, Backend backend) {
        if (backend == null)
            throw new IllegalArgumentException("backend must be set");
        return switch (backend) {
            case CPU -> cpu(config);
            case CUDA -> cuda(config);
            case AUTO -> auto(config);
        };
    }

    private static OrbExtractor auto(ConfigOrb config) {
        config.copy().checkValidity();
        CudaStatus status = CudaProbe.status();
        if (!status.usable()) {
            warnOnce(status.reason());
            return cpu(config);
        }
        try {
            return new CudaOrbExtractor(config);
        } catch (RuntimeException e) {
            warnOnce("the CUDA extractor failed to start: " + e.getMessage());
            return cpu(config);
        }
    }

    private static void warnOnce(String reason) {
        if (WARNED.compareAndSet(false, true))
            LOG.warn("CUDA ORB backend unavailable ({}); using the CPU backend", reason);
    }
}
