package org.gpuvo.app.run;

import org.gpuvo.app.StagingFolder;
import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.PipelineWarmUp;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * What {@code gpuvo run} and {@code gpuvo demo} do once they have a sequence: check everything that can be checked
 * before the first frame (mode, backend, ground truth coverage, the output folder), run the pipeline with a progress
 * bar, measure against ground truth, and write the run folder through a {@link StagingFolder}, so that a failure or
 * Ctrl-C at any point leaves no partial folder.
 */
final class PipelineRun {
    private final Sequence sequence;
    private final VoMode mode;
    private final ConfigVisualOdometry config;
    private final GroundTruthEvaluation groundTruth;
    private final PipelineOptions options;

    /**
     * Checks the sequence against the options, before any frame is read.
     *
     * @param deterministic local mapping on the tracking thread at fixed points (repeatable runs), else on its own
     *                      thread (the live default)
     * @throws IllegalArgumentException if the sequence cannot serve the mode or its ground truth covers too few frames
     */
    PipelineRun(Sequence sequence, PipelineOptions options, boolean deterministic) {
        this.sequence = sequence;
        this.options = options;
        this.mode = options.mode(sequence);
        this.config = options.config(mode, deterministic);
        options.requireBackend();
        this.groundTruth = sequence.groundTruth()
                .map(truth -> new GroundTruthEvaluation(sequence, truth, options.alignment(mode)))
                .orElse(null);
    }

    VoMode mode() {
        return mode;
    }

    /**
     * Runs the pipeline and writes the run folder {@code out}.
     *
     * @param datasetIndex the dataset's number of the sequence's frame i (for frames.csv)
     * @throws IOException with the file (and line) at fault when an image or the output cannot be read or written
     */
    RunSummary execute(Path out, IntUnaryOperator datasetIndex) throws IOException {
        StagingFolder.requireReplaceable(out, RunOutputs.NAMES);
        PipelineWarmUp.Result warmUp = PipelineWarmUp.run(config, options.warmUpFrames);
        long start = System.nanoTime();
        SequenceRun run;
        try (RunProgress progress = RunProgress.create(sequence.name(), sequence.size(), options.showProgress())) {
            run = SequenceOdometry.run(sequence, config, progress);
        } catch (DatasetException e) {
            // an image that cannot be read: the message names it
            throw new IOException(e.getMessage(), e);
        }
        EvaluationResult evaluation = null;
        String evaluationError = null;
        Double refinedAte = null;
        if (groundTruth != null) {
            try {
                evaluation = groundTruth.evaluate(run.trajectory());
                refinedAte = groundTruth.evaluate(run.refined()).ate().rmse();
            } catch (IllegalArgumentException e) {
                // e.g. a monocular run that never initialised: all poses at the origin leave nothing to align
                evaluationError = e.getMessage();
            }
        }
        Trajectory reference = groundTruth == null ? null : groundTruth.reference();
        List<String> files;
        try (StagingFolder folder = StagingFolder.create(out, RunOutputs.NAMES)) {
            files = RunOutputs.write(folder, run, datasetIndex, options.plyEncoding, evaluation, reference,
                    sequence.name() + ", " + PipelineOptions.name(mode));
            folder.commit();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        int lag = config.deterministic ? config.mappingLag : config.maxMappingLag;
        return RunSummary.of(sequence.name(), run, config.deterministic, lag, warmUp, evaluation, evaluationError,
                refinedAte, seconds, out, files);
    }
}
