package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.image.GrayImage;

import jcuda.Pointer;
import jcuda.driver.CUfunction;

/**
 * Puts camera frames of one fixed size into a pitched device image: the frame is packed into pinned
 * memory, copied to the device asynchronously, and spread into the pitched layout by the
 * {@code copy_pitched_u8} kernel of {@code image_ops.cu}. All buffers and the kernel arguments are made
 * once, so a frame costs one host copy, one transfer and one launch, and no allocation.
 */
public final class ImageUpload implements AutoCloseable {
    public static final String STAGE = "upload";
    static final String MODULE = "image_ops";
    /** copy_pitched_u8 runs 32 x 8 thread blocks, one thread per pixel (see image_ops.cu). */
    private static final int BLOCK_X = 32, BLOCK_Y = 8;

    private final CudaContext cuda;
    private final int width, height;
    private final PinnedBuffer staging;
    private final DeviceBuffer packed;
    private final DeviceImage image;
    private final CUfunction copyPitched;
    private final Pointer copyArguments;

    /** Allocates the buffers for frames of {@code width} x {@code height} pixels. */
    public ImageUpload(CudaContext cuda, int width, int height) {
        if (width <= 0 || height <= 0)
            throw new IllegalArgumentException(STAGE + ": image size must be positive, got " + width + "x" + height);
        this.cuda = cuda;
        this.width = width;
        this.height = height;
        this.copyPitched = cuda.function(MODULE, "copy_pitched_u8");
        long bytes = (long) width * height;
        PinnedBuffer stagingBuffer = null;
        DeviceBuffer packedBuffer = null;
        try {
            stagingBuffer = cuda.pinnedBuffer(STAGE, bytes);
            packedBuffer = cuda.deviceBuffer(STAGE, bytes);
            this.image = cuda.deviceImage(STAGE, width, height);
        } catch (RuntimeException e) {
            if (packedBuffer != null)
                packedBuffer.close();
            if (stagingBuffer != null)
                stagingBuffer.close();
            throw e;
        }
        this.staging = stagingBuffer;
        this.packed = packedBuffer;
        this.copyArguments = Pointer.to(Pointer.to(packed.pointer()), Pointer.to(new int[]{width}),
                Pointer.to(image.pointer()), Pointer.to(new long[]{image.pitch()}),
                Pointer.to(new int[]{width}), Pointer.to(new int[]{height}));
    }

    /**
     * Enqueues the upload of {@code frame} into {@link #image()} on the context's stream and returns without
     * waiting for it. Waits only if the previous frame's transfer out of the staging buffer is still running.
     *
     * @throws IllegalArgumentException if the frame's size is not the one this upload was made for
     */
    public DeviceImage upload(GrayImage frame) {
        if (frame.width != width || frame.height != height)
            throw new IllegalArgumentException(STAGE + ": frame is " + frame.width + "x" + frame.height
                    + ", this upload is for " + width + "x" + height);
        staging.putRows(0, frame.data, frame.offset, frame.stride, width, height);
        packed.uploadAsync(staging, (long) width * height);
        cuda.launch(STAGE, copyPitched, ceilDiv(width, BLOCK_X), ceilDiv(height, BLOCK_Y), BLOCK_X, BLOCK_Y, 0,
                copyArguments);
        return image;
    }

    /** The device image the frames go into. */
    public DeviceImage image() {
        return image;
    }

    static int ceilDiv(int n, int d) {
        return (n + d - 1) / d;
    }

    @Override
    public void close() {
        image.close();
        packed.close();
        staging.close();
    }
}
