package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.features.BackendFailureException;

import java.util.Set;

/**
 * A CUDA driver call of one pipeline stage failed, e.g.
 * {@code "pyramid: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED"}. It names the stage so that a log line
 * says where the GPU path broke, and the {@code CUresult} so that callers can tell a recoverable error (an
 * invalid argument, out of memory) from one that leaves the context unusable ({@link #contextLost()}),
 * which is when they must fall back to the CPU backend.
 */
public class CudaStageException extends BackendFailureException {
    private static final long serialVersionUID = 1L;

    /**
     * Errors that CUDA makes sticky: after one of them every later call in the same context fails, and only
     * destroying the context (resetting the primary context) recovers the device.
     */
    private static final Set<String> STICKY = Set.of(
            "CUDA_ERROR_ILLEGAL_ADDRESS", "CUDA_ERROR_LAUNCH_FAILED", "CUDA_ERROR_MISALIGNED_ADDRESS",
            "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_INVALID_ADDRESS_SPACE", "CUDA_ERROR_INVALID_PC",
            "CUDA_ERROR_HARDWARE_STACK_ERROR", "CUDA_ERROR_ASSERT", "CUDA_ERROR_LAUNCH_TIMEOUT",
            "CUDA_ERROR_ECC_UNCORRECTABLE", "CUDA_ERROR_CONTEXT_IS_DESTROYED");

    private final String stage;
    private final String call;
    private final String result;

    /**
     * @param stage  the pipeline stage, e.g. {@code "pyramid"}
     * @param call   the driver function that failed, e.g. {@code "cuLaunchKernel"}
     * @param result the {@code CUresult} name, e.g. {@code "CUDA_ERROR_INVALID_VALUE"}
     * @param cause  JCuda's exception when it threw one, else null
     */
    public CudaStageException(String stage, String call, String result, Throwable cause) {
        super(stage + ": " + call + " failed: " + result, cause);
        this.stage = stage;
        this.call = call;
        this.result = result;
    }

    public String stage() {
        return stage;
    }

    public String call() {
        return call;
    }

    /** The {@code CUresult} name, e.g. {@code "CUDA_ERROR_OUT_OF_MEMORY"}. */
    public String result() {
        return result;
    }

    /** Whether the error is sticky: the context cannot run anything more and must be closed. */
    public boolean contextLost() {
        return STICKY.contains(result);
    }
}
