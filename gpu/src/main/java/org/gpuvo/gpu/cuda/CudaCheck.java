package org.gpuvo.gpu.cuda;

import java.util.function.IntSupplier;

import jcuda.CudaException;
import jcuda.driver.CUresult;

/**
 * Runs one JCuda driver call and turns its failure into a {@link CudaStageException} that names the stage.
 * JCuda reports a failure either as a {@code CUresult} return code or, when exceptions are enabled (the
 * gpuvo classes enable them), as a {@link CudaException} whose message is the {@code CUresult} name; both
 * end up as the same exception here.
 */
public final class CudaCheck {
    private CudaCheck() {
    }

    /**
     * Invokes {@code driverCall} and throws if it fails.
     *
     * @param stage      the pipeline stage, for the error message
     * @param call       the driver function's name, for the error message
     * @param driverCall the call, returning its {@code CUresult}
     * @throws CudaStageException if the call returns or throws an error
     */
    public static void call(String stage, String call, IntSupplier driverCall) {
        int result;
        try {
            result = driverCall.getAsInt();
        } catch (CudaException e) {
            throw new CudaStageException(stage, call, e.getMessage(), e);
        }
        if (result != CUresult.CUDA_SUCCESS)
            throw new CudaStageException(stage, call, CUresult.stringFor(result), null);
    }
}
