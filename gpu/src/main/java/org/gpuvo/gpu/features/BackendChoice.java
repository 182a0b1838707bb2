package org.gpuvo.gpu.features;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.slf4j.Logger;

/**
 * How an extractor factory picks its backend: CUDA only where {@link CudaProbe} finds it usable, and
 * {@link Backend#AUTO} falling back to the CPU, with one warning per JVM and feature type giving the reason.
 */
final class BackendChoice {
    private final String features;
    private final Logger log;
    private final AtomicBoolean warned = new AtomicBoolean();

    /**
     * @param features the feature type the messages name, e.g. "ORB"
     * @param log      the factory's logger
     */
    BackendChoice(String features, Logger log) {
        this.features = features;
        this.log = log;
    }

    /** The extractor of {@code backend}: {@code cpu}, {@code cuda} or {@code auto}'s. */
    static <T> T of(Backend backend, Supplier<T> cpu, Supplier<T> cuda, Supplier<T> auto) {
        if (backend == null)
            throw new IllegalArgumentException("backend must be set");
        return switch (backend) {
            case CPU -> cpu.get();
            case CUDA -> cuda.get();
            case AUTO -> auto.get();
        };
    }

    /**
     * {@code cuda}'s extractor.
     *
     * @throws IllegalStateException if CUDA is unusable here, with {@link CudaProbe}'s reason
     */
    <T> T cuda(Supplier<T> cuda) {
        CudaStatus status = CudaProbe.status();
        if (!status.usable())
            throw new IllegalStateException("the CUDA " + features + " backend is unavailable: " + status.reason());
        return cuda.get();
    }

    /** {@code cuda}'s extractor where CUDA is usable and it starts, else {@code cpu}'s, with the one warning. */
    <T> T auto(Supplier<T> cpu, Supplier<T> cuda) {
        CudaStatus status = CudaProbe.status();
        if (!status.usable()) {
            warnOnce(status.reason());
            return cpu.get();
        }
        try {
            return cuda.get();
        } catch (RuntimeException e) {
            warnOnce("the CUDA extractor failed to start: " + e.getMessage());
            return cpu.get();
        }
    }

    private void warnOnce(String reason) {
        if (warned.compareAndSet(false, true))
            log.warn("CUDA {} backend unavailable ({}); using the CPU backend", features, reason);
    }
}
