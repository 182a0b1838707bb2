package org.gpuvo.gpu.features;

import org.gpuvo.gpu.cuda.CudaFrontEnd;
import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaSiftFrontEnd;
import org.gpuvo.gpu.cuda.CudaStatus;
import org.gpuvo.gpu.match.ConfigMatch;

/**
 * Makes {@link FrameTracker}s on the GPU: each opens a CUDA context of its own (device 0, a new stream), closed with
 * it. Where the features are tracked on the host instead, the caller pairs an extractor ({@link FactoryOrb},
 * {@link FactorySift}) with a matcher.
 */
public final class FactoryFrameTracker {
    private FactoryFrameTracker() {
    }

    /** Whether CUDA is usable here, as {@link Backend#AUTO} decides it. */
    public static BackendStatus cudaStatus() {
        CudaStatus status = CudaProbe.status();
        return new BackendStatus(status.usable(), status.reason());
    }

    /**
     * ORB tracked on the GPU.
     *
     * @param pipeline names the CUDA context in messages (e.g. the camera)
     * @throws IllegalArgumentException if a configuration is out of range
     * @throws IllegalStateException    if CUDA is unusable here
     */
    public static FrameTracker<OrbFeatures> orbCuda(String pipeline, ConfigOrb orb, ConfigMatch match) {
        return new CudaFrontEnd(pipeline, orb, match);
    }

    /**
     * SIFT tracked on the GPU, with the float matcher.
     *
     * @param pipeline names the CUDA context in messages (e.g. the camera)
     * @throws IllegalArgumentException if a configuration is out of range
     * @throws IllegalStateException    if CUDA is unusable here
     */
    public static SiftFrameTracker siftCuda(String pipeline, ConfigSift sift, ConfigMatch match) {
        return new CudaSiftFrontEnd(pipeline, sift, match);
    }
}
