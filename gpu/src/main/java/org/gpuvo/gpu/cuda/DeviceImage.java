package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuMemFree;

import jcuda.driver.CUdeviceptr;

/**
 * A pitched 8-bit device image (cuMemAllocPitch): each row starts at an address aligned for coalesced
 * access, {@link #pitch()} bytes after the previous one. The pyramid and ORB kernels read images in this
 * layout. Create one with {@link CudaContext#deviceImage}.
 */
public final class DeviceImage extends CudaAllocation {
    private final CUdeviceptr pointer;
    private final int width;
    private final int height;
    private final long pitch;

    DeviceImage(CudaContext owner, String stage, CUdeviceptr pointer, int width, int height, long pitch) {
        super(owner, stage, pitch * height);
        this.pointer = pointer;
        this.width = width;
        this.height = height;
        this.pitch = pitch;
    }

    /** The address of pixel (0,0), for kernel arguments. */
    public CUdeviceptr pointer() {
        checkOpen();
        return pointer;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** Bytes from the start of one row to the start of the next; at least {@link #width()}. */
    public long pitch() {
        return pitch;
    }

    @Override
    void free() {
        CudaCheck.call(stage, "cuMemFree", () -> cuMemFree(pointer));
    }
}
