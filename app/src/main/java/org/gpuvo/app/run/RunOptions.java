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
 * {@code --[no-]deterministic}, how local mapping runs. These commands are for evaluation, where results that repeat
 * bit for bit are worth more than the live schedule's; so they map deterministically unless told otherwise.
 * {@code gpuvo demo} has no such option: it always runs deterministically, so that the figures it prints repeat. The
 * node maps live by default.
 */
public final class RunOptions {
    @Option(names = "--out", paramLabel = "DIR",
            description = "The run folder (default: runs/<name>-<mode>, named after the dataset or bag).")
    Path out;

    @Mixin
    PipelineOptions pipeline;

    @Option(names = "--deterministic", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Run local mapping (new map points, the bundle adjustment) on a fixed schedule, so that "
                    + "equal inputs and seeds give equal results bit for bit (the default): for stereo and RGB-D on a "
                    + "thread of its own exactly 5 frames behind tracking, which waits for it only where it is "
                    + "slower; for mono on the tracking thread after each frame. --no-deterministic runs it live, as "
                    + "the node does on a robot: tracking takes whatever map it finds, waiting only where mapping "
                    + "falls 10 frames behind; repeated runs then differ.")
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
