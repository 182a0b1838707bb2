package org.gpuvo.gpu.features;

/**
 * A backend failed while it ran a stage of the pipeline (on CUDA: a driver call failed). Callers that can go on
 * without the backend, e.g. on the CPU, catch this type and need not know which backend threw it.
 */
public class BackendFailureException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BackendFailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
