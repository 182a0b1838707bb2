package org.gpuvo.ros.node;

import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the node's pipeline once over a short rendered sequence before the node joins the graph, and throws the result
 * away. A JVM compiles the pipeline's code only after it has run a while, and the GPU's first use loads its context
 * and kernels: without this, a camera's first frames take many times what later ones take, and a queue of two drops
 * the frames that arrive meanwhile (docs/measurements.md).
 */
final class PipelineWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(PipelineWarmUp.class);

    private PipelineWarmUp() {
    }

    /**
     * Runs a pipeline of {@code config} (its mode, features, backend and mapping) over {@code frames} rendered frames
     * of gpuvo's room at 640×480; a failure is logged, not thrown: the node then starts cold.
     */
    static void run(ConfigVisualOdometry config, int frames) {
        if (frames <= 0)
            return;
        long start = System.nanoTime();
        try {
            ConfigSynthetic room = ConfigSynthetic.room();
            room.frames = frames;
            SequenceRun run = SequenceOdometry.run(new SyntheticSequence(room), config, null);
            LOG.info("warmed up in {} ms: {} rendered frames on {}, {} tracked", (System.nanoTime() - start) / 1_000_000,
                    frames, run.backend(), run.framesTracked());
        } catch (RuntimeException e) {
            LOG.warn("the warm-up failed ({}): the first frames will be slow", e.toString());
        }
    }
}
