package org.gpuvo.gpu.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * What the build put into the jar for the CUDA backend: the manifest {@code kernels.properties} written by
 * {@code build-fatbin.sh}, and one fatbin per kernel module beside it. A build without nvcc still succeeds;
 * the manifest then says {@code built=false} and why, and the backend reports itself unavailable with that
 * reason instead of failing later on a missing resource.
 *
 * @param built   whether nvcc compiled the kernels into the jar
 * @param reason  why not, when {@code built} is false; empty otherwise
 * @param nvcc    the nvcc release that compiled them, e.g. {@code "13.0"}; empty when not built
 * @param arch    the GPU architectures the fatbins hold, e.g. {@code "sm_75,...,compute_90"}; empty when not built
 * @param modules the kernel modules (one per {@code src/main/cuda/*.cu} file), in build order
 */
public record CudaKernelResources(boolean built, String reason, String nvcc, String arch, List<String> modules) {
    /** Resource folder of the manifest and the fatbins, relative to the classpath root. */
    public static final String RESOURCE_DIR = "/org/gpuvo/gpu/cuda/";
    public static final String MANIFEST = "kernels.properties";

    public CudaKernelResources {
        modules = List.copyOf(modules);
    }

    /** Reads the manifest from the classpath; a missing or unreadable manifest reads as "not built", with why. */
    public static CudaKernelResources load() {
        try (InputStream in = CudaKernelResources.class.getResourceAsStream(RESOURCE_DIR + MANIFEST)) {
            if (in == null)
                return notBuilt(RESOURCE_DIR + MANIFEST + " is not on the classpath (gpuvo-gpu was built without its"
                        + " generate-resources step)");
            Properties properties = new Properties();
            properties.load(in);
            return parse(properties);
        } catch (IOException | IllegalArgumentException e) {
            return notBuilt("cannot read " + RESOURCE_DIR + MANIFEST + ": " + e.getMessage());
        }
    }

    /** Interprets the manifest's keys: built, reason, nvcc, arch, modules (comma-separated). */
    public static CudaKernelResources parse(Properties properties) {
        boolean built = Boolean.parseBoolean(properties.getProperty("built", "false").trim());
        List<String> modules = Arrays.stream(properties.getProperty("modules", "").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        String reason = properties.getProperty("reason", "").trim();
        if (built && modules.isEmpty()) {
            built = false;
            reason = "the build found no kernel sources (src/main/cuda/*.cu)";
        } else if (!built && reason.isEmpty()) {
            reason = "the kernel manifest gives no reason";
        }
        return new CudaKernelResources(built, built ? "" : reason, properties.getProperty("nvcc", "").trim(),
                properties.getProperty("arch", "").trim(), built ? modules : List.of());
    }

    static CudaKernelResources notBuilt(String reason) {
        return new CudaKernelResources(false, reason, "", "", List.of());
    }

    /**
     * The fatbin of one module, to pass to {@code cuModuleLoadData}.
     *
     * @throws IllegalArgumentException if the manifest does not list {@code module}
     * @throws IllegalStateException    if the manifest lists it but the jar lacks its fatbin
     */
    public byte[] fatbin(String module) {
        if (!modules.contains(module))
            throw new IllegalArgumentException("no kernel module '" + module + "'; the jar holds " + modules
                    + (built ? "" : " (kernels not built: " + reason + ")"));
        String path = RESOURCE_DIR + module + ".fatbin";
        try (InputStream in = CudaKernelResources.class.getResourceAsStream(path)) {
            if (in == null)
                throw new IllegalStateException("the kernel manifest lists " + module + " but " + path
                        + " is not on the classpath");
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }
}
