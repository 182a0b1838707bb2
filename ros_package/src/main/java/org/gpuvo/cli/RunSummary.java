package org.gpuvo.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.RpeResult;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The headline figures of a pipeline run ({@code gpuvo run}, {@code gpuvo demo}), as a few lines of text and as
 * JSON. Times per frame are the pipeline's own (front end + host work), without reading the images; the wall time
 * includes everything.
 *
 * @param pathLengthM    length of the estimated path in metres; null for a monocular run without Sim(3)
 *                       alignment to ground truth, whose scale is unknown
 * @param evaluation     null without ground truth, or where it could not be measured
 * @param evaluationError why there is ground truth but no evaluation, else null
 * @param msPerFrameMedian median of front end + host milliseconds per frame
 */
record RunSummary(String dataset, SequenceRun run, Double pathLengthM, EvaluationResult evaluation, String evaluationError,
                  double msPerFrameMedian, double frontEndMsMedian, double hostMsMedian, double wallSeconds, Path out,
                  List<String> files) {

    static RunSummary of(String dataset, SequenceRun run, EvaluationResult evaluation, String evaluationError,
                         double wallSeconds, Path out, List<String> files) {
        List<FrameResult> frames = run.frames();
        double[] total = new double[frames.size()], frontEnd = new double[frames.size()], host = new double[frames.size()];
        for (int i = 0; i < frames.size(); i++) {
            frontEnd[i] = frames.get(i).frontEndMillis;
            host[i] = frames.get(i).hostMillis;
            total[i] = frontEnd[i] + host[i];
        }
        return new RunSummary(dataset, run, pathLength(run, evaluation), evaluation, evaluationError, median(total), median(frontEnd),
                median(host), wallSeconds, out, files);
    }

    private static Double pathLength(SequenceRun run, EvaluationResult evaluation) {
        if (run.mode() != VoMode.MONO)
            return run.trajectory().pathLength();
        if (evaluation != null && evaluation.ate().mode() == AlignmentMode.SIM3)
            return evaluation.alignedEstimate().pathLength();
        return null;
    }

    /** The text on {@code json}'s text stream, prefixed by the command's name, and the JSON where asked for. */
    void report(String command, JsonOutput json) throws IOException {
        PrintWriter text = json.text();
        text.print(command + ": ");
        print(text);
        json.write(json());
    }

    ObjectNode json() {
        ObjectNode root = JsonOutput.object();
        root.put("dataset", dataset);
        root.put("mode", PipelineOptions.name(run.mode()));
        root.put("backend", run.backend());
        root.put("features", run.features().id());
        root.put("out", out.toString());
        root.put("frames", run.frames().size());
        root.put("frames_tracked", run.framesTracked());
        root.put("frames_lost", run.framesLost());
        root.put("path_length_m", pathLengthM == null ? null : JsonOutput.finiteOrNull(pathLengthM));
        RpeResult rpe = evaluation == null ? null : evaluation.rpe();
        root.put("ate_rmse_m", evaluation == null ? null : JsonOutput.finiteOrNull(evaluation.ate().rmse()));
        root.put("ate_alignment", evaluation == null ? null : alignmentName());
        root.put("rpe_trans_rmse_m", rpe == null ? null : JsonOutput.finiteOrNull(rpe.transRmse()));
        root.put("rpe_rot_rmse_deg", rpe == null ? null : JsonOutput.finiteOrNull(rpe.rotRmseDeg()));
        root.put("evaluation_error", evaluationError);
        root.put("ms_per_frame_median", JsonOutput.finiteOrNull(msPerFrameMedian));
        root.put("points", run.pointCloud().size());
        root.put("wall_s", wallSeconds);
        root.putPOJO("files", files);
        return root;
    }

    void print(PrintWriter text) {
        int frames = run.frames().size(), tracked = run.framesTracked(), lost = run.framesLost();
        text.printf(Locale.ROOT, "%s, %s, %d frames on %s with %s features in %.1f s (%.1f frames/s)%n", dataset,
                PipelineOptions.name(run.mode()), frames, run.backend(), run.features().id(), wallSeconds,
                frames / wallSeconds);
        text.printf(Locale.ROOT, "tracked    %d frames, lost %d, initialising %d%n", tracked, lost, frames - tracked - lost);
        if (pathLengthM != null)
            text.printf(Locale.ROOT, "path       %.2f m%s%n", pathLengthM,
                    run.mode() == VoMode.MONO ? " (scaled by the sim3 alignment)" : "");
        else
            text.printf(Locale.ROOT, "path       %.2f map units (monocular: the scale is unknown)%n",
                    run.trajectory().pathLength());
        if (evaluationError != null) {
            text.println("ATE        not measured: " + evaluationError);
        } else if (evaluation == null) {
            text.println("ATE        no ground truth");
        } else {
            text.printf(Locale.ROOT, "ATE        rmse %.4f m after %s (%d poses paired)%n", evaluation.ate().rmse(),
                    evaluation.ate().mode() == AlignmentMode.NONE ? "no alignment (origin at the ground truth's first pose)"
                            : alignmentName() + " alignment", evaluation.pairs().size());
            RpeResult rpe = evaluation.rpe();
            if (rpe != null)
                text.printf(Locale.ROOT, "RPE        trans rmse %.4f m, rot rmse %.4f deg (consecutive frames)%n",
                        rpe.transRmse(), rpe.rotRmseDeg());
        }
        text.printf(Locale.ROOT, "time       median %.1f ms a frame (front end %.1f, host %.1f)%n", msPerFrameMedian,
                frontEndMsMedian, hostMsMedian);
        text.printf(Locale.ROOT, "points     %d%n", run.pointCloud().size());
        text.printf("out        %s (%s)%n", out, String.join(", ", files));
        text.flush();
    }

    private String alignmentName() {
        return evaluation.ate().mode().name().toLowerCase(Locale.ROOT);
    }

    private static double median(double[] values) {
        return TimingStats.ofMillis(values, values.length).medianMs;
    }
}
