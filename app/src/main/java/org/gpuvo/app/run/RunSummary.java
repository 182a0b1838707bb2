package org.gpuvo.app.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.TimingStats;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.RpeResult;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.MappingRecord;
import org.gpuvo.odometry.vo.PipelineWarmUp;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The headline figures of a pipeline run ({@code gpuvo run}, {@code gpuvo replay}, {@code gpuvo demo}), as a few
 * lines of text and as JSON. Times per frame are the pipeline's own (front end + host work), without reading the
 * images; the wall time includes everything but the warm-up.
 *
 * @param deterministic   whether local mapping kept a fixed schedule (repeatable runs), else ran live
 * @param mappingLag      frames local mapping ran behind tracking: exactly (deterministic; 0: on the tracking thread)
 *                        or at most (live)
 * @param warmUp          the warm-up before the first frame (in no other figure)
 * @param pathLengthM     length of the estimated path in metres; null for a monocular run without Sim(3)
 *                        alignment to ground truth, whose scale is unknown
 * @param evaluation      null without ground truth, or where it could not be measured
 * @param evaluationError why there is ground truth but no evaluation, else null
 * @param refinedAteM     the ATE rmse of the refined trajectory (the poses as local mapping holds them at the end),
 *                        aligned as {@code evaluation}; null where there is no evaluation
 * @param msPerFrameMedian median of front end + host milliseconds per frame
 * @param tracking        the tracking thread's milliseconds per frame (the frames' host work, frames.csv's
 *                        {@code host_ms}): mean, p99 and max are reported
 * @param bundleFailures  bundle adjustments that failed or diverged (not applied)
 * @param bundle          the bundle adjustments' milliseconds: median, p90 and max are reported
 * @param mappingWait     how long each adjusted frame's update waited for local mapping, milliseconds: max reported
 */
