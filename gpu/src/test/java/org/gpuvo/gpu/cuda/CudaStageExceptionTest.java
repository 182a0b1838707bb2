package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

import jcuda.CudaException;
import jcuda.driver.CUresult;

/** CudaCheck and CudaStageException need no driver: JCuda's CUresult and CudaException are plain Java. */
class CudaStageExceptionTest {
    @Test
    void messageNamesStageCallAndResult() {
        CudaStageException e = new CudaStageException("pyramid", "cuLaunchKernel", "CUDA_ERROR_LAUNCH_FAILED", null);
        assertThat(e).hasMessage("pyramid: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED");
        assertThat(e.stage()).isEqualTo("pyramid");
        assertThat(e.call()).isEqualTo("cuLaunchKernel");
        assertThat(e.result()).isEqualTo("CUDA_ERROR_LAUNCH_FAILED");
    }

    @Test
    void stickyErrorsLoseTheContextOthersDoNot() {
        assertThat(new CudaStageException("orb", "cuStreamSynchronize", "CUDA_ERROR_ILLEGAL_ADDRESS", null)
                .contextLost()).isTrue();
        assertThat(new CudaStageException("orb", "cuLaunchKernel", "CUDA_ERROR_INVALID_VALUE", null)
                .contextLost()).isFalse();
        assertThat(new CudaStageException("orb", "cuMemAlloc", "CUDA_ERROR_OUT_OF_MEMORY", null)
                .contextLost()).isFalse();
    }

    @Test
    void aFailingReturnCodeBecomesAStageException() {
        CudaStageException e = catchThrowableOfType(CudaStageException.class,
                () -> CudaCheck.call("match", "cuMemAlloc", () -> CUresult.CUDA_ERROR_OUT_OF_MEMORY));
        assertThat(e).hasMessage("match: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY");
        assertThat(e.getCause()).isNull();
    }

    @Test
    void jcudasExceptionBecomesAStageExceptionWithItAsCause() {
        CudaException thrown = new CudaException(CUresult.stringFor(CUresult.CUDA_ERROR_INVALID_VALUE));
        CudaStageException e = catchThrowableOfType(CudaStageException.class,
                () -> CudaCheck.call("upload", "cuMemcpyHtoDAsync", () -> {
                    throw thrown;
                }));
        assertThat(e).hasMessage("upload: cuMemcpyHtoDAsync failed: CUDA_ERROR_INVALID_VALUE");
        assertThat(e.result()).isEqualTo("CUDA_ERROR_INVALID_VALUE");
        assertThat(e.getCause()).isSameAs(thrown);
    }

    @Test
    void successPassesThrough() {
        assertThatCode(() -> CudaCheck.call("upload", "cuMemAlloc", () -> CUresult.CUDA_SUCCESS))
                .doesNotThrowAnyException();
    }
}
