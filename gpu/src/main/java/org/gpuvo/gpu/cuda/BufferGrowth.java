package org.gpuvo.gpu.cuda;

/**
 * Growing the working buffers of a stage that reuses them call after call: a buffer is replaced only when it is
 * too small, then by one at least 1.5 times as large, so a stream of frames of similar sizes allocates nothing.
 */
final class BufferGrowth {
    private BufferGrowth() {
    }

    /** {@code buffer} if it holds {@code bytes}, else a larger one (the old one is freed; contents are lost). */
    static DeviceBuffer grow(CudaContext cuda, String stage, DeviceBuffer buffer, long bytes) {
        if (buffer != null && buffer.bytes() >= bytes)
            return buffer;
        long size = Math.max(bytes, buffer == null ? 0 : buffer.bytes() + buffer.bytes() / 2);
        if (buffer != null)
            buffer.close();  // cuMemFree waits for the device: no kernel still reads it
        return cuda.deviceBuffer(stage, Math.max(size, 256));
    }

    /** {@link #grow}, filling a new buffer with {@code value} bytes (on the stream, before any later kernel). */
    static DeviceBuffer growFilled(CudaContext cuda, String stage, DeviceBuffer buffer, long bytes, byte value) {
        DeviceBuffer grown = grow(cuda, stage, buffer, bytes);
        if (grown != buffer)
            grown.fillAsync(value);
        return grown;
    }

    /** The pinned counterpart of {@link #grow}, at most 2 GiB. */
    static PinnedBuffer grow(CudaContext cuda, String stage, PinnedBuffer buffer, long bytes) {
        if (buffer != null && buffer.bytes() >= bytes)
            return buffer;
        long size = Math.min(Integer.MAX_VALUE, Math.max(bytes, buffer == null ? 0 : buffer.bytes() + buffer.bytes() / 2));
        if (buffer != null)
            buffer.close();
        return cuda.pinnedBuffer(stage, Math.max(size, 256));
    }
}
