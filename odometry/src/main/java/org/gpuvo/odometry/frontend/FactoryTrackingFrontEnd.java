package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.BackendStatus;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactoryFrameTracker;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Creates {@link TrackingFrontEnd}s. A CUDA front end that fails while it runs hands over to the CPU front end of the
 * same settings without losing the frame ({@link FallbackTrackingFrontEnd}).
 */
public final class FactoryTrackingFrontEnd {
    private static final Logger LOG = LoggerFactory.getLogger(FactoryTrackingFrontEnd.class);
    /** whether the AUTO backend has said that CUDA is unavailable (it says so once a process) */
    private static final AtomicBoolean WARNED_UNAVAILABLE = new AtomicBoolean();

    private FactoryTrackingFrontEnd() {
    }

    /**
     * The ORB front end of {@code backend}. {@link Backend#AUTO} takes CUDA where it is usable
     * ({@link FactoryFrameTracker#cudaStatus()}) and it starts, else the CPU, with a warning that says why.
     *
     * @param pipeline names the CUDA context in messages (e.g. the camera)
     * @throws IllegalArgumentException if a configuration is out of range or the backend is null
     */
    public static TrackingFrontEnd create(String pipeline, ConfigOrb orb, ConfigMatch match, Backend backend) {
        orb.copy().checkValidity();
        match.copy().checkValidity();
        Supplier<TrackingFrontEnd> cpu = () -> new HostTrackingFrontEnd(
                new OrbFeatureStage(FactoryOrb.cpu(orb), FactoryMatcher.cpu(match)));
        return create(backend, () -> new CudaTrackingFrontEnd(pipeline, orb, match), cpu);
    }

    /**
     * The SIFT front end of {@code backend} with {@code sift.contrastThreshold} fixed for every frame: the CPU
     * reference extractor and matcher, or on CUDA the GPU extractor and the GPU float matcher, with features kept on
     * the device between frames ({@link FactoryFrameTracker#siftCuda}). {@link Backend#AUTO} takes CUDA where it is
     * usable and it starts, else the CPU, with a warning that says why.
     *
     * @param pipeline names the pipeline in messages (e.g. the camera)
     * @throws IllegalArgumentException if a configuration is out of range or the backend is null
     */
    public static TrackingFrontEnd create(String pipeline, ConfigSift sift, ConfigMatch match, Backend backend) {
        return create(pipeline, sift, match, ConfigSiftThreshold.fixed(), backend);
    }

    /**
     * As {@link #create(String, ConfigSift, ConfigMatch, Backend)}, with the contrast threshold adapting to the
     * feature count as {@code threshold} says ({@link AdaptiveSiftThreshold}; {@code sift.contrastThreshold} is the
     * first frame's and the ceiling). Both backends go through the same thresholds for the same counts.
     *
     * @throws IllegalArgumentException if a configuration is out of range or the backend is null
     */
    public static TrackingFrontEnd create(String pipeline, ConfigSift sift, ConfigMatch match,
                                          ConfigSiftThreshold threshold, Backend backend) {
        sift.copy().checkValidity();
        match.copy().checkValidity();
        if (threshold == null)
            throw new IllegalArgumentException("the SIFT threshold adaptation is null");
        ConfigSiftThreshold adaptation = threshold.copy().checkValidity();
        return create(backend, () -> new CudaSiftTrackingFrontEnd(pipeline, sift, match, adaptation),
                () -> new HostTrackingFrontEnd(new SiftFeatureStage(FactorySift.cpu(sift),
                        FactoryMatcher.floatCpu(match), adaptation)));
    }

    private static TrackingFrontEnd create(Backend backend, Supplier<TrackingFrontEnd> cuda,
                                           Supplier<TrackingFrontEnd> cpu) {
        if (backend == null)
            throw new IllegalArgumentException("backend must be set");
        return switch (backend) {
            case CPU -> cpu.get();
            case CUDA -> new FallbackTrackingFrontEnd(cuda.get(), cpu);
            case AUTO -> auto(cuda, cpu);
        };
    }

    private static TrackingFrontEnd auto(Supplier<TrackingFrontEnd> cuda, Supplier<TrackingFrontEnd> cpu) {
        BackendStatus status = FactoryFrameTracker.cudaStatus();
        if (!status.usable()) {
            // once a process: a run makes a pipeline for each pass of its warm-up, and the reason does not change
            if (WARNED_UNAVAILABLE.compareAndSet(false, true))
                LOG.warn("CUDA unavailable ({}); features are extracted and matched on the CPU", status.reason());
            else
                LOG.debug("CUDA unavailable ({}); features are extracted and matched on the CPU", status.reason());
            return cpu.get();
        }
        try {
            return new FallbackTrackingFrontEnd(cuda.get(), cpu);
        } catch (RuntimeException e) {
            LOG.warn("the CUDA front end failed to start ({}); features are extracted and matched on the CPU",
                    e.getMessage());
            return cpu.get();
        }
    }
}
