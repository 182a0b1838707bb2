package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemAllocPitch;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.IntSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * The GPU side of one camera pipeline: the device's primary context (shared by all pipelines of the
 * process, as the runtime API would share it), one stream of its own that orders all of the pipeline's
 * work, and every buffer the pipeline allocated, freed on {@link #close()}. Kernel modules are loaded from the
 * jar when a kernel of theirs is first asked for (an ORB pipeline loads no SIFT module: the jar's modules are
 * some 17 MB, two thirds of them SIFT's float matcher), once for the process ({@link PrimaryContextModules}).
 *
 * <p>CUDA binds a context to a thread. Every method makes this context current on the calling thread
 * first ({@link #makeCurrent()}), so a pipeline may move between threads (one at a time: the class is not
 * thread safe), and raw JCuda calls made between them should call {@link #makeCurrent()} themselves.
 *
 * <p>A failed driver call throws {@link CudaStageException} naming the stage. Errors such as invalid
 * arguments leave the context usable; sticky ones ({@link CudaStageException#contextLost()}) do not, and
 * the pipeline must close it and fall back to the CPU. Kernel faults are asynchronous: they surface at the
 * next synchronising call, under that call's stage.
 *
 * <p>Check {@link CudaProbe#status()} before opening one: on a machine without the NVIDIA driver JCuda's
 * natives cannot load, and opening throws {@link LinkageError}.
 */
public final class CudaContext implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CudaContext.class);
    private static final String STAGE = "context";

    private final String pipeline;
    private final int deviceOrdinal;
    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final CUstream stream = new CUstream();
    private final CUstream copyStream = new CUstream();
    private boolean copyStreamCreated;
    /** the kernel modules of the jar */
    private CudaKernelResources kernels;
    private final Map<String, CUfunction> functions = new HashMap<>();
    private final Set<CudaAllocation> allocations = new LinkedHashSet<>();
    private boolean streamCreated;
    private int multiprocessors;
    private long allocatedBytes;
    private boolean closed;
    /** driver calls that failed without consequence (freeing, closing), and the first one's message */
    private int quietFailures;
    private String firstQuietFailure;

    private CudaContext(String pipeline, int deviceOrdinal) {
        this.pipeline = pipeline;
        this.deviceOrdinal = deviceOrdinal;
    }

    /**
     * Opens a context of its own on device 0 for a component that owns it ({@code create} builds the component on
     * it); closes the context again if {@code create} throws.
     *
     * @param what names the component in the message of an unusable backend
     * @throws IllegalStateException if the CUDA backend is unavailable (with {@link CudaProbe}'s reason)
     */
    static <T> T openOwned(String pipeline, String what, java.util.function.Function<CudaContext, T> create) {
        CudaStatus status = CudaProbe.status();
        if (!status.usable())
            throw new IllegalStateException("the " + what + " is unavailable: " + status.reason());
        CudaContext context = open(pipeline);
        try {
            return create.apply(context);
        } catch (RuntimeException e) {
            context.close();
            throw e;
        }
    }

    /** Opens a pipeline on device 0 with the kernels of this jar. */
    public static CudaContext open(String pipeline) {
        return open(0, pipeline, CudaKernelResources.load());
    }

    /**
     * Retains the device's primary context and creates the pipeline's stream; the modules of {@code kernels} are
     * loaded as their kernels are first asked for ({@link #function}).
     *
     * @throws IllegalStateException if the kernels were not built into the jar
     * @throws CudaStageException    if the driver refuses (stage {@code "context"}), e.g. no such device or
     *                               a module without code for this GPU
     */
    public static CudaContext open(int deviceOrdinal, String pipeline, CudaKernelResources kernels) {
        if (!kernels.built())
            throw new IllegalStateException("CUDA kernels are not built into the jar: " + kernels.reason());
        JCudaDriver.setExceptionsEnabled(true);
        CudaContext cuda = new CudaContext(pipeline, deviceOrdinal);
        CudaCheck.call(STAGE, "cuInit", () -> cuInit(0));
        CudaCheck.call(STAGE, "cuDeviceGet", () -> cuDeviceGet(cuda.device, deviceOrdinal));
        CudaCheck.call(STAGE, "cuDevicePrimaryCtxRetain", () -> cuDevicePrimaryCtxRetain(cuda.context, cuda.device));
        try {
            cuda.start(kernels);
        } catch (RuntimeException | Error e) {
            cuda.close();
            throw e;
        }
        LOG.debug("pipeline {}: CUDA device {}, {} multiprocessors, modules {} (loaded when used)", pipeline,
                deviceOrdinal, cuda.multiprocessors, kernels.modules());
        return cuda;
    }

    private void start(CudaKernelResources kernels) {
        makeCurrent();
        CudaCheck.call(STAGE, "cuStreamCreate", () -> cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING));
        streamCreated = true;
        int[] value = new int[1];
        CudaCheck.call(STAGE, "cuDeviceGetAttribute", () -> cuDeviceGetAttribute(value,
                CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
        multiprocessors = value[0];
        this.kernels = kernels;
    }

    /** Makes this context current on the calling thread (CUDA contexts are bound per thread). */
    public void makeCurrent() {
        if (closed)
            throw new IllegalStateException("CUDA context of pipeline " + pipeline + " used after close");
        CudaCheck.call(STAGE, "cuCtxSetCurrent", () -> cuCtxSetCurrent(context));
    }

    /** The pipeline's stream: all of its copies and launches are ordered on it. */
    public CUstream stream() {
        return stream;
    }

    /**
     * A second stream of the pipeline, for host-to-device copies that overlap the work on {@link #stream()}
     * (created on first use, destroyed on {@link #close()}). Work on the two streams is unordered: order it with
     * events ({@code cuEventRecord} on one, {@code cuStreamWaitEvent} on the other).
     */
    public CUstream copyStream() {
        makeCurrent();
        if (!copyStreamCreated) {
            CudaCheck.call(STAGE, "cuStreamCreate", () -> cuStreamCreate(copyStream, CUstream_flags.CU_STREAM_NON_BLOCKING));
            copyStreamCreated = true;
        }
        return copyStream;
    }

    public String pipeline() {
        return pipeline;
    }

    public int deviceOrdinal() {
        return deviceOrdinal;
    }

    /** An attribute of the context's device ({@code CUdevice_attribute.CU_DEVICE_ATTRIBUTE_...}). */
    public int deviceAttribute(int attribute) {
        makeCurrent();
        int[] value = new int[1];
        CudaCheck.call(STAGE, "cuDeviceGetAttribute", () -> cuDeviceGetAttribute(value, attribute, device));
        return value[0];
    }

    /** The device's multiprocessor count, for sizing grids that loop over their work. */
    public int multiprocessorCount() {
        return multiprocessors;
    }

    /**
     * A kernel of one of the jar's modules (loaded at the first kernel asked of it), looked up once and cached.
     *
     * @throws IllegalArgumentException if the jar has no module of that name
     * @throws CudaStageException       if the module does not load on this device (stage {@code "context"}) or has
     *                                  no such kernel ({@code CUDA_ERROR_NOT_FOUND})
     */
    public CUfunction function(String module, String name) {
        CUfunction cached = functions.get(module + '/' + name);
        if (cached != null)
            return cached;
        makeCurrent();
        CUmodule loaded = PrimaryContextModules.module(deviceOrdinal, device, kernels, module);
        CUfunction function = new CUfunction();
        CudaCheck.call(module, "cuModuleGetFunction(" + name + ")", () -> cuModuleGetFunction(function, loaded, name));
        functions.put(module + '/' + name, function);
        return function;
    }

    /**
     * Enqueues a kernel on the pipeline's stream.
     *
     * @param arguments the kernel's parameters, {@code Pointer.to(Pointer.to(buffer.pointer()),
     *                  Pointer.to(new int[]{n}), ...)} in declaration order; a stage whose arguments do not
     *                  change may build this once and reuse it
     */
    public void launch(String stage, CUfunction kernel, int gridX, int gridY, int blockX, int blockY,
                       int sharedBytes, Pointer arguments) {
        launch(stage, stream, kernel, gridX, gridY, blockX, blockY, sharedBytes, arguments);
    }

    /**
     * Enqueues a kernel on {@code on}, a stream of this context (the pipeline's, or another that the caller orders
     * against it with events, e.g. the second stream of a fork inside a graph capture).
     */
    public void launch(String stage, CUstream on, CUfunction kernel, int gridX, int gridY, int blockX, int blockY,
                       int sharedBytes, Pointer arguments) {
        makeCurrent();
        CudaCheck.call(stage, "cuLaunchKernel", () -> cuLaunchKernel(kernel, gridX, gridY, 1, blockX, blockY, 1,
                sharedBytes, on, arguments, null));
    }

    /** Waits until all work enqueued on the pipeline's stream has finished; reports kernel faults. */
    public void synchronize(String stage) {
        makeCurrent();
        CudaCheck.call(stage, "cuStreamSynchronize", () -> cuStreamSynchronize(stream));
    }

    /** Allocates {@code bytes} of linear device memory. */
    public DeviceBuffer deviceBuffer(String stage, long bytes) {
        requirePositive(stage, bytes);
        makeCurrent();
        CUdeviceptr pointer = new CUdeviceptr();
        CudaCheck.call(stage, "cuMemAlloc", () -> cuMemAlloc(pointer, bytes));
        return register(new DeviceBuffer(this, stage, pointer, bytes));
    }

    /** Allocates a pitched 8-bit image of {@code width} x {@code height} pixels. */
    public DeviceImage deviceImage(String stage, int width, int height) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException(stage + ": image size must be positive, got " + width + "x" + height);
        makeCurrent();
        CUdeviceptr pointer = new CUdeviceptr();
        long[] pitch = new long[1];
        // element size 4: the widest access the kernels make into a row
        CudaCheck.call(stage, "cuMemAllocPitch", () -> cuMemAllocPitch(pointer, pitch, width, height, 4));
        return register(new DeviceImage(this, stage, pointer, width, height, pitch[0]));
    }

    /** Allocates {@code bytes} of page-locked host memory, at most 2 GiB (one Java buffer addresses it). */
    public PinnedBuffer pinnedBuffer(String stage, long bytes) {
        requirePositive(stage, bytes);
        if (bytes > Integer.MAX_VALUE)
            throw new IllegalArgumentException(stage + ": a pinned buffer holds at most " + Integer.MAX_VALUE
                    + " bytes, asked for " + bytes);
        makeCurrent();
        // cuMemAllocHost (cuMemHostAlloc without flags): JCuda attaches a direct ByteBuffer over the memory
        Pointer pointer = new Pointer();
        CudaCheck.call(stage, "cuMemAllocHost", () -> cuMemAllocHost(pointer, bytes));
        CUevent event = new CUevent();
        try {
            if (pointer.getByteBuffer(0, bytes) == null)
                throw new IllegalStateException(stage + ": JCuda gave pinned memory without a ByteBuffer view");
            CudaCheck.call(stage, "cuEventCreate", () -> cuEventCreate(event, CUevent_flags.CU_EVENT_DISABLE_TIMING));
        } catch (RuntimeException e) {
            quietly(stage, "cuMemFreeHost", () -> cuMemFreeHost(pointer));
            throw e;
        }
        return register(new PinnedBuffer(this, stage, pointer, event, bytes));
    }

    /** Allocations of this context not yet closed: constant while a pipeline runs frame after frame. */
    public int liveAllocations() {
        return allocations.size();
    }

    /** Bytes of device and pinned host memory held by {@link #liveAllocations()}. */
    public long allocatedBytes() {
        return allocatedBytes;
    }

    public boolean isClosed() {
        return closed;
    }

    private static void requirePositive(String stage, long bytes) {
        if (bytes <= 0)
            throw new IllegalArgumentException(stage + ": buffer size must be positive, got " + bytes);
    }

    private <T extends CudaAllocation> T register(T allocation) {
        allocations.add(allocation);
        allocatedBytes += allocation.bytes();
        return allocation;
    }

    /** Frees an allocation that is closing; once the context is closed its memory is already gone. */
    void release(CudaAllocation allocation) {
        if (closed || !allocations.remove(allocation))
            return;
        allocatedBytes -= allocation.bytes();
        try {
            makeCurrent();
            allocation.free();
        } catch (CudaStageException e) {
            failed("freeing a " + allocation.getClass().getSimpleName() + " of stage " + allocation.stage()
                    + " failed: " + e.getMessage());
        }
    }

    /**
     * A driver call that failed without consequence: the first is logged, the others counted and told once when the
     * context closes (after a sticky error every call fails, dozens as a pipeline frees its buffers).
     */
    private void failed(String message) {
        if (quietFailures++ == 0) {
            firstQuietFailure = message;
            LOG.warn("pipeline {}: {} (further failures to free are counted until it closes)", pipeline, message);
        } else {
            LOG.debug("pipeline {}: {}", pipeline, message);
        }
    }

    /**
     * Waits for the stream, frees every allocation, destroys the stream and releases the primary context; the
     * kernel modules stay loaded for the next pipeline. Failures (after a sticky error all of them fail) are logged,
     * not thrown, so that closing never hides the error that made the pipeline close. Closing twice does nothing.
     */
    @Override
    public void close() {
        if (closed)
            return;
        if (quietly(STAGE, "cuCtxSetCurrent", () -> cuCtxSetCurrent(context))) {
            if (streamCreated)
                quietly(STAGE, "cuStreamSynchronize", () -> cuStreamSynchronize(stream));
            if (copyStreamCreated)
                quietly(STAGE, "cuStreamSynchronize", () -> cuStreamSynchronize(copyStream));
            for (CudaAllocation allocation : new ArrayList<>(allocations))
                allocation.close();
            if (streamCreated)
                quietly(STAGE, "cuStreamDestroy", () -> cuStreamDestroy(stream));
            if (copyStreamCreated)
                quietly(STAGE, "cuStreamDestroy", () -> cuStreamDestroy(copyStream));
        }
        closed = true;
        allocations.clear();
        functions.clear();
        quietly(STAGE, "cuDevicePrimaryCtxRelease", () -> cuDevicePrimaryCtxRelease(device));
        if (quietFailures > 1)
            LOG.warn("pipeline {}: closed; {} driver calls failed while freeing and closing, the first: {}", pipeline,
                    quietFailures, firstQuietFailure);
    }

    private boolean quietly(String stage, String call, IntSupplier driverCall) {
        try {
            CudaCheck.call(stage, call, driverCall);
            return true;
        } catch (CudaStageException e) {
            failed(e.getMessage());
            return false;
        }
    }

    @Override
    public String toString() {
        return "CudaContext[" + pipeline + ", device " + deviceOrdinal + (closed ? ", closed" : "") + "]";
    }
}
