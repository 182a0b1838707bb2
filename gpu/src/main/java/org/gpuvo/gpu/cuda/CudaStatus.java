package org.gpuvo.gpu.cuda;

import java.util.List;
import java.util.Locale;

/**
 * What {@link CudaProbe} found out about the CUDA backend on this machine: whether it can be used and, if
 * not, exactly why; the device; and the kernels. Fields that could not be learned are empty strings or 0.
 *
 * @param usable                 whether the CUDA backend can run: driver, device, kernels and self-test all fine
 * @param reason                 why not, when {@code usable} is false; empty otherwise
 * @param deviceName             e.g. {@code "NVIDIA H100 80GB HBM3"}
 * @param computeCapabilityMajor e.g. 9
 * @param computeCapabilityMinor e.g. 0
 * @param driverVersion          the CUDA version the driver supports, e.g. {@code "13.0"}
 * @param totalMemory            device memory in bytes
 * @param multiprocessorCount    streaming multiprocessors
 * @param kernelsBuilt           whether nvcc compiled the kernels into the jar
 * @param kernelsNvcc            the nvcc release that compiled them
 * @param kernelModules          the kernel modules in the jar
 * @param kernelsLoaded          whether every module loaded on the device (cuModuleLoadData)
 * @param selfTest               the outcome of {@link CudaSelfTest}
 * @param selfTestDetail         what the self-test compared, or why it did not run to the end
 */
public record CudaStatus(boolean usable, String reason, String deviceName, int computeCapabilityMajor,
                         int computeCapabilityMinor, String driverVersion, long totalMemory,
                         int multiprocessorCount, boolean kernelsBuilt, String kernelsNvcc,
                         List<String> kernelModules, boolean kernelsLoaded, SelfTest selfTest,
                         String selfTestDetail) {
    public enum SelfTest { NOT_RUN, PASSED, FAILED }

    public CudaStatus {
        kernelModules = List.copyOf(kernelModules);
    }

    /** {@code "major.minor"}, e.g. {@code "9.0"}; empty when no device was found. */
    public String computeCapability() {
        return computeCapabilityMajor == 0 ? "" : computeCapabilityMajor + "." + computeCapabilityMinor;
    }

    /** A few lines for {@code gpuvo info}. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append("CUDA backend: ").append(usable ? "usable" : "unavailable: " + reason).append('\n');
        if (!driverVersion.isEmpty())
            s.append("  driver:   CUDA ").append(driverVersion).append('\n');
        if (!deviceName.isEmpty())
            s.append(String.format(Locale.ROOT, "  device:   %s, compute capability %s, %d multiprocessors, %.1f GiB%n",
                    deviceName, computeCapability(), multiprocessorCount, totalMemory / (double) (1L << 30)));
        s.append("  kernels:  ");
        if (!kernelsBuilt)
            s.append("not built into the jar\n");
        else
            s.append(String.join(", ", kernelModules)).append(" (nvcc ").append(kernelsNvcc).append(")")
                    .append(kernelsLoaded ? ", loaded" : ", not loaded").append('\n');
        s.append("  self-test: ").append(selfTest.name().toLowerCase(Locale.ROOT).replace('_', ' '));
        if (!selfTestDetail.isEmpty())
            s.append(" (").append(selfTestDetail).append(')');
        return s.append('\n').toString();
    }
}
