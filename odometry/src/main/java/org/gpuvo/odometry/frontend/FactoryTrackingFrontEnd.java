package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.match.ConfigMatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Creates {@link TrackingFrontEnd}s. */
public final class FactoryTrackingFrontEnd {
    private static final Logger LOG = LoggerFactory.getLogger(FactoryTrackingFrontEnd.class);

    private FactoryTrackingFrontEnd() {
    }

    /**
     * The front end of {@code backend}. {@link Backend#AUTO} takes CUDA where {@link CudaProbe} finds it usable and
     * it starts, else the CPU, with a warning that says why.
     *
     * @param pipeline names the CUDA context in messages (e.g. the camera)
     */
    public static TrackingFrontEnd create(String pipeline, ConfigOrb orb, ConfigMatch match, Backend backend) {
        orb.copy().checkValidity();
        match.copy().checkValidity();
        return switch (backend) {
            case CPU -> new CpuTrackingFrontEnd(orb, match);
            case CUDA -> new CudaTrackingFrontEnd(pipeline, orb, match);
            case AUTO -> auto(pipeline, orb, match);
        };
    }

    private static TrackingFrontEnd auto(String pipeline, ConfigOrb orb, ConfigMatch match) {
        CudaStatus status = CudaProbe.status();
        if (!status.usable()) {
            LOG.warn("CUDA unavailable ({}); features are extracted and matched on the CPU", status.reason());
            return new CpuTrackingFrontEnd(orb, match);
        }
        try {
            return new CudaTrackingFrontEnd(pipeline, orb, match);
        } catch (RuntimeException e) {
            LOG.warn("the CUDA front end failed to start ({}); features are extracted and matched on the CPU",
                    e.getMessage());
            return new CpuTrackingFrontEnd(orb, match);
        }
    }
}
