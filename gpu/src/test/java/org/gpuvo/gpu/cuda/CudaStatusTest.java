package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class CudaStatusTest {
    @Test
    void describesAUsableDevice() {
        CudaStatus status = new CudaStatus(true, "", "NVIDIA H100 80GB HBM3", 9, 0, "13.0", 85L << 30, 132,
                true, "13.0", List.of("image_ops"), true, CudaStatus.SelfTest.PASSED,
                "checksum of a 253x67 image: GPU 5, Java 5");
        assertThat(status.computeCapability()).isEqualTo("9.0");
        assertThat(status.describe())
                .contains("CUDA backend: usable")
                .contains("driver:   CUDA 13.0")
                .contains("NVIDIA H100 80GB HBM3, compute capability 9.0, 132 multiprocessors, 85.0 GiB")
                .contains("kernels:  image_ops (nvcc 13.0), loaded")
                .contains("self-test: passed (checksum of a 253x67 image: GPU 5, Java 5)");
    }

    @Test
    void describesAMachineWithoutDriver() {
        CudaStatus status = new CudaStatus(false, "JCuda natives failed to load: libcuda.so.1 missing", "", 0, 0,
                "", 0, 0, true, "13.0", List.of("image_ops"), false, CudaStatus.SelfTest.NOT_RUN, "");
        assertThat(status.computeCapability()).isEmpty();
        assertThat(status.describe())
                .contains("CUDA backend: unavailable: JCuda natives failed to load: libcuda.so.1 missing")
                .contains("image_ops (nvcc 13.0), not loaded")
                .contains("self-test: not run")
                .doesNotContain("device:");
    }
}
