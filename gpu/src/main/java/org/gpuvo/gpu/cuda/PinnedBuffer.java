package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import jcuda.Pointer;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;

/**
 * Page-locked host memory (cuMemAllocHost), the staging area of asynchronous copies. The buffer remembers
 * its last asynchronous copy with an event, and every host read or write first waits for that copy to
 * finish: filling the next frame cannot overwrite bytes still being uploaded, and reading a download cannot
 * see stale bytes, without the caller synchronising the whole stream. The memory is only reachable through
 * these checked methods, so no Java code can touch it after it is freed. Create one with
 * {@link CudaContext#pinnedBuffer}.
 */
public final class PinnedBuffer extends CudaAllocation {
    private final Pointer pointer;
    private final CUevent lastCopy;
    private final ByteBuffer memory;

    PinnedBuffer(CudaContext owner, String stage, Pointer pointer, CUevent lastCopy, long bytes) {
        super(owner, stage, bytes);
        this.pointer = pointer;
        this.lastCopy = lastCopy;
        this.memory = pointer.getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    }

    /** The host address, for driver copy calls; the buffer's own methods are the safe way to access it. */
    public Pointer pointer() {
        checkOpen();
        return pointer;
    }

    /** Copies {@code length} bytes of {@code source} from {@code sourceOffset} into this buffer at {@code offset}. */
    public void put(long offset, byte[] source, int sourceOffset, int length) {
        putRows(offset, source, sourceOffset, length, length, 1);
    }

    /**
     * Copies {@code rows} rows of {@code rowBytes} bytes, {@code sourceStride} bytes apart in {@code source},
     * into this buffer at {@code offset}, packed (each row right after the previous one).
     */
    public void putRows(long offset, byte[] source, int sourceOffset, int sourceStride, int rowBytes, int rows) {
        if (rows < 0 || rowBytes < 0 || sourceStride < rowBytes || sourceOffset < 0)
            throw new IllegalArgumentException(stage + ": invalid row layout: " + rows + " rows of " + rowBytes
                    + " bytes, stride " + sourceStride + ", offset " + sourceOffset);
        long packed = (long) rows * rowBytes;
        checkRange(offset, packed);
        if (rows > 0 && sourceOffset + (long) (rows - 1) * sourceStride + rowBytes > source.length)
            throw new IndexOutOfBoundsException(stage + ": " + rows + " rows of " + rowBytes + " bytes, stride "
                    + sourceStride + ", from offset " + sourceOffset + " overrun a source array of " + source.length);
        awaitLastCopy();
        if (sourceStride == rowBytes) {
            memory.put((int) offset, source, sourceOffset, (int) packed);
        } else {
            for (int y = 0; y < rows; y++)
                memory.put((int) offset + y * rowBytes, source, sourceOffset + y * sourceStride, rowBytes);
        }
    }

    /** Copies {@code length} bytes at {@code offset} of this buffer into {@code target}. */
    public void get(long offset, byte[] target, int targetOffset, int length) {
        checkRange(offset, length);
        awaitLastCopy();
        memory.get((int) offset, target, targetOffset, length);
    }

    /** Copies {@code count} floats of {@code source} from {@code sourceOffset} into this buffer at {@code offset} (native order). */
    public void putFloats(long offset, float[] source, int sourceOffset, int count) {
        checkRange(offset, (long) count * Float.BYTES);
        awaitLastCopy();
        memory.slice((int) offset, count * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer()
                .put(source, sourceOffset, count);
    }

    /**
     * Copies {@code count} doubles of {@code source} from {@code sourceOffset} into this buffer at {@code offset}
     * (native order).
     */
    public void putDoubles(long offset, double[] source, int sourceOffset, int count) {
        checkRange(offset, (long) count * Double.BYTES);
        awaitLastCopy();
        memory.slice((int) offset, count * Double.BYTES).order(ByteOrder.nativeOrder()).asDoubleBuffer()
                .put(source, sourceOffset, count);
    }

    /** Copies {@code count} floats (native order, as a device writes them) at {@code offset} into {@code target}. */
    public void getFloats(long offset, float[] target, int targetOffset, int count) {
        checkRange(offset, (long) count * Float.BYTES);
        awaitLastCopy();
        memory.slice((int) offset, count * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer()
                .get(target, targetOffset, count);
    }

    /** Copies {@code count} 32-bit integers (native order, as a device writes them) at {@code offset} into {@code target}. */
    public void getInts(long offset, int[] target, int targetOffset, int count) {
        checkRange(offset, (long) count * Integer.BYTES);
        awaitLastCopy();
        memory.slice((int) offset, count * Integer.BYTES).order(ByteOrder.nativeOrder()).asIntBuffer()
                .get(target, targetOffset, count);
    }

    /** The 64-bit integer (native byte order, as a device writes it) at {@code offset}. */
    public long getLong(long offset) {
        checkRange(offset, Long.BYTES);
        awaitLastCopy();
        return memory.getLong((int) offset);
    }

    private void checkRange(long offset, long length) {
        checkOpen();
        if (offset < 0 || length < 0 || offset + length > bytes())
            throw new IndexOutOfBoundsException(stage + ": bytes [" + offset + ", " + (offset + length)
                    + ") lie outside a pinned buffer of " + bytes() + " bytes");
    }

    /** Marks the copy just enqueued on {@code stream} as the one host access must wait for. */
    void recordUse(CUstream stream) {
        CudaCheck.call(stage, "cuEventRecord", () -> cuEventRecord(lastCopy, stream));
    }

    private void awaitLastCopy() {
        owner.makeCurrent();
        CudaCheck.call(stage, "cuEventSynchronize", () -> cuEventSynchronize(lastCopy));
    }

    @Override
    void free() {
        try {
            // a copy still in flight would read or write freed memory
            CudaCheck.call(stage, "cuEventSynchronize", () -> cuEventSynchronize(lastCopy));
            CudaCheck.call(stage, "cuEventDestroy", () -> cuEventDestroy(lastCopy));
        } finally {
            CudaCheck.call(stage, "cuMemFreeHost", () -> cuMemFreeHost(pointer));
        }
    }
}
