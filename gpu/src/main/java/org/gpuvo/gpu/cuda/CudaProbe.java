package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

/**
 * Finds out, once per JVM, whether the CUDA backend can run here and why not: JCuda's natives (they need
 * the NVIDIA driver's {@code libcuda.so.1}), {@code cuInit}, a device, the kernels in the jar, loading them
 * on the device and a {@link CudaSelfTest}. It never throws and cannot crash the JVM on a machine without
 * the driver, so the CPU fallback can be chosen from its answer. Device 0 is the one probed.
 */
public final class CudaProbe {
    private static final Logger LOG = LoggerFactory.getLogger(CudaProbe.class);
    private static final String STAGE = "probe";

    private CudaProbe() {
    }

    /** The status of this machine, probed on first use. (JCuda cannot retry loading its natives anyway.) */
    public static CudaStatus status() {
        return Cached.STATUS;
    }

    private static final class Cached {
        static final CudaStatus STATUS = logged(probe(CudaKernelResources.load()));
    }

    private static CudaStatus logged(CudaStatus status) {
        if (status.usable())
            LOG.info("CUDA backend usable: {} (compute {}), driver CUDA {}, self-test {}", status.deviceName(),
                    status.computeCapability(), status.driverVersion(), status.selfTestDetail());
        else
            LOG.info("CUDA backend unavailable: {}", status.reason());
        return status;
    }

    static CudaStatus probe(CudaKernelResources kernels) {
        Findings found = new Findings(kernels);
        try {
            JCudaDriver.setExceptionsEnabled(true);
        } catch (Throwable t) {
            return found.unusable("JCuda natives failed to load: " + nativeLoadMessage(t));
        }
        try {
            int[] value = new int[1];
            CudaCheck.call(STAGE, "cuDriverGetVersion", () -> cuDriverGetVersion(value));
            found.driverVersion = value[0] / 1000 + "." + value[0] % 1000 / 10;
            try {
                CudaCheck.call(STAGE, "cuInit", () -> cuInit(0));
            } catch (CudaStageException e) {
                return found.unusable("cuInit failed: " + e.result());
            }
            CudaCheck.call(STAGE, "cuDeviceGetCount", () -> cuDeviceGetCount(value));
            if (value[0] == 0)
                return found.unusable("no CUDA device");
            describeDevice(found);
            if (!kernels.built())
                return found.unusable("CUDA kernels are not built into the jar: " + kernels.reason());
            CudaContext cuda;
            try {
                cuda = CudaContext.open(0, STAGE, kernels);
            } catch (RuntimeException e) {
                // CudaStageException from cuModuleLoadData, or a fatbin the manifest lists but the jar lacks
                return found.unusable("a kernel module failed to load: " + e.getMessage());
            }
            try (cuda) {
                found.kernelsLoaded = true;
                CudaSelfTest.Outcome outcome = CudaSelfTest.run(cuda);
                found.selfTestDetail = outcome.detail();
                found.selfTest = outcome.passed() ? CudaStatus.SelfTest.PASSED : CudaStatus.SelfTest.FAILED;
                if (!outcome.passed())
                    return found.unusable("self-test failed: " + outcome.detail());
            } catch (CudaStageException e) {
                found.selfTest = CudaStatus.SelfTest.FAILED;
                found.selfTestDetail = e.getMessage();
                return found.unusable("self-test failed: " + e.getMessage());
            }
            return found.usable();
        } catch (Throwable t) {
            LOG.debug("CUDA probe failed", t);
            return found.unusable("CUDA probe failed: " + t);
        }
    }

    private static void describeDevice(Findings found) {
        CUdevice device = new CUdevice();
        CudaCheck.call(STAGE, "cuDeviceGet", () -> cuDeviceGet(device, 0));
        byte[] name = new byte[256];
        CudaCheck.call(STAGE, "cuDeviceGetName", () -> cuDeviceGetName(name, name.length, device));
        int length = 0;
        while (length < name.length && name[length] != 0)
            length++;
        found.deviceName = new String(name, 0, length, StandardCharsets.UTF_8).trim();
        found.ccMajor = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        found.ccMinor = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        found.multiprocessors = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        long[] memory = new long[1];
        CudaCheck.call(STAGE, "cuDeviceTotalMem", () -> cuDeviceTotalMem(memory, device));
        found.totalMemory = memory[0];
    }

    private static int attribute(CUdevice device, int attribute) {
        int[] value = new int[1];
        CudaCheck.call(STAGE, "cuDeviceGetAttribute", () -> cuDeviceGetAttribute(value, attribute, device));
        return value[0];
    }

    /**
     * JCuda's loader error is a page of nested stack traces; what matters is its first line and the
     * innermost linker message, e.g. {@code "libcuda.so.1: cannot open shared object file"}.
     */
    static String nativeLoadMessage(Throwable t) {
        String headline = firstLine(t.getMessage());
        String detail = null;
        String marker = UnsatisfiedLinkError.class.getName() + ": ";
        for (Throwable c = t; c != null; c = c.getCause()) {
            for (String line : String.valueOf(c.getMessage()).split("\\R")) {
                int at = line.indexOf(marker);
                if (at >= 0 && !line.contains("java.library.path"))
                    detail = line.substring(at + marker.length()).trim();
            }
        }
        String text = t.getClass().getSimpleName() + ": " + headline;
        return detail == null || detail.equals(headline) ? text : text + " (" + detail + ")";
    }

    private static String firstLine(String message) {
        if (message == null)
            return "";
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).trim();
    }

    /** What the probe learned so far; it becomes a {@link CudaStatus} at the first failure or at the end. */
    private static final class Findings {
        final CudaKernelResources kernels;
        String deviceName = "", driverVersion = "", selfTestDetail = "";
        int ccMajor, ccMinor, multiprocessors;
        long totalMemory;
        boolean kernelsLoaded;
        CudaStatus.SelfTest selfTest = CudaStatus.SelfTest.NOT_RUN;

        Findings(CudaKernelResources kernels) {
            this.kernels = kernels;
        }

        CudaStatus usable() {
            return status(true, "");
        }

        CudaStatus unusable(String reason) {
            return status(false, reason);
        }

        private CudaStatus status(boolean usable, String reason) {
            List<String> modules = kernels.modules();
            return new CudaStatus(usable, reason, deviceName, ccMajor, ccMinor, driverVersion, totalMemory,
                    multiprocessors, kernels.built(), kernels.nvcc(), modules, kernelsLoaded, selfTest, selfTestDetail);
        }
    }
}
