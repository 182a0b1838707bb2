package org.gpuvo.gpu.cuda;

/**
 * Memory owned by a {@link CudaContext}: allocated once when a stage is set up, reused for every frame, and
 * freed by {@link #close()} or, at the latest, when the context closes. Using it after either throws
 * {@link IllegalStateException} rather than touching freed memory.
 */
public abstract sealed class CudaAllocation implements AutoCloseable permits DeviceBuffer, DeviceImage, PinnedBuffer {
    final CudaContext owner;
    final String stage;
    private final long bytes;
    private boolean closed;

    CudaAllocation(CudaContext owner, String stage, long bytes) {
        this.owner = owner;
        this.stage = stage;
        this.bytes = bytes;
    }

    /** Size of the allocation in bytes. */
    public long bytes() {
        return bytes;
    }

    /** The pipeline stage the allocation belongs to (it names the stage in error messages). */
    public String stage() {
        return stage;
    }

    public boolean isClosed() {
        return closed;
    }

    void checkOpen() {
        if (closed)
            throw new IllegalStateException(stage + ": " + getClass().getSimpleName() + " used after close");
    }

    /** Frees the memory now; later calls do nothing. */
    @Override
    public final void close() {
        if (closed)
            return;
        closed = true;
        owner.release(this);
    }

    /** Frees the driver resources; called by the owner with its context current. */
    abstract void free();
}
