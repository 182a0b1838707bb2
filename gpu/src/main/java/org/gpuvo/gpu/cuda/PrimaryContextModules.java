package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.util.HashMap;
import java.util.Map;

import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUmodule;

/**
 * The kernel modules loaded into each device's primary context, shared by every pipeline of the process, and one
 * retain of that context that keeps it alive between pipelines, as the CUDA runtime API keeps it until the process
 * ends. Without it, the last pipeline to close released the context, the driver destroyed it with its modules, and
 * the next pipeline (the node's camera after its warm-up, a pipeline remade for a changed parameter) paid for a new
 * context and for loading its modules again.
 *
 * <p>Keeping the context costs nothing after a sticky error either: CUDA then refuses every call of the process,
 * a new context included, until the process ends (checked on an H200: after an illegal address, retaining the primary
 * context again failed with the same error once every pipeline had released it).
 */
final class PrimaryContextModules {
    private static final String STAGE = "context";
    /** by device ordinal: the modules loaded into its primary context, by name */
    private static final Map<Integer, Map<String, CUmodule>> LOADED = new HashMap<>();

    private PrimaryContextModules() {
    }

    /**
     * Module {@code name} in the primary context of {@code device} (current on the calling thread), loaded from
     * {@code kernels} the first time any pipeline asks for it.
     *
     * @throws IllegalArgumentException if {@code kernels} lists no such module
     * @throws CudaStageException       if the driver refuses it (stage {@code "context"})
     */
    static synchronized CUmodule module(int ordinal, CUdevice device, CudaKernelResources kernels, String name) {
        Map<String, CUmodule> modules = LOADED.get(ordinal);
        if (modules == null) {
            CUcontext kept = new CUcontext();
            CudaCheck.call(STAGE, "cuDevicePrimaryCtxRetain", () -> cuDevicePrimaryCtxRetain(kept, device));
            modules = new HashMap<>();
            LOADED.put(ordinal, modules);
        }
        CUmodule module = modules.get(name);
        if (module == null) {
            byte[] fatbin = kernels.fatbin(name);
            CUmodule loaded = new CUmodule();
            CudaCheck.call(STAGE, "cuModuleLoadData(" + name + ")", () -> cuModuleLoadData(loaded, fatbin));
            modules.put(name, loaded);
            module = loaded;
        } else if (!kernels.modules().contains(name)) {
            kernels.fatbin(name); // throws as a first load would: these kernels do not hold it
        }
        return module;
    }
}
