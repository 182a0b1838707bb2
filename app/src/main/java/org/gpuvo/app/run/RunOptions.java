package org.gpuvo.app.run;

import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.vo.VoMode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.IntUnaryOperator;

/**
 * The options of {@code gpuvo run} that {@code gpuvo replay} shares: the run folder, the pipeline's options and
 * {@code --[no-]deterministic}, how local mapping runs. These commands feed frames as fast as they are processed,
 * far above a camera's rate, where the live mapping's results still vary too much (see docs/status.md) to be
 * a default for evaluation; so they map deterministically unless told otherwise. {@code gpuvo demo} has no such
 * option: it always runs deterministically, so that the figures it prints repeat. The node maps live by default.
 */
public final class RunOptions {
    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: runs/<name>-<mode>, named after the dataset or bag).")
    Path out;

    @Mixin
    PipelineOptions pipeline;

    @Option(names = "--deterministic", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Run local mapping (new map points, the bundle adjustment) on the tracking thread at fixed "
                    + "points of the frame sequence, so that equal inputs and seeds give equal results bit for bit "
                    + "(the default). --no-deterministic runs it live, as the node does on a robot: on a thread of "
                    + "its own that tracking never waits for; repeated runs then differ, and at rates far above a "
                    + "camera's its results are not yet reliable.")
    boolean deterministic;

    public PipelineOptions pipeline() {
        return pipeline;
    }

    /**
     * Runs the pipeline over {@code sequence} into {@code --out}, else {@code runs/<name>-<mode>}.
     *
     * @param datasetIndex the dataset's number of the sequence's frame i (for frames.csv)
     */
    public RunSummary execute(Sequence sequence, String name, IntUnaryOperator datasetIndex) throws IOException {
        PipelineRun run = new PipelineRun(sequence, pipeline, deterministic);
        return run.execute(out != null ? out : Path.of("runs", name + "-" + PipelineOptions.name(run.mode())),
                datasetIndex);
    }
}
