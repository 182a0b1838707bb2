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
    /**
     * passes over the rendered frames (rendered once): at least {@code MIN_PASSES}, and more while a pass is still
     * {@code SETTLED} times the previous one's time or faster, up to {@code MAX_PASSES}. The compiler keeps improving
     * the code over the first few hundred frames; on two CPU cores, five passes rather than two took EuRoC's host
     * median from 1.45 to 1.15 ms a frame, where the CPU front end makes each pass slow and alike
     */
    static final int MIN_PASSES = 2, MAX_PASSES = 6;
    static final double SETTLED = 0.9;

    /**
     * What a warm-up did.
     *
     * @param frames  the rendered frames
     * @param passes  how many times the pipeline ran over them
     * @param seconds the time it took, rendering included
     * @param backend where the features were extracted, as the pipeline reports it
     * @param failure why it failed, or null: a failed warm-up leaves the pipeline to start cold
     */
    public record Result(int frames, int passes, double seconds, String backend, String failure) {
        static final Result NONE = new Result(0, 0, 0, "", null);

        public boolean ran() {
            return frames > 0 && failure == null;
        }
    }

    private PipelineWarmUp() {
    }

    /**
     * Renders {@code frames} frames of gpuvo's room at 640×480 and runs a pipeline of {@code config} (its mode,
     * features, backend and mapping) over them, each pass a new pipeline, until a pass is no longer markedly faster
     * than the one before. Never throws for a failure of the pipeline: the result says why.
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
            int passes = 0;
            double last = Double.POSITIVE_INFINITY;
            while (passes < MAX_PASSES) {
                long t0 = System.nanoTime();
                backend = SequenceOdometry.run(rendered, config, null).backend();
                double took = System.nanoTime() - t0;
                passes++;
                if (passes >= MIN_PASSES && took > SETTLED * last)
                    break;
                last = took;
            }
            return new Result(frames, passes, (System.nanoTime() - start) / 1e9, backend, null);
        } catch (RuntimeException e) {
            return new Result(frames, 0, (System.nanoTime() - start) / 1e9, "", e.toString());
        }
    }
}