public record RunSummary(String dataset, SequenceRun run, boolean deterministic, int mappingLag,
                  PipelineWarmUp.Result warmUp, Double pathLengthM,
                  EvaluationResult evaluation, String evaluationError, Double refinedAteM, double msPerFrameMedian,
                  double frontEndMsMedian, double hostMsMedian, TimingStats tracking, int bundleFailures,
                  TimingStats bundle, TimingStats mappingWait, double wallSeconds, Path out, List<String> files) {

    static RunSummary of(String dataset, SequenceRun run, boolean deterministic, int mappingLag,
                         PipelineWarmUp.Result warmUp, EvaluationResult evaluation, String evaluationError,
                         Double refinedAteM, double wallSeconds, Path out, List<String> files) {
        List<FrameResult> frames = run.frames();
        double[] total = new double[frames.size()], frontEnd = new double[frames.size()],
                host = new double[frames.size()];
        for (int i = 0; i < frames.size(); i++) {
            frontEnd[i] = frames.get(i).frontEndMillis;
            host[i] = frames.get(i).hostMillis;
            total[i] = frontEnd[i] + host[i];
        }
        List<MappingRecord> mapping = run.mapping();
        double[] bundle = new double[mapping.size()], wait = new double[mapping.size()];
        int failures = 0;
        for (int i = 0; i < mapping.size(); i++) {
            bundle[i] = mapping.get(i).bundleMillis();
            wait[i] = mapping.get(i).waitMillis();
            if (!mapping.get(i).applied())
                failures++;
        }
        return new RunSummary(dataset, run, deterministic, mappingLag, warmUp, pathLength(run, evaluation), evaluation,
                evaluationError,
                refinedAteM, median(total), median(frontEnd), median(host), TimingStats.ofMillis(host, host.length),
                failures, TimingStats.ofMillis(bundle, bundle.length), TimingStats.ofMillis(wait, wait.length),
                wallSeconds, out, files);
    }

    /** Bundle adjustments local mapping ran (applied or not). */
    int bundleAdjustments() {
        return run.mapping().size();
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

    public ObjectNode json() {
        ObjectNode root = JsonOutput.object();
        root.put("dataset", dataset);
        root.put("mode", PipelineOptions.name(run.mode()));
        root.put("backend", run.backend());
        root.put("cpu_fallback_frame", run.cpuFallbackFrame() < 0 ? null : run.cpuFallbackFrame());
        root.put("features", run.features().id());
        root.put("deterministic", deterministic);
        root.put("mapping_lag_frames", mappingLag);
        root.put("warm_up_s", warmUp.ran() ? warmUp.seconds() : 0);
        root.put("out", out.toString());
        root.put("frames", run.frames().size());
        root.put("frames_tracked", run.framesTracked());
        root.put("frames_lost", run.framesLost());
        root.put("frames_without_pose", run.framesWithoutPose());
        root.put("path_length_m", pathLengthM == null ? null : JsonOutput.finiteOrNull(pathLengthM));
        RpeResult rpe = evaluation == null ? null : evaluation.rpe();
        root.put("ate_rmse_m", evaluation == null ? null : JsonOutput.finiteOrNull(evaluation.ate().rmse()));
        root.put("ate_alignment", evaluation == null ? null : alignmentName());
        root.put("ate_refined_rmse_m", refinedAteM == null ? null : JsonOutput.finiteOrNull(refinedAteM));
        root.put("rpe_trans_rmse_m", rpe == null ? null : JsonOutput.finiteOrNull(rpe.transRmse()));
        root.put("rpe_rot_rmse_deg", rpe == null ? null : JsonOutput.finiteOrNull(rpe.rotRmseDeg()));
        root.put("evaluation_error", evaluationError);
        root.put("ms_per_frame_median", JsonOutput.finiteOrNull(msPerFrameMedian));
        root.put("tracking_ms_mean", JsonOutput.finiteOrNull(tracking.meanMs));
        root.put("tracking_ms_p99", JsonOutput.finiteOrNull(tracking.p99Ms));
        root.put("tracking_ms_max", JsonOutput.finiteOrNull(tracking.maxMs));
        ObjectNode mapping = root.putObject("mapping");
        mapping.put("bundle_adjustments", bundleAdjustments());
        mapping.put("bundle_failures", bundleFailures);
        mapping.put("bundle_ms_median", JsonOutput.finiteOrNull(bundle.medianMs));
        mapping.put("bundle_ms_p90", JsonOutput.finiteOrNull(bundle.p90Ms));
        mapping.put("bundle_ms_max", JsonOutput.finiteOrNull(bundle.maxMs));
        mapping.put("wait_ms_max", JsonOutput.finiteOrNull(mappingWait.maxMs));
        root.put("points", run.pointCloud().size());
        root.put("wall_s", wallSeconds);
        root.putPOJO("files", files);
        return root;
    }

    public void print(PrintWriter text) {
        int frames = run.frames().size(), tracked = run.framesTracked(), lost = run.framesLost();
        text.printf(Locale.ROOT, "%s, %s, %d frames on %s with %s features in %.1f s (%.1f frames/s)%n", dataset,
                PipelineOptions.name(run.mode()), frames, run.backend(), run.features().id(), wallSeconds,
                frames / wallSeconds);
        if (run.cpuFallbackFrame() >= 0)
            text.printf(Locale.ROOT,
                    "backend    the GPU failed at frame %d: it and the frames after it ran on the CPU%n",
                    run.cpuFallbackFrame());
        if (warmUp.ran())
            text.printf(Locale.ROOT, "warm-up    %.1f s before the first frame: %d rendered frames, %d passes%n",
                    warmUp.seconds(), warmUp.frames(), warmUp.passes());
        else if (warmUp.failure() != null)
            text.println("warm-up    failed (" + warmUp.failure() + "): the first frames' times include the start");
        text.printf(Locale.ROOT, "tracked    %d frames, lost %d, initialising without a pose %d (left out of the "
                + "trajectory and the metrics)%n", tracked, lost, run.framesWithoutPose());
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
                    evaluation.ate().mode() == AlignmentMode.NONE
                            ? "no alignment (origin at the ground truth's first pose)" : alignmentName() + " alignment",
                    evaluation.pairs().size());
            if (refinedAteM != null)
                text.printf(Locale.ROOT, "refined    ATE rmse %.4f m: the poses as local mapping holds them at the end"
                        + " (%s)%n", refinedAteM, RunOutputs.TRAJECTORY_REFINED_TUM);
            RpeResult rpe = evaluation.rpe();
            if (rpe != null)
                text.printf(Locale.ROOT, "RPE        trans rmse %.4f m, rot rmse %.4f deg (consecutive frames)%n",
                        rpe.transRmse(), rpe.rotRmseDeg());
        }
        text.printf(Locale.ROOT, "time       median %.1f ms a frame (front end %.1f, host %.1f)%n", msPerFrameMedian,
                frontEndMsMedian, hostMsMedian);
        text.printf(Locale.ROOT,
                "tracking   mean %.1f ms a frame, p99 %.1f, max %.1f (host work on the tracking thread)%n",
                tracking.meanMs, tracking.p99Ms, tracking.maxMs);
        text.println("mapping    " + mappingLine());
        text.printf(Locale.ROOT, "points     %d%n", run.pointCloud().size());
        text.printf("out        %s (%s)%n", out, String.join(", ", files));
        text.flush();
    }

    /** How local mapping ran and what it cost. */
    private String mappingLine() {
        String how = !deterministic ? "asynchronous (a thread of its own, at most " + mappingLag + " frames behind)"
                : mappingLag == 0 ? "deterministic (on the tracking thread)"
                : "deterministic (a thread of its own, " + mappingLag + (mappingLag == 1 ? " frame" : " frames")
                + " behind)";
        int n = bundleAdjustments();
        if (n == 0)
            return how + ", no bundle adjustment";
        return String.format(Locale.ROOT, "%s, %d bundle adjustment%s (%d failed): median %.1f ms, p90 %.1f, max %.1f; "
                        + "longest wait %.1f ms", how, n, n == 1 ? "" : "s", bundleFailures, bundle.medianMs,
                bundle.p90Ms, bundle.maxMs, mappingWait.maxMs);
    }

    private String alignmentName() {
        return evaluation.ate().mode().name().toLowerCase(Locale.ROOT);
    }

    private static double median(double[] values) {
        return TimingStats.ofMillis(values, values.length).medianMs;
    }
}
