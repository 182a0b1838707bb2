package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;

import java.util.List;
import java.util.Map;

/**
 * Runs {@link CudaFloatMatcher}'s device match with CUDA events between its stages, for benchmarks: the same
 * launches and results as {@link CudaFloatMatcher#match(DeviceFloatFeatures, DeviceFloatFeatures, ConfigMatch,
 * Matches)}, and the GPU time of each of {@link #STAGES}: the conversion to half precision, the tensor-core tiles,
 * the FP32 re-score with the compaction, and the download of the kept matches (which waits for them); and the
 * device time of whole matches replayed back to back ({@link #streamMillis}), which the stage events would split.
 */
public final class FloatMatchStageTimer implements AutoCloseable {
    public static final String CONVERT = "convert", TILES = "tiles", RESCORE = "rescore", DOWNLOAD = "download";
    public static final List<String> STAGES = List.of(CONVERT, TILES, RESCORE, DOWNLOAD);

    private final CudaFloatMatcher matcher;
    private final StageTimer stages;

    /** Times {@code matcher} on its own context's stream. */
    public FloatMatchStageTimer(CudaFloatMatcher matcher) {
        if (matcher == null)
            throw new IllegalArgumentException("matcher is null");
        this.matcher = matcher;
        this.stages = new StageTimer(matcher.context(), STAGES);
        stages.enableStages();
    }

    /**
     * Matches as {@link CudaFloatMatcher#match(DeviceFloatFeatures, DeviceFloatFeatures, ConfigMatch, Matches)}
     * and returns each stage's GPU milliseconds in {@link #STAGES} order.
     *
     * @throws IllegalArgumentException if a set is null, empty, of another context, or the lengths differ
     */
    public Map<String, Float> match(DeviceFloatFeatures query, DeviceFloatFeatures train, ConfigMatch config,
                                    Matches out) {
        check(query, train, config, out);
        out.reset();
        matcher.context().makeCurrent();
        stages.record(0);
        matcher.plan(query.count, train.count, config.mutual);
        matcher.enqueueConvert(query, train);
        stages.record(1);
        matcher.enqueueTiles(query, train, null, config);
        stages.record(2);
        matcher.enqueueRescore(query, train, config, true);
        stages.record(3);
        matcher.download(out);
        stages.record(4);
        return stages.stageMillis();
    }

    /**
     * The device time of a whole match as {@link CudaFloatMatcher#match(DeviceFloatFeatures, DeviceFloatFeatures,
     * ConfigMatch, Matches)} runs it (one CUDA graph from its second call with the same sets on), per match, over
     * {@code replays} matches enqueued back to back between two events, as on a stream of frames: the host's
     * submission of one overlaps the device's work on the previous one, and no event splits the stages. The last
     * match's kept matches are downloaded into {@code out}. The first call with new sets also captures the graph:
     * time the later ones.
     *
     * @throws IllegalArgumentException as {@link #match}, or if {@code replays} is not positive
     */
    public float streamMillis(DeviceFloatFeatures query, DeviceFloatFeatures train, ConfigMatch config, int replays,
                              Matches out) {
        check(query, train, config, out);
        if (replays < 1)
            throw new IllegalArgumentException("replays must be positive, got " + replays);
        out.reset();
        matcher.context().makeCurrent();
        stages.enableFrame();
        stages.frameStart();
        for (int r = 0; r < replays; r++)
            matcher.enqueueKernels(query, train, null, config, true);
        stages.frameEnd();
        matcher.download(out);
        return stages.frameMillis() / replays;
    }

    private void check(DeviceFloatFeatures query, DeviceFloatFeatures train, ConfigMatch config, Matches out) {
        if (query == null || train == null || config == null || out == null)
            throw new IllegalArgumentException("query, train, config and out must not be null");
        if (query.count <= 0 || train.count <= 0 || query.count > query.capacity || train.count > train.capacity)
            throw new IllegalArgumentException("timed matches need features on both sides: " + query.count + " x "
                    + train.count);
        if (query.descriptors.owner != matcher.context() || train.descriptors.owner != matcher.context())
            throw new IllegalArgumentException("the features belong to another CUDA context than the matcher's");
        if (query.length != train.length || query.length > CudaFloatMatcher.MAX_LENGTH)
            throw new IllegalArgumentException("descriptor lengths " + query.length + " and " + train.length);
        config.checkValidity();
    }

    @Override
    public void close() {
        stages.close();
    }
}
