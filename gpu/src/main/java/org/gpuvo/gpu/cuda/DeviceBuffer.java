package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemsetD8Async;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * Linear device memory (cuMemAlloc) with asynchronous copies on its context's stream. Host transfers go
 * through {@link PinnedBuffer}s only: the driver copies pageable Java arrays synchronously through a bounce
 * buffer, which would serialise upload and compute. Create one with {@link CudaContext#deviceBuffer}.
 */
public final class DeviceBuffer extends CudaAllocation {
    private final CUdeviceptr pointer;

    DeviceBuffer(CudaContext owner, String stage, CUdeviceptr pointer, long bytes) {
        super(owner, stage, bytes);
        this.pointer = pointer;
    }

    /**
     * @throws IllegalStateException    if the buffer was freed
     * @throws IllegalArgumentException if it belongs to another context than {@code context} ({@code what} names it)
     */
    void checkOwner(CudaContext context, String what) {
        checkOpen();
        if (owner != context)
            throw new IllegalArgumentException(what + " belong to another CUDA context than the matcher's");
    }

    /** The device address, for kernel arguments ({@code Pointer.to(buffer.pointer())}). */
    public CUdeviceptr pointer() {
        checkOpen();
        return pointer;
    }

    /** Enqueues a copy of the first {@code count} bytes of {@code source} to the start of this buffer. */
    public void uploadAsync(PinnedBuffer source, long count) {
        uploadAsync(source, count, owner.stream());
    }

    /**
     * Enqueues a copy of the first {@code count} bytes of {@code source} to the start of this buffer on
     * {@code stream}, a stream of this buffer's context (e.g. {@link CudaContext#copyStream()}).
     */
    public void uploadAsync(PinnedBuffer source, long count, CUstream stream) {
        checkTransfer(source, count);
        owner.makeCurrent();
        CudaCheck.call(stage, "cuMemcpyHtoDAsync",
                () -> cuMemcpyHtoDAsync(pointer, source.pointer(), count, stream));
        source.recordUse(stream);
    }

    /** Enqueues a copy of the first {@code count} bytes of this buffer to the start of {@code target}. */
    public void downloadAsync(PinnedBuffer target, long count) {
        checkTransfer(target, count);
        owner.makeCurrent();
        CudaCheck.call(stage, "cuMemcpyDtoHAsync",
                () -> cuMemcpyDtoHAsync(target.pointer(), pointer, count, owner.stream()));
        target.recordUse(owner.stream());
    }

    /** Enqueues setting every byte of this buffer to {@code value} (e.g. zeroing an accumulator). */
    public void fillAsync(byte value) {
        checkOpen();
        owner.makeCurrent();
        CudaCheck.call(stage, "cuMemsetD8Async", () -> cuMemsetD8Async(pointer, value, bytes(), owner.stream()));
    }

    private void checkTransfer(PinnedBuffer host, long count) {
        checkOpen();
        host.checkOpen();
        if (host.owner != owner)
            throw new IllegalArgumentException(stage + ": the pinned buffer belongs to another CUDA context");
        if (count < 0 || count > bytes() || count > host.bytes())
            throw new IllegalArgumentException(stage + ": cannot copy " + count + " bytes between a device buffer of "
                    + bytes() + " and a pinned buffer of " + host.bytes() + " bytes");
    }

    @Override
    void free() {
        CudaCheck.call(stage, "cuMemFree", () -> cuMemFree(pointer));
    }
}
