package org.gpuvo.gpu.cuda;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

/**
 * What the GPU front ends of one camera do the same whatever their features: a context of their own, closed with
 * them, on which an extractor leaves each frame's features on the device and a matcher matches them (as query)
 * against the previous frame's (train), within a search window if one is set, so that only the matches come back;
 * and the timing of the match.
 *
 * @param <F> the device features
 * @param <X> the extractor
 * @param <M> the matcher
 */
public abstract class CudaTracking<F extends DeviceFeatureSet, X extends CudaExtraction<F>,
        M extends CudaMatching<?, F>> implements AutoCloseable {
    final CudaContext cuda;
    final X extractor;
    final M matcher;
    private final Function<CudaContext, X> extractorOn;
    /** a second extractor on the context, for images outside the tracked stream; made when first needed */
    private X second;
    private final ConfigMatch matchConfig;
    /** the name of the match's time in {@link #lastStageMillis()} */
    private final String matchStage;
    private final StageTimer matchTimer;
    /** the features of the frame processed last, or null before the first frame and after a reset */
    F previous;
    /** current-to-previous pixel homography narrowing the next match, or null to match everything */
    private double[] searchWindow;
    private boolean timing;
    private float matchMillis = Float.NaN;

    /**
     * Opens its own context (device 0, a new stream) and the extractor and matcher on it; the context is closed
     * again if either fails.
     *
     * @throws IllegalArgumentException if the match configuration is out of range
     */
    CudaTracking(String pipeline, ConfigMatch match, String matchStage, Function<CudaContext, X> extractor,
                 BiFunction<CudaContext, ConfigMatch, M> matcher) {
        this.matchConfig = match.copy().checkValidity();
        this.matchStage = matchStage;
        this.extractorOn = extractor;
        this.cuda = CudaContext.open(pipeline);
        try {
            this.extractor = extractor.apply(cuda);
            this.matcher = matcher.apply(cuda, matchConfig);
            this.matchTimer = new StageTimer(cuda, List.of(matchStage, "download"));
        } catch (RuntimeException | Error e) {
            cuda.close();
            throw e;
        }
    }

    /**
     * Matches {@code current} (as query) against the previous frame's features (train) into {@code out}, then keeps
     * it as the previous frame. The first frame, and the first after {@link #reset}, has nothing to match:
     * {@code out} is left empty.
     *
     * @return the number of features of {@code current}
     */
    int matchWithPrevious(F current, Matches out) {
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
     * (9 values, row-major, new-frame pixels to previous-frame pixels; e.g. a rotation prior K·R·K⁻¹).
     * {@code null} matches against every previous keypoint again. Holds until changed.
     */
    public void setSearchWindow(double[] homography) {
        if (homography != null && homography.length != 9)
            throw new IllegalArgumentException("a homography has 9 values, got " + homography.length);
        searchWindow = homography == null ? null : homography.clone();
    }

    /** Throws unless a frame was processed since the front end was opened or reset. */
    void checkProcessed() {
        if (previous == null)
            throw new IllegalStateException("no frame was processed yet");
    }

    /** Forgets the previous frame (after a gap in the stream): the next frame is matched against nothing. */
    public void reset() {
        previous = null;
    }

    /**
     * Records GPU times of every stage from now on (a few events per frame; off by default): the extractor's stages
     * (launched one by one instead of as its CUDA graph, since the stage events sit between them) and the match,
     * its kernels and the download of the kept matches.
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
            stages.put(matchStage, matchMillis);
        return stages;
    }

    public X extractor() {
        return extractor;
    }

    public M matcher() {
        return matcher;
    }

    /**
     * A second extractor of the same settings on the front end's context, for images outside the tracked stream
     * (a stereo pair's right image); made when first needed, closed with the front end.
     */
    X secondExtractor() {
        if (second == null)
            second = extractorOn.apply(cuda);
        return second;
    }

    /** The front end's context (for tests and diagnostics). */
    public CudaContext context() {
        return cuda;
    }

    /** Frees what the subclass holds on the context, after the matcher and the extractor (nothing by default). */
    void closeResources() {
    }

    @Override
    public void close() {
        try {
            matchTimer.close();
            matcher.close();
            extractor.close();
            if (second != null)
                second.close();
            closeResources();
        } finally {
            cuda.close();
        }
    }
}
