package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("gpu")
class CudaProbeGpuTest {
    @Test
    void aUsableDeviceIsFullyDescribed() {
        GpuTestSupport.assumeCuda();
        CudaStatus status = CudaProbe.status();
        assertThat(status.reason()).isEmpty();
        assertThat(status.deviceName()).isNotBlank();
        assertThat(status.computeCapabilityMajor()).isGreaterThanOrEqualTo(7);
        assertThat(status.computeCapability()).matches("\\d+\\.\\d");
        assertThat(status.driverVersion()).matches("\\d+\\.\\d");
        assertThat(status.totalMemory()).isGreaterThan(1L << 30);
        assertThat(status.multiprocessorCount()).isPositive();
        assertThat(status.kernelsBuilt()).isTrue();
        assertThat(status.kernelModules()).contains("image_ops");
        assertThat(status.kernelsLoaded()).isTrue();
        assertThat(status.selfTest()).isEqualTo(CudaStatus.SelfTest.PASSED);
        assertThat(status.selfTestDetail()).startsWith("checksum of a 253x67 image: GPU ");
        System.out.print(status.describe());
    }
}
