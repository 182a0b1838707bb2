package org.gpuvo.gpu.cuda;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.image.GrayImage;

/**
 * What a CUDA feature extractor does the same whatever its features: the context it runs on (its own, closed with
 * it, or a shared one), the stage timer and the CUDA graphs of the detection, the frame's staging and input buffers
 * and the pinned buffers of the table, counts, records and descriptors, buffers that only grow, and the open,
 * pending and closed states. A subclass says how a frame of a size is prepared, enqueued and finished.
 *
 * @param <F> the features a detection leaves on the device
 */
abstract class CudaExtraction<F> implements AutoCloseable {
    private static final String STAGE_UPLOAD = "upload";

    final CudaContext cuda;
    private final boolean ownsContext;
    /** the extractor's name in messages, e.g. "ORB" */
    private final String name;
    final StageTimer timer;
    /** the detection kernels captured per (input buffer, output); cleared whenever a buffer moves */
    final StreamGraphs graphs;

    PinnedBuffer staging, tableHost, countsHost, recordsHost, descriptorsHost;
    /** the device copy of the last uploaded frame */
    DeviceBuffer input;
    /** the frame the next detection reads: {@link #input} or a buffer the caller uploaded into */
    DeviceBuffer frameInput;
    /** a detection enqueued by {@link #enqueueOnDevice} and not yet finished */
    private boolean pending;
    private boolean closed;

    /**
     * @param cuda           the context to run on, or null to open one (device 0) that closes with the extractor
     * @param stages         the timer's stages, in pipeline order
     * @param graphStage     the stage that CUDA graph errors name
     * @param nodePriorities whether the graphs keep the priorities of the streams their kernels were captured from
     */
    CudaExtraction(CudaContext cuda, String name, List<String> stages, String graphStage, boolean nodePriorities) {
        this.name = name;
        this.ownsContext = cuda == null;
        this.cuda = cuda != null ? cuda : CudaContext.open(name.toLowerCase(Locale.ROOT));
        this.graphs = new StreamGraphs(this.cuda, graphStage, nodePriorities);
        this.timer = new StageTimer(this.cuda, stages);
    }

    /** The context the extractor runs on. */
    public CudaContext context() {
        return cuda;
    }

    /** The backend that runs the work: {@code "cuda"}. */
    public String backend() {
        return "cuda";
    }

    // ---------------------------------------------------------------------------------------------------------
    // what the subclass defines

    /** Geometry and buffers for frames of this size: computed and allocated only when something changed. */
    abstract void prepare(int width, int height);

    /** Whether frames of the prepared size have anything to detect (at least one level or octave). */
    abstract boolean hasWork();

    /** Enqueues the detection of {@link #frameInput} and the download of the counts, without waiting. */
    abstract void begin();

    /**
     * Second half of {@link #detectOnDevice(DeviceBuffer, int, int)}: waits for the counts (running the frame again
     * if a buffer had to grow) and returns the features.
     */
    abstract F finishOnDevice();

    /**
     * Enqueues everything from the memset of the counters to the descriptors. {@code capturing}: the launches are
     * being captured into a CUDA graph (they may then fork to a second stream).
     */
    abstract void enqueueKernels(F output, boolean capturing);

    /** Frees the buffers of the subclass (its context stays open). */
    abstract void closeBuffers();

    /** Frees what the subclass holds beside buffers, before the context closes. */
    void closeStreams() {
    }

    // ---------------------------------------------------------------------------------------------------------
    // detection

    /**
     * Detects and describes the features of {@code image} and leaves them on the device for the matcher; only the
     * counts come back to the host. The extractor alternates between two outputs: the one returned stays valid
     * through the next detection (so that frame k's features can be matched with frame k+1's) and is overwritten by
     * the one after.
     *
     * @throws IllegalArgumentException if the image is null or larger than the extractor accepts
     */
    public F detectOnDevice(GrayImage image) {
        ImageLimits.checkImage(image, name);
        checkOpen();
        checkNotPending();
        prepare(image.width, image.height);
        if (hasWork())
            upload(image);
        frameInput = input;
        startDetection();
        return finishOnDevice();
    }

    /**
     * As {@link #detectOnDevice(GrayImage)}, for a frame already on the device: {@code frame} holds
     * {@code width * height} bytes, row after row without padding. The frame's copy must be ordered before this
     * extractor's stream (the same stream, or {@code cuStreamWaitEvent} on an event recorded after the copy), and
     * {@code frame} must not be overwritten before this method returns.
     *
     * @throws IllegalArgumentException if the size is not one the extractor accepts, or {@code frame} is too small
     *                                  or belongs to another context
     */
    public F detectOnDevice(DeviceBuffer frame, int width, int height) {
        enqueueOnDevice(frame, width, height);
        return finishOnDevice();
    }

    /**
     * First half of {@link #detectOnDevice(DeviceBuffer, int, int)}: enqueues the detection and the download of the
     * counts and returns without waiting, so that the caller can prepare the next frame meanwhile. Must be followed
     * by {@link #finishOnDevice()}; {@code frame} must stay unchanged until that returns (a frame whose buffers grow
     * runs again).
     */
    void enqueueOnDevice(DeviceBuffer frame, int width, int height) {
        if (frame == null)
            throw new IllegalArgumentException("frame is null");
        if (width < 1 || height < 1 || width > ImageLimits.MAX_SIDE || height > ImageLimits.MAX_SIDE
                || (long) width * height > ImageLimits.MAX_PIXELS)
            throw new IllegalArgumentException("image " + width + "x" + height + " is not a size " + name
                    + " accepts (1 to " + ImageLimits.MAX_SIDE + " pixels a side)");
        if (frame.owner != cuda)
            throw new IllegalArgumentException("the frame's device buffer belongs to another CUDA context");
        if (frame.bytes() < (long) width * height)
            throw new IllegalArgumentException("a " + width + "x" + height + " frame does not fit a device buffer of "
                    + frame.bytes() + " bytes");
        checkOpen();
        checkNotPending();
        record(0); // the frame was copied elsewhere: "upload" is empty on this stream
        prepare(width, height);
        frameInput = frame;
        startDetection();
    }

