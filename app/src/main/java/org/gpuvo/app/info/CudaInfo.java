package org.gpuvo.app.info;

import org.gpuvo.gpu.cuda.CudaProbe;
import org.gpuvo.gpu.cuda.CudaStatus;

import java.util.List;

/**
 * The CUDA section of {@code gpuvo info}: whether the CUDA backend can run here, or exactly why not. Device fields
 * are null when no device was opened.
 *
 * @param usable            a CUDA device was opened, gpuvo's kernels loaded on it and its self-test passed
 * @param reason            why not, when not usable; null otherwise
 * @param computeCapability "major.minor"
 * @param kernelsBuilt      the build compiled the CUDA kernels into the gpu jar (nvcc was there)
 * @param kernelsLoaded     the kernels were loaded onto the device
 * @param modules           the kernel modules (fatbins) in the jar
 * @param selfTest          passed, failed or not run (no device)
 */
record CudaInfo(boolean usable, String reason, String device, String computeCapability, String driverVersion,
                Long memoryBytes, Integer multiprocessors, boolean kernelsBuilt, boolean kernelsLoaded,
                List<String> modules, String selfTest) {

    static CudaInfo probe() {
        CudaStatus s = CudaProbe.status();
        boolean device = !s.deviceName().isEmpty();
        return new CudaInfo(s.usable(), s.usable() ? null : s.reason(), device ? s.deviceName() : null,
                device ? s.computeCapability() : null, s.driverVersion().isEmpty() ? null : s.driverVersion(),
                device ? s.totalMemory() : null, device ? s.multiprocessorCount() : null, s.kernelsBuilt(),
                s.kernelsLoaded(), s.kernelModules(),
                s.selfTest().name().toLowerCase(java.util.Locale.ROOT) + (s.selfTestDetail().isEmpty() ? ""
                        : ": " + s.selfTestDetail()));
    }
}
