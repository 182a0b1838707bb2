package org.gpuvo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Whether the CUDA backend can run here, or exactly why not. Device fields are null when no device was opened.
 *
 * @param usable            a CUDA device was opened and gpuvo's kernels loaded on it
 * @param reason            why not, when not usable; null otherwise
 * @param computeCapability "major.minor"
 * @param kernelsBuilt      the build compiled the CUDA kernels into the gpu jar (nvcc was there)
 * @param kernelsLoaded     the kernels were loaded onto the device
 * @param modules           the kernel modules (fatbins) in the jar
 */
record CudaInfo(boolean usable, String reason, String device, String computeCapability, String driverVersion,
                Long memoryBytes, boolean kernelsBuilt, boolean kernelsLoaded, List<String> modules) {
    /** The manifest the gpu module's build writes beside the fatbins (gpu/src/main/cuda/build-fatbin.sh). */
    private static final String KERNEL_MANIFEST = "/org/gpuvo/gpu/cuda/kernels.properties";

    /**
     * Probes the CUDA backend. For now it reads only the kernel manifest of the gpu jar: the device probe (open
     * the driver, name the device, load the kernels) belongs to the CUDA backend and replaces this body when that
     * backend is merged, keeping this record as the report's shape.
     */
    static CudaInfo probe() {
        Properties manifest = kernelManifest();
        boolean built = Boolean.parseBoolean(manifest.getProperty("built", "false"));
        String modules = manifest.getProperty("modules", "");
        String reason = built ? "the CUDA backend is not part of this build yet"
                : manifest.getProperty("reason", "the gpu jar holds no kernel manifest");
        return new CudaInfo(false, reason, null, null, null, null, built, false,
                modules.isBlank() ? List.of() : Arrays.asList(modules.split(",")));
    }

    private static Properties kernelManifest() {
        Properties properties = new Properties();
        try (InputStream in = CudaInfo.class.getResourceAsStream(KERNEL_MANIFEST)) {
            if (in != null)
                properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + KERNEL_MANIFEST, e);
        }
        return properties;
    }
}
