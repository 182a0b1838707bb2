package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.image.GrayImage;

import jcuda.Pointer;
import jcuda.driver.CUfunction;

/**
 * The sum of all pixels of a frame computed on the GPU: upload, {@code checksum_u8} of {@code image_ops.cu}
 * and download of one 64-bit value. It exists to prove the whole path (pinned staging, async copies, the
 * pitched layout, a kernel, the download) against a sum computed in Java: the GPU tests and the probe's
 * self-test use it. Frames have the fixed size given at construction; buffers are allocated once.
 */
public final class CudaChecksum implements AutoCloseable {
    public static final String STAGE = "checksum";
    /** Threads per block of checksum_u8 (CHECKSUM_BLOCK in image_ops.cu). */
    private static final int BLOCK = 256;

    private final CudaContext cuda;
    private final ImageUpload upload;
    private final DeviceBuffer deviceSum;
    private final PinnedBuffer hostSum;
    private final CUfunction checksum;
    private final Pointer arguments;
    private final int grid;

    public CudaChecksum(CudaContext cuda, int width, int height) {
        this.cuda = cuda;
        this.checksum = cuda.function(ImageUpload.MODULE, "checksum_u8");
        this.upload = new ImageUpload(cuda, width, height);
        DeviceBuffer sumBuffer = null;
        try {
            sumBuffer = cuda.deviceBuffer(STAGE, Long.BYTES);
            this.hostSum = cuda.pinnedBuffer(STAGE, Long.BYTES);
        } catch (RuntimeException e) {
            if (sumBuffer != null)
                sumBuffer.close();
            upload.close();
            throw e;
        }
        this.deviceSum = sumBuffer;
        DeviceImage image = upload.image();
        this.arguments = Pointer.to(Pointer.to(image.pointer()), Pointer.to(new long[]{image.pitch()}),
                Pointer.to(new int[]{width}), Pointer.to(new int[]{height}), Pointer.to(deviceSum.pointer()));
        // one block per row up to 4 per multiprocessor; each block then loops over its rows
        this.grid = Math.max(1, Math.min(height, 4 * cuda.multiprocessorCount()));
    }

    /** Uploads {@code frame}, sums its pixels on the device and waits for the result. */
    public long sum(GrayImage frame) {
        upload.upload(frame);
        deviceSum.fillAsync((byte) 0);
        cuda.launch(STAGE, checksum, grid, 1, BLOCK, 1, 0, arguments);
        deviceSum.downloadAsync(hostSum, Long.BYTES);
        cuda.synchronize(STAGE);
        return hostSum.getLong(0);
    }

    /** The same sum computed in Java, the reference for {@link #sum}. */
    public static long javaSum(GrayImage frame) {
        long sum = 0;
        for (int y = 0; y < frame.height; y++) {
            int row = frame.offset + y * frame.stride;
            for (int x = 0; x < frame.width; x++)
                sum += frame.data[row + x] & 0xFF;
        }
        return sum;
    }

    @Override
    public void close() {
        hostSum.close();
        deviceSum.close();
        upload.close();
    }
}
