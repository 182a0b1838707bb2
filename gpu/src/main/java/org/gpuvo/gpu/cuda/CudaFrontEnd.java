package org.gpuvo.gpu.cuda;

import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FrameTracker;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;


import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

/**
 * The GPU front end of one camera: each frame is uploaded once, its ORB features are extracted and stay on the
 * device, they are matched there against the previous frame's, and only the matches come back. Extraction and
 * matching share one context and one stream, so a frame's work runs back to back without a host round trip
 * between them. Not thread safe: one instance per camera stream.
 *
 * <p>Two ways to feed it:
 * <ul>
 * <li>{@link #process(GrayImage, Matches)}: one frame in, its matches out; the upload runs on the compute stream
 * before the frame's kernels.</li>
 * <li>Overlapped: {@link #submit(GrayImage)} copies a frame into one of two pinned staging buffers and enqueues its
 * upload on the context's copy stream ({@link CudaContext#copyStream()}) into one of two device input buffers;
 * {@link #collect(Matches)} processes the submitted frame. {@link #processOverlapped(GrayImage, Matches)} does
 * both per call, one frame behind: it starts the kernels of the frame submitted before, then stages and uploads the
 * new frame while they run, then waits for the older frame's results. The compute stream waits for a frame's
 * copy with {@code cuStreamWaitEvent} before its pyramid, and the copy stream waits for the compute stream to be
 * done with an input buffer before it copies the next frame into it.</li>
 * </ul>
 * Both ways match each frame against the frame processed before it, whichever way that one came; {@link #reset}
 * leaves a submitted frame submitted. With stage timing on, "upload" is empty in the overlapped mode (the copy runs
 * on the copy stream).
 */
