package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuCtxGetStreamPriorityRange;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuStreamCreateWithPriority;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import java.util.function.IntSupplier;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * A second stream that the work of a pipeline's stream forks onto and joins back from: {@link #fork()} records an
 * event on the pipeline's stream and makes the second stream wait for it, {@link #join()} records an event on the
 * second stream and makes the pipeline's stream wait for it. What is enqueued on {@link #stream()} in between runs
 * beside what is enqueued on the pipeline's stream. Inside a stream capture ({@link StreamGraphs}) the second stream
 * joins the capture at the fork and the graph gets two branches; the work must join before the capture ends.
 *
 * <p>The second stream has the device's greatest priority: when both streams have blocks waiting, its blocks are
 * dispatched first, so that a chain of small launches on it is not held up behind a large grid of the pipeline's
 * stream. A captured kernel keeps its stream's priority as a node attribute, which a graph instantiated with node
 * priorities uses ({@link StreamGraphs}).
 *
 * <p>The stream and the two events are created once, by the constructor, and destroyed by {@link #close()}. Not
 * thread safe.
 */
final class StreamFork implements AutoCloseable {
    private final CudaContext cuda;
    private final String stage;
    private CUstream side;
    private CUevent forked, joined;

    /**
     * @param stage names the stage in the message of a failing driver call
     * @throws CudaStageException if the driver cannot create the stream or the events
     */
    StreamFork(CudaContext cuda, String stage) {
        this.cuda = cuda;
        this.stage = stage;
        cuda.makeCurrent();
        try {
            int[] least = new int[1], greatest = new int[1];
            CudaCheck.call(stage, "cuCtxGetStreamPriorityRange", () -> cuCtxGetStreamPriorityRange(least, greatest));
            CUstream s = new CUstream();
            CudaCheck.call(stage, "cuStreamCreateWithPriority", () -> cuStreamCreateWithPriority(s,
                    CUstream_flags.CU_STREAM_NON_BLOCKING, greatest[0]));
            side = s;
            forked = event();
            joined = event();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private CUevent event() {
        CUevent e = new CUevent();
        CudaCheck.call(stage, "cuEventCreate", () -> cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING));
        return e;
    }

    /** The second stream: work enqueued on it after {@link #fork()} runs beside the pipeline's stream. */
    CUstream stream() {
        return side;
    }

    /** Makes the second stream wait for everything enqueued on the pipeline's stream so far. */
    void fork() {
        cuda.makeCurrent();
        CudaCheck.call(stage, "cuEventRecord", () -> cuEventRecord(forked, cuda.stream()));
        CudaCheck.call(stage, "cuStreamWaitEvent", () -> cuStreamWaitEvent(side, forked, 0));
    }

    /** Makes the pipeline's stream wait for everything enqueued on the second stream so far. */
    void join() {
        cuda.makeCurrent();
        CudaCheck.call(stage, "cuEventRecord", () -> cuEventRecord(joined, side));
        CudaCheck.call(stage, "cuStreamWaitEvent", () -> cuStreamWaitEvent(cuda.stream(), joined, 0));
    }

    /**
     * Destroys the events and the stream (work still queued on it completes first: the driver releases the stream
     * then). Failures are ignored, so that closing never hides the error that made the caller close. Closing twice,
     * or after the context closed (which released them), does nothing.
     */
    @Override
    public void close() {
        CUevent f = forked, j = joined;
        CUstream s = side;
        forked = joined = null;
        side = null;
        if (cuda.isClosed())
            return;
        for (CUevent e : new CUevent[]{f, j})
            if (e != null)
                quietly("cuEventDestroy", () -> cuEventDestroy(e));
        if (s != null)
            quietly("cuStreamDestroy", () -> cuStreamDestroy(s));
    }

    private void quietly(String call, IntSupplier driverCall) {
        try {
            cuda.makeCurrent();
            CudaCheck.call(stage, call, driverCall);
        } catch (CudaStageException ignored) {
            // closing must not hide the error that made the caller close
        }
    }
}
