package org.gpuvo.gpu.cuda;

import jcuda.driver.CUevent;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import java.util.LinkedHashMap;
import java.util.Map;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;

/**
 * The GPU front end of one camera: each frame is uploaded once, its ORB features are extracted and stay on the
 * device, they are matched there against the previous frame's, and only the matches come back. Extraction and
 * matching share one context and one stream, so a frame's work runs back to back without a host round trip
 * between them. Not thread safe: one instance per camera stream.
 */
public final class CudaFrontEnd implements AutoCloseable {
    public static final String STAGE_MATCH = CudaHammingMatcher.STAGE;

    private final CudaContext cuda;
    private final CudaOrbExtractor extractor;
    private final CudaHammingMatcher matcher;
    private final ConfigMatch matchConfig;
    private DeviceFeatures previous;
    private CUevent matchStart, matchEnd;
    private boolean timing;
    private float matchMillis = Float.NaN;

    /** Opens its own context (device 0, a new stream), closed with the front end. */
    public CudaFrontEnd(String pipeline, ConfigOrb orb, ConfigMatch match) {
        this.matchConfig = match.copy().checkValidity();
        this.cuda = CudaContext.open(pipeline);
        try {
            this.extractor = new CudaOrbExtractor(cuda, orb);
            this.matcher = new CudaHammingMatcher(cuda, matchConfig);
        } catch (RuntimeException | Error e) {
            cuda.close();
            throw e;
        }
    }

    /**
     * Extracts the frame's features and matches them (as query) against the previous frame's (train). The first
     * frame has nothing to match: {@code out} is left empty.
     *
     * @return the number of features of this frame
     */
    public int process(GrayImage frame, Matches out) {
        DeviceFeatures current = extractor.detectOnDevice(frame);
        out.reset();
        if (previous != null) {
            if (timing)
                record(matchStart);
            matcher.match(current, previous, matchConfig, out);
            if (timing) {
                record(matchEnd);
                CudaCheck.call(STAGE_MATCH, "cuEventSynchronize", () -> cuEventSynchronize(matchEnd));
                float[] ms = new float[1];
                CudaCheck.call(STAGE_MATCH, "cuEventElapsedTime", () -> cuEventElapsedTime(ms, matchStart, matchEnd));
                matchMillis = ms[0];
            }
        }
        previous = current;
        return current.count;
    }

    /** Forgets the previous frame (after a gap in the stream): the next frame is matched against nothing. */
    public void reset() {
        previous = null;
    }

    /** Records GPU times of every stage from now on (a few events per frame; off by default). */
    public void enableStageTiming() {
        extractor.enableStageTiming();
        if (matchStart == null) {
            matchStart = new CUevent();
            matchEnd = new CUevent();
            CudaCheck.call(STAGE_MATCH, "cuEventCreate", () -> cuEventCreate(matchStart, 0));
            CudaCheck.call(STAGE_MATCH, "cuEventCreate", () -> cuEventCreate(matchEnd, 0));
        }
        timing = true;
    }

    /**
     * GPU milliseconds of each stage of the last frame, in pipeline order: the extractor's stages, then
     * {@code "match"}: the matching kernels and the download of the compact matches (NaN on a first frame). Empty unless {@link #enableStageTiming()} was called.
     */
    public Map<String, Float> lastStageMillis() {
        Map<String, Float> stages = new LinkedHashMap<>(extractor.lastStageMillis());
        if (timing)
            stages.put(STAGE_MATCH, matchMillis);
        return stages;
    }

    public CudaOrbExtractor extractor() {
        return extractor;
    }

    public CudaHammingMatcher matcher() {
        return matcher;
    }

    private void record(CUevent event) {
        CudaCheck.call(STAGE_MATCH, "cuEventRecord", () -> cuEventRecord(event, cuda.stream()));
    }

    @Override
    public void close() {
        try {
            matcher.close();
            extractor.close();
            if (matchStart != null) {
                cuEventDestroy(matchStart);
                cuEventDestroy(matchEnd);
            }
        } finally {
            cuda.close();
        }
    }
}