public final class CudaFrontEnd extends CudaTracking<DeviceFeatures, CudaOrbExtractor, CudaHammingMatcher>
        implements FrameTracker<OrbFeatures> {
    public static final String STAGE_MATCH = CudaHammingMatcher.STAGE;
    private static final String STAGE_UPLOAD = CudaOrbExtractor.STAGE_UPLOAD;
    private static final String STAGE_DOWNLOAD = CudaOrbExtractor.STAGE_DOWNLOAD;


    // overlapped upload: two slots, each a pinned staging buffer, a device input and two events
    private final PinnedBuffer[] staging = new PinnedBuffer[2];
    private final DeviceBuffer[] inputs = new DeviceBuffer[2];
    private final CUevent[] uploaded = new CUevent[2], consumed = new CUevent[2];
    private final int[] slotWidth = new int[2], slotHeight = new int[2];
    /** the slot holding a submitted frame not yet processed, or -1 */
    private int queued = -1;
    private int lastSlot = 1;
    private PinnedBuffer featuresHost;
    /** the search of a local map over the current features, made when first asked for */
    private CudaMapSearch mapSearch;

    /** Opens its own context (device 0, a new stream), closed with the front end. */
    public CudaFrontEnd(String pipeline, ConfigOrb orb, ConfigMatch match) {
        super(pipeline, match, STAGE_MATCH, cuda -> new CudaOrbExtractor(cuda, orb), CudaHammingMatcher::new);
    }

    /**
     * Extracts the frame's features and matches them (as query) against the previous frame's (train). The first
     * frame has nothing to match: {@code out} is left empty.
     *
     * @return the number of features of this frame
     * @throws IllegalStateException if a frame was {@link #submit submitted} and not collected
     */
    @Override
    public int process(GrayImage frame, Matches out) {
        if (queued >= 0)
            throw new IllegalStateException("a submitted frame waits: collect() it before process()");
        return matchWithPrevious(extractor.detectOnDevice(frame), out);
    }

    /**
     * Stages {@code frame} in pinned memory and enqueues its upload on the copy stream; returns without waiting
     * for the copy. At most one frame waits: {@link #collect} it before submitting another.
     *
     * @throws IllegalArgumentException if the frame is null or larger than ORB accepts
     * @throws IllegalStateException    if a submitted frame was not collected yet
     */
    public void submit(GrayImage frame) {
        OrbLimits.checkImage(frame);
        if (queued >= 0)
            throw new IllegalStateException("a submitted frame waits: collect() it before submitting another");
        int slot = lastSlot ^ 1;
        long pixels = (long) frame.width * frame.height;
        if (staging[slot] == null || staging[slot].bytes() < pixels) {
            // only when the frame size grows; nothing reads this slot now (its last frame was collected)
            if (staging[slot] != null)
                staging[slot].close();
            if (inputs[slot] != null)
                inputs[slot].close();
            staging[slot] = null;
            inputs[slot] = null;
            staging[slot] = cuda.pinnedBuffer(STAGE_UPLOAD, pixels);
            inputs[slot] = cuda.deviceBuffer(STAGE_UPLOAD, pixels);
        }
        if (uploaded[slot] == null) {
            uploaded[slot] = event();
            consumed[slot] = event();
        }
        // waits for this staging buffer's previous copy (two frames ago) before overwriting it
        staging[slot].putRows(0, frame.data, frame.offset, frame.stride, frame.width, frame.height);
        CUstream copy = cuda.copyStream();
        CUevent free = consumed[slot], done = uploaded[slot];
        // the compute stream may still be reading this input for the frame before last: wait for it
        CudaCheck.call(STAGE_UPLOAD, "cuStreamWaitEvent", () -> cuStreamWaitEvent(copy, free, 0));
        inputs[slot].uploadAsync(staging[slot], pixels, copy);
        CudaCheck.call(STAGE_UPLOAD, "cuEventRecord", () -> cuEventRecord(done, copy));
        slotWidth[slot] = frame.width;
        slotHeight[slot] = frame.height;
        lastSlot = slot;
        queued = slot;
    }

    /**
     * Processes the frame {@link #submit submitted} last, as {@link #process}: its features, its matches against
     * the frame before.
     *
     * @return the number of features of the frame
     * @throws IllegalStateException if no frame was submitted
     */
    public int collect(Matches out) {
        int slot = takeQueued();
        startOnDevice(slot);
        return finish(slot, out);
    }

    /**
     * One step of the overlapped pipeline: starts the kernels of the frame submitted before (if any), then submits
     * {@code next} (if not null) so that its staging and upload overlap those kernels, then waits for the older
     * frame's features and matches them against the frame before it. Call with {@code null} after the last frame
     * to collect it.
     *
     * @return the number of features of the frame processed, or -1 if none was waiting (the first call; {@code out}
     *         is then empty)
     */
    public int processOverlapped(GrayImage next, Matches out) {
        if (next != null)
            OrbLimits.checkImage(next);
        if (queued < 0) {
            out.reset();
            if (next != null)
                submit(next);
            return -1;
        }
        int slot = takeQueued();
        startOnDevice(slot);
        try {
            if (next != null)
                submit(next);
        } finally {
            // the started frame is finished even if the next one could not be submitted
            finish(slot, out);
        }
        return previous.count;
    }

    /** Whether a submitted frame waits to be collected. */
    public boolean hasSubmitted() {
        return queued >= 0;
    }

    private int takeQueued() {
        if (queued < 0)
            throw new IllegalStateException("no frame was submitted");
        int slot = queued;
        queued = -1;
        return slot;
    }

    private void startOnDevice(int slot) {
        CUevent done = uploaded[slot];
        CUstream compute = cuda.stream();
        cuda.makeCurrent();
        CudaCheck.call(STAGE_UPLOAD, "cuStreamWaitEvent", () -> cuStreamWaitEvent(compute, done, 0));
        extractor.enqueueOnDevice(inputs[slot], slotWidth[slot], slotHeight[slot]);
    }

    private int finish(int slot, Matches out) {
        DeviceFeatures current;
        try {
            current = extractor.finishOnDevice();
        } finally {
            // the input is free for the next copy once the compute stream got past this point
            CUevent free = consumed[slot];
            CUstream compute = cuda.stream();
            CudaCheck.call(STAGE_UPLOAD, "cuEventRecord", () -> cuEventRecord(free, compute));
        }
        return matchWithPrevious(current, out);
    }

    private CUevent event() {
        cuda.makeCurrent();
        CUevent e = new CUevent();
        CudaCheck.call(STAGE_UPLOAD, "cuEventCreate", () -> cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING));
        return e;
    }

    @Override
    public void downloadCurrent(OrbFeatures out) {
        downloadCurrent(out.keyPoints, out.descriptors);
    }

    @Override
    public void extract(GrayImage image, OrbFeatures out) {
        secondExtractor().detect(image, out);
    }

    /**
     * Downloads the features of the frame processed last, index for index as the match query indices refer to
     * them: positions and pyramid levels into {@code keyPoints} (diameter, angle and response are not kept on the
     * device and read as 0), descriptors into {@code descriptors}. For the few frames that need them on the host
     * (keyframes of a stereo or RGB-D pipeline).
     *
     * @throws IllegalStateException if no frame was processed yet
     */
    public void downloadCurrent(KeyPoints keyPoints, Descriptors descriptors) {
        checkProcessed();
        if (descriptors.bytesPerDescriptor != DeviceFeatures.DESCRIPTOR_BYTES)
            throw new IllegalArgumentException("ORB descriptors have " + DeviceFeatures.DESCRIPTOR_BYTES + " bytes");
        int n = previous.count;
        long bytes = (long) n * (8 + 4 + DeviceFeatures.DESCRIPTOR_BYTES);
        if (featuresHost == null || featuresHost.bytes() < bytes) {
            if (featuresHost != null)
                featuresHost.close();
            featuresHost = cuda.pinnedBuffer(STAGE_DOWNLOAD, Math.max(bytes, 1));
        }
        keyPoints.clear();
        descriptors.resize(n);
        if (n == 0)
            return;
        // three copies into one pinned buffer: positions, levels, descriptors
        PinnedBuffer host = featuresHost;
        long levelsAt = 8L * n, descriptorsAt = 12L * n;
        cuda.makeCurrent();
        CudaCheck.call(STAGE_DOWNLOAD, "cuMemcpyDtoHAsync", () -> jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync(
                host.pointer(), previous.positions.pointer(), 8L * n, cuda.stream()));
        CudaCheck.call(STAGE_DOWNLOAD, "cuMemcpyDtoHAsync", () -> jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync(
                host.pointer().withByteOffset(levelsAt), previous.levels.pointer(), 4L * n, cuda.stream()));
        CudaCheck.call(STAGE_DOWNLOAD, "cuMemcpyDtoHAsync", () -> jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync(
                host.pointer().withByteOffset(descriptorsAt), previous.descriptors.pointer(),
                (long) n * DeviceFeatures.DESCRIPTOR_BYTES, cuda.stream()));
        cuda.synchronize(STAGE_DOWNLOAD);
        float[] xy = new float[2 * n];
        int[] levels = new int[n];
        host.getFloats(0, xy, 0, 2 * n);
        host.getInts(levelsAt, levels, 0, n);
        host.get(descriptorsAt, descriptors.data, 0, n * DeviceFeatures.DESCRIPTOR_BYTES);
        keyPoints.ensureCapacity(n);
        for (int i = 0; i < n; i++)
            keyPoints.add(xy[2 * i], xy[2 * i + 1], levels[i], 0f, 0f, 0f);
    }

    /**
     * The search of a local map by projection over the features of the frame processed last, on the device: made when
     * first asked for, closed with the front end.
     */
    @Override
    public CudaMapSearch projectionSearch() {
        if (mapSearch == null)
            mapSearch = new CudaMapSearch(cuda, () -> {
                checkProcessed();
                return previous;
            });
        return mapSearch;
    }

    /**
     * Frees the staging of {@link #downloadCurrent}, the map search and the events of the overlapped upload.
     */
    @Override
    void closeResources() {
        if (featuresHost != null)
            featuresHost.close();
        if (mapSearch != null)
            mapSearch.close();
        if (!cuda.isClosed()) {
            cuda.makeCurrent();
            for (CUevent[] events : new CUevent[][]{uploaded, consumed})
                for (CUevent e : events)
                    if (e != null)
                        cuEventDestroy(e);
        }
    }
}
