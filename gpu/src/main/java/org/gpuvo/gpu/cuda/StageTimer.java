package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jcuda.driver.CUevent;

/**
 * The GPU timing of one pipeline's frames, off until enabled, with CUDA events recorded on the pipeline's stream:
 * between its stages (boundary i before stage i, one more after the last: the time of each stage; the work must
 * then be launched one kernel at a time, not replayed as a graph, for the events to sit between the stages), and
 * around a frame's device work (its whole device time, graph or not). Stage names serve as the failing stage of a
 * CUDA error: the second (the first on the device, after the upload) for the frame's start, the one before the last
 * (the last device stage) for its end, the last (the download) for the rest.
 */
final class StageTimer implements AutoCloseable {
    private final CudaContext cuda;
    private final List<String> stages;
    private CUevent[] boundaries;
    private CUevent frameStart, frameEnd;
    private boolean frameTimed;

    StageTimer(CudaContext cuda, List<String> stages) {
        if (stages.size() < 2)
            throw new IllegalArgumentException("a pipeline of " + stages.size() + " stages");
        this.cuda = cuda;
        this.stages = List.copyOf(stages);
    }

    private String lastStage() {
        return stages.get(stages.size() - 1);
    }

    private CUevent create() {
        cuda.makeCurrent();
        CUevent e = new CUevent();
        CudaCheck.call(lastStage(), "cuEventCreate", () -> cuEventCreate(e, 0));
        return e;
    }

    /** Records the stage boundaries of every following frame, for {@link #stageMillis()}. */
    void enableStages() {
        if (boundaries != null)
            return;
        CUevent[] events = new CUevent[stages.size() + 1];
        for (int i = 0; i < events.length; i++)
            events[i] = create();
        boundaries = events;
    }

    /** Stops recording the stage boundaries and frees their events. */
    void disableStages() {
        destroy(boundaries);
        boundaries = null;
    }

    /** Whether the stage boundaries are recorded (the work must then run launch by launch). */
    boolean stagesOn() {
        return boundaries != null;
    }

    /** Records boundary {@code i} (before stage {@code i}) on the stream, if stage timing is on. */
    void record(int i) {
        if (boundaries == null)
            return;
        CUevent e = boundaries[i];
        CudaCheck.call(stages.get(Math.min(i, stages.size() - 1)), "cuEventRecord", () -> cuEventRecord(e, cuda.stream()));
    }

    /**
     * Milliseconds of each stage of the last frame, in stage order, after {@link #enableStages()}; empty otherwise.
     * Waits for the stream.
     */
    Map<String, Float> stageMillis() {
        if (boundaries == null)
            return Collections.emptyMap();
        cuda.synchronize(lastStage());
        Map<String, Float> ms = new LinkedHashMap<>();
        float[] t = new float[1];
        for (int i = 0; i < stages.size(); i++) {
            CUevent from = boundaries[i], to = boundaries[i + 1];
            CudaCheck.call(stages.get(i), "cuEventElapsedTime", () -> cuEventElapsedTime(t, from, to));
            ms.put(stages.get(i), t[0]);
        }
        return ms;
    }

    /** Records two events around the device work of every following frame, for {@link #frameMillis()}. */
    void enableFrame() {
        if (frameStart == null) {
            CUevent a = create(), b = create();
            frameStart = a;
            frameEnd = b;
        }
        frameTimed = true;
    }

    void frameStart() {
        recordFrame(frameStart, stages.get(1));
    }

    void frameEnd() {
        recordFrame(frameEnd, stages.get(stages.size() - 2));
    }

    private void recordFrame(CUevent event, String stage) {
        if (!frameTimed)
            return;
        cuda.makeCurrent();
        CudaCheck.call(stage, "cuEventRecord", () -> cuEventRecord(event, cuda.stream()));
    }

    /** GPU milliseconds between the last frame's two events; NaN before {@link #enableFrame()} or any frame. */
    float frameMillis() {
        if (!frameTimed)
            return Float.NaN;
        cuda.makeCurrent();
        float[] t = new float[1];
        String stage = stages.get(stages.size() - 2);
        try {
            CudaCheck.call(stage, "cuEventSynchronize", () -> cuEventSynchronize(frameEnd));
            CudaCheck.call(stage, "cuEventElapsedTime", () -> cuEventElapsedTime(t, frameStart, frameEnd));
        } catch (CudaStageException e) {
            if ("CUDA_ERROR_INVALID_HANDLE".equals(e.result()) || "CUDA_ERROR_NOT_READY".equals(e.result()))
                return Float.NaN; // not recorded yet
            throw e;
        }
        return t[0];
    }

    private void destroy(CUevent[] events) {
        if (events == null || cuda.isClosed())
            return;
        for (CUevent e : events)
            if (e != null)
                try {
                    cuda.makeCurrent();
                    CudaCheck.call(lastStage(), "cuEventDestroy", () -> cuEventDestroy(e));
                } catch (CudaStageException ignored) {
                    // closing must not hide the error that made the caller close
                }
    }

    /** Frees every event. */
    @Override
    public void close() {
        disableStages();
        destroy(new CUevent[]{frameStart, frameEnd});
        frameStart = frameEnd = null;
        frameTimed = false;
    }
}
