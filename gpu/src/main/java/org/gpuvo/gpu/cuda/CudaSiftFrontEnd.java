package org.gpuvo.gpu.cuda;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

/**
 * The GPU front end of one camera with SIFT features, as {@link CudaFrontEnd} is with ORB's: each frame is uploaded
 * once, its SIFT features are extracted ({@link CudaSiftExtractor}) and stay on the device, they are matched there
 * against the previous frame's on the tensor cores ({@link CudaFloatMatcher}), and only the matches come back. The
 * extractor alternates between two sets of device features, so the previous frame's set is intact while the next
 * frame's is written. Extraction and matching share one context and one stream. Not thread safe: one instance per
 * camera stream.
 */
public final class CudaSiftFrontEnd implements AutoCloseable {
    public static final String STAGE_MATCH = CudaFloatMatcher.STAGE;

    private final CudaContext cuda;
    private final CudaSiftExtractor extractor;
    private final CudaFloatMatcher matcher;
    private final ConfigMatch matchConfig;
    private final StageTimer matchTimer;
    private DeviceFloatFeatures previous;
    /** current-to-previous pixel homography narrowing the next match, or null to match everything */
    private double[] searchWindow;
    private boolean timing;
    private float matchMillis = Float.NaN;

    /**
     * Opens its own context (device 0, a new stream), closed with the front end.
     *
     * @throws IllegalArgumentException if a configuration is out of range
     * @throws IllegalStateException    if CUDA is unusable here
     */
    public CudaSiftFrontEnd(String pipeline, ConfigSift sift, ConfigMatch match) {
        sift.copy().checkValidity();
        this.matchConfig = match.copy().checkValidity();
        this.cuda = CudaContext.open(pipeline);
        try {
            this.extractor = new CudaSiftExtractor(cuda, sift);
            this.matcher = new CudaFloatMatcher(cuda, matchConfig);
            this.matchTimer = new StageTimer(cuda, List.of(STAGE_MATCH, CudaSiftExtractor.STAGE_DOWNLOAD));
        } catch (RuntimeException | Error e) {
            cuda.close();
            throw e;
        }
    }

    /**
     * Extracts the frame's features and matches them (as query) against the previous frame's (train), within the
     * {@link #setSearchWindow search window} if one is set. The first frame, and the first after {@link #reset},
     * has nothing to match: {@code out} is left empty.
     *
     * @return the number of features of this frame
     * @throws IllegalArgumentException if the frame is null or larger than SIFT accepts
     */
    public int process(GrayImage frame, Matches out) {
        ImageLimits.checkImage(frame, "SIFT");
        if (out == null)
            throw new IllegalArgumentException("output matches are null");
        DeviceFloatFeatures current = extractor.detectOnDevice(frame);
        out.reset();
        if (previous != null) {
            if (timing)
                matchTimer.frameStart();
            if (searchWindow != null)
                matcher.matchWithin(current, searchWindow, previous, matchConfig, out);
            else
                matcher.match(current, previous, matchConfig, out);
            if (timing) {
                matchTimer.frameEnd();
                matchMillis = matchTimer.frameMillis();
            }
        }
        previous = current;
        return current.count;
    }

    /**
     * Narrows the matching of the following frames: a query keypoint at (x, y) of the new frame is only compared
     * with the previous frame's keypoints within {@link ConfigMatch#searchRadius} of {@code homography}·(x, y, 1)
     * (9 values, row-major, new-frame pixels to previous-frame pixels). {@code null} matches against every previous
     * keypoint again. Holds until changed.
     */
    public void setSearchWindow(double[] homography) {
        if (homography != null && homography.length != 9)
            throw new IllegalArgumentException("a homography has 9 values, got " + homography.length);
        searchWindow = homography == null ? null : homography.clone();
    }

    /**
     * Sets the extractor's contrast threshold ({@link CudaSiftExtractor#setContrastThreshold}) from the next frame
     * on. The previous frame's features stay on the device and the next frame is matched against them as usual.
     *
     * @throws IllegalArgumentException unless {@code threshold} is in [0, 1)
     */
    public void setContrastThreshold(double threshold) {
        extractor.setContrastThreshold(threshold);
    }

    /** The contrast threshold the next frame is detected with. */
    public double contrastThreshold() {
        return extractor.config().contrastThreshold;
    }

    /**
     * Downloads the features of the frame processed last, index for index as the match query indices refer to
     * them, with every keypoint field (SIFT's scale included). For the few frames that need them on the host.
     *
     * @throws IllegalStateException if no frame was processed since the front end was opened or reset
     */
    public void downloadCurrent(SiftFeatures out) {
        if (previous == null)
            throw new IllegalStateException("no frame was processed yet");
        extractor.downloadLast(out);
    }

    /** Forgets the previous frame (after a gap in the stream): the next frame is matched against nothing. */
    public void reset() {
        previous = null;
    }

    /**
     * Records GPU times of every stage from now on: the extractor's stages (launched one by one instead of as its
     * CUDA graph) and {@code "float-match"}, the matching and the download of the matches.
     */
    public void enableStageTiming() {
        extractor.enableStageTiming();
        matchTimer.enableFrame();
        timing = true;
    }

    /**
     * GPU milliseconds of each stage of the last frame, in pipeline order: the extractor's stages, then the match
     * (NaN on a first frame). Empty unless {@link #enableStageTiming()} was called.
     */
    public Map<String, Float> lastStageMillis() {
        Map<String, Float> stages = new LinkedHashMap<>(extractor.lastStageMillis());
        if (timing)
            stages.put(STAGE_MATCH, matchMillis);
        return stages;
    }

    public CudaSiftExtractor extractor() {
        return extractor;
    }

    /** The front end's context (for a second extractor on the same device, tests and diagnostics). */
    public CudaContext context() {
        return cuda;
    }

    @Override
    public void close() {
        try {
            matchTimer.close();
            matcher.close();
            extractor.close();
        } finally {
            cuda.close();
        }
    }
}
