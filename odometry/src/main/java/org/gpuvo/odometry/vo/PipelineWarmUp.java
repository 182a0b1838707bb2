package org.gpuvo.odometry.vo;

import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;

/**
 * Runs a pipeline of the same configuration over a short rendered sequence before the real frames come, and throws
 * the result away. A JVM compiles the pipeline's code only after it has run a while, and the GPU's first use loads its
 * context and kernels: without this, the first frames take many times what later ones take (docs/measurements.md), a
 * node's queue drops the frames that arrive meanwhile, and a short run's per-frame times tell of the JVM's start, not
 * of the pipeline.
 */
public final class PipelineWarmUp {
    /** passes over the rendered frames: the frames are rendered once, and the compiler sees each pass's code */
    static final int PASSES = 2;

    /**
     * What a warm-up did.
     *
     * @param frames  the rendered frames (each run over {@link #PASSES} times)
     * @param seconds the time it took, rendering included
     * @param backend where the features were extracted, as the pipeline reports it
     * @param failure why it failed, or null: a failed warm-up leaves the pipeline to start cold
     */
    public record Result(int frames, double seconds, String backend, String failure) {
        static final Result NONE = new Result(0, 0, "", null);

        public boolean ran() {
            return frames > 0 && failure == null;
        }
    }

    private PipelineWarmUp() {
    }

    /**
     * Renders {@code frames} frames of gpuvo's room at 640×480 and runs a pipeline of {@code config} (its mode,
     * features, backend and mapping) over them {@link #PASSES} times, each a new pipeline. Never throws for a failure
     * of the pipeline: the result says why.
     */
    public static Result run(ConfigVisualOdometry config, int frames) {
        if (frames <= 0)
            return Result.NONE;
        long start = System.nanoTime();
        try {
            ConfigSynthetic room = ConfigSynthetic.room();
            room.frames = frames;
            Sequence rendered = CachedSequence.of(new SyntheticSequence(room));
            String backend = "";
            for (int pass = 0; pass < PASSES; pass++)
                backend = SequenceOdometry.run(rendered, config, null).backend();
            return new Result(frames, (System.nanoTime() - start) / 1e9, backend, null);
        } catch (RuntimeException e) {
            return new Result(frames, (System.nanoTime() - start) / 1e9, "", e.toString());
        }
    }
}
