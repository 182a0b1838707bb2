package org.gpuvo.gpu.cuda;

import jcuda.driver.CUevent;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;

/**
 * CUDA events recorded on a context's stream at marks between the stages of some work, so that the GPU time of
 * each stage can be read afterwards: the tool of benchmarks (the extractors time their own stages). Created once and
 * reused; not thread safe.
 */
public final class StageEvents implements AutoCloseable {
    private static final String STAGE = "timing";
    private final CudaContext cuda;
    private final CUevent[] events;
    private boolean closed;

    /** {@code marks} events on {@code cuda}'s stream. */
    public StageEvents(CudaContext cuda, int marks) {
        if (cuda == null)
            throw new IllegalArgumentException("CUDA context is null");
        if (marks < 2)
            throw new IllegalArgumentException("at least two marks are needed to time anything, got " + marks);
        this.cuda = cuda;
        this.events = new CUevent[marks];
        cuda.makeCurrent();
        try {
            for (int i = 0; i < marks; i++) {
                CUevent e = new CUevent();
                CudaCheck.call(STAGE, "cuEventCreate", () -> cuEventCreate(e, 0));
                events[i] = e;
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Records mark {@code i} on the stream, after the work enqueued so far. */
    public void record(int i) {
        cuda.makeCurrent();
        CudaCheck.call(STAGE, "cuEventRecord", () -> cuEventRecord(events[i], cuda.stream()));
    }

    /** GPU milliseconds from mark {@code from} to mark {@code to}; waits until {@code to} is reached. */
    public float millis(int from, int to) {
        cuda.makeCurrent();
        float[] ms = new float[1];
        CudaCheck.call(STAGE, "cuEventSynchronize", () -> cuEventSynchronize(events[to]));
        CudaCheck.call(STAGE, "cuEventElapsedTime", () -> cuEventElapsedTime(ms, events[from], events[to]));
        return ms[0];
    }

    @Override
    public void close() {
        if (closed)
            return;
        closed = true;
        if (cuda.isClosed())
            return;
        cuda.makeCurrent();
        for (CUevent e : events)
            if (e != null)
                try {
                    CudaCheck.call(STAGE, "cuEventDestroy", () -> cuEventDestroy(e));
                } catch (CudaStageException ignored) {
                    // closing must not hide the error that made the caller close
                }
    }
}