    private void startDetection() {
        begin();
        pending = true;
    }

    /** Ends the pending detection: throws unless one was enqueued. */
    void endPending() {
        if (!pending)
            throw new IllegalStateException("no detection enqueued");
        pending = false;
    }

    void checkNotPending() {
        if (pending)
            throw new IllegalStateException("a detection was enqueued and not finished");
    }

    void checkOpen() {
        if (closed)
            throw new IllegalStateException("CUDA " + name + " extractor used after close");
    }

    /** Key of a captured detection: the buffers its arguments name that are not fixed until the next clear. */
    private record GraphKey(DeviceBuffer input, Object output) {
    }

    /**
     * Enqueues the detection kernels of {@link #frameInput} into {@code output}. Without stage timing this replays a
     * CUDA graph of the same work (captured on the second frame of a layout); with stage timing, or where graphs are
     * off or failed, it launches the kernels one by one.
     */
    void enqueueDetection(F output) {
        timer.frameStart();
        if (timer.stagesOn() || !graphs.run(new GraphKey(frameInput, output), () -> enqueueKernels(output, true)))
            enqueueKernels(output, false);
        timer.frameEnd();
    }

    // ---------------------------------------------------------------------------------------------------------
    // buffers

    /** {@code buffer} if it holds {@code bytes}, else a new one (the old one freed, the graphs that named it too). */
    DeviceBuffer grow(DeviceBuffer buffer, String stage, long bytes) {
        if (buffer != null && buffer.bytes() >= bytes)
            return buffer;
        graphs.clear();
        if (buffer != null)
            buffer.close();
        return cuda.deviceBuffer(stage, Math.max(bytes, 16));
    }

    PinnedBuffer grow(PinnedBuffer buffer, String stage, long bytes) {
        if (buffer != null && buffer.bytes() >= bytes)
            return buffer;
        if (buffer != null)
            buffer.close();
        return cuda.pinnedBuffer(stage, Math.max(bytes, 16));
    }

    /** Copies the frame into {@link #input} on the stream (the buffers grow to the frame's size first). */
    void upload(GrayImage image) {
        long pixels = (long) image.width * image.height;
        staging = grow(staging, STAGE_UPLOAD, pixels);
        input = grow(input, STAGE_UPLOAD, pixels);
        record(0);
        staging.putRows(0, image.data, image.offset, image.stride, image.width, image.height);
        input.uploadAsync(staging, pixels);
    }

    // ---------------------------------------------------------------------------------------------------------
    // timing (off unless enabled): events recorded on the stream between the stages

    /**
     * Records CUDA events between the stages of every following frame, for {@link #lastStageMillis()}. The kernels
     * are then launched one by one (no graph). Costs a few event records per frame; off by default.
     */
    public void enableStageTiming() {
        timer.enableStages();
    }

    /** Stops recording stage events: the graph path is used again. */
    public void disableStageTiming() {
        timer.disableStages();
    }

    /**
     * Records two CUDA events around the detection kernels of every following frame (or around their graph), for
     * {@link #lastFrameMillis()}. Unlike {@link #enableStageTiming()} this keeps the CUDA graph path.
     */
    public void enableFrameTiming() {
        timer.enableFrame();
    }

    /**
     * GPU milliseconds of the last detection's kernels, memset to descriptors (a graph launch or the separate
     * launches), after {@link #enableFrameTiming()}; NaN otherwise or when the last frame had nothing to detect.
     */
    public float lastFrameMillis() {
        if (!hasWork())
            return Float.NaN;
        return timer.frameMillis();
    }

    /**
     * GPU time of each stage of the last detection in milliseconds, in the order of the extractor's stages, after
     * {@link #enableStageTiming()}; empty otherwise. When a frame ran twice (buffers grew), the second run's times.
     * Call after {@code detect} or {@code detectOnDevice} returned.
     */
    public Map<String, Float> lastStageMillis() {
        return timer.stageMillis();
    }

    /**
     * Whether the detection kernels may be replayed as a CUDA graph (on by default; the system property
     * {@code gpuvo.cudaGraphs=false} turns it off for every extractor). The graph is used only while stage timing
     * is off: the stage events need the kernels launched one by one.
     */
    public void useGraphs(boolean on) {
        graphs.setEnabled(on);
    }

    /** Whether the graph path is on and has not failed (a failed capture turns it off, with one warning). */
    public boolean graphsActive() {
        return graphs.active() && !timer.stagesOn();
    }

    /** CUDA graphs captured so far by this extractor (each layout change captures again). */
    public int graphCaptures() {
        return graphs.captures();
    }

    void record(int i) {
        timer.record(i);
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Frees the extractor's buffers (and its context, if it opened it). Closing twice does nothing. */
    @Override
    public final void close() {
        if (closed)
            return;
        closed = true;
        if (cuda.isClosed())
            return;
        timer.close();
        graphs.close();
        closeStreams();
        if (ownsContext) {
            cuda.close();
            return;
        }
        closeBuffers();
        for (CudaAllocation a : new CudaAllocation[]{staging, tableHost, countsHost, recordsHost, descriptorsHost,
                input})
            if (a != null)
                a.close();
    }
}
