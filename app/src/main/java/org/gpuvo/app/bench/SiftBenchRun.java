package org.gpuvo.app.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpuvo.app.JsonOutput;
import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code gpuvo bench --features sift}: per frame size and feature count, gpuvo's SIFT extraction stage by stage, as
 * one CUDA graph (device time) and from Java, the matching of consecutive frames' features, OpenCV's CPU SIFT and
 * brute-force L2 matcher on the same frames with the ratios; then the matcher alone on large random SIFT-like sets
 * with its rate. CudaSift's published times on an H100 are printed beside as fixed references.
 */
final class SiftBenchRun {
    /** Frame-to-frame matching: Lowe's ratio 0.8, no mutual check, no distance limit (as the ORB bench, less its 256-bit limit). */
    static final ConfigMatch FRAME_MATCH = new ConfigMatch(0.8, false, Integer.MAX_VALUE);

    private final boolean cuda;
    private final int warmup, repetitions;
    private final PrintWriter out;
    private final BenchPlot chart;

    SiftBenchRun(boolean cuda, int warmup, int repetitions, PrintWriter out, BenchPlot chart) {
        this.cuda = cuda;
        this.warmup = warmup;
        this.repetitions = repetitions;
        this.out = out;
        this.chart = chart;
    }

    /** One frame size and feature budget: gpuvo's figures, then OpenCV's unless {@code baseline} is false. */
    void configuration(List<GrayImage> frames, int width, int height, ConfigSift sift, boolean baseline, ObjectNode row) {
        row.put("width", width);
        row.put("height", height);
        row.put("features", sift.maxFeatures);
        row.put("first_octave", sift.firstOctave);
        out.printf(Locale.ROOT, "%n%dx%d, %d SIFT features, first octave %d%n", width, height, sift.maxFeatures,
                sift.firstOctave);
        double extraction, extractionJava, matching;
        Map<String, Double> medians = new LinkedHashMap<>();
        if (cuda) {
            CudaSiftBench.Result r = CudaSiftBench.measure(frames, sift, FRAME_MATCH, warmup, repetitions);
            out.printf(Locale.ROOT, "  %-28s %9s %9s%n", "extraction stage (GPU)", "median ms", "p90 ms");
            row.set("stages", stages(r.stages(), medians, ""));
            line("extraction, one CUDA graph", r.deviceFrame());
            line("detect() from Java", r.javaFrame());
            out.printf(Locale.ROOT, "  %-28s %9s %9s%n", "matching stage (GPU)", "", "");
            row.set("match_stages", stages(r.matchStages(), medians, "match "));
            line("matching, sum of stages", r.matching());
            row.set("extraction_device", BenchCommand.stats(r.deviceFrame()));
            row.set("extraction_java", BenchCommand.stats(r.javaFrame()));
            row.set("matching", BenchCommand.stats(r.matching()));
            features(row, r.meanFeatures(), r.meanMatches());
            extraction = r.deviceFrame().medianMs;
            extractionJava = r.javaFrame().medianMs;
            matching = r.matching().medianMs;
            reference(row, width, height, extraction);
        } else {
            CpuBench.Result r = CpuBench.measure(frames, sift, FRAME_MATCH, warmup, repetitions);
            out.printf(Locale.ROOT, "  %-28s %9s %9s%n", "stage (CPU, 1 thread)", "median ms", "p90 ms");
            line("extraction", r.extraction());
            line("matching", r.matching());
            row.set("extraction_java", BenchCommand.stats(r.extraction()));
            row.set("matching", BenchCommand.stats(r.matching()));
            features(row, r.meanFeatures(), r.meanMatches());
            extraction = extractionJava = r.extraction().medianMs;
            matching = r.matching().medianMs;
            medians.put("extraction", extraction);
            medians.put("matching", matching);
        }
        chart.add(width + "x" + height + " / " + sift.maxFeatures, medians);
        if (baseline)
            baseline(frames, sift, row, extraction, extractionJava, matching);
        out.flush();
    }

    /** The matcher alone on {@code queries} × {@code train} random SIFT-like descriptors, with and without the mutual check. */
    void matcherAlone(List<int[]> sizes, ArrayNode rows) {
        if (sizes.isEmpty())
            return;
        out.printf(Locale.ROOT, "%nmatcher alone: random SIFT-like descriptors, k = 2, ratio 0.8; %s%n", cuda
                ? "device time of a whole match, one CUDA graph replayed " + MatcherBench.REPLAYS + " times back to "
                        + "back (the download of the matches apart); stages launched alone between events"
                : "wall time of the FP32 CPU reference, 1 thread");
        out.printf(Locale.ROOT, "  %-15s %-6s %9s %9s %8s %10s %9s%n", "queries x train", "mutual", "median ms",
                "p90 ms", "TFLOP/s", "target", "CudaSift");
        for (int[] s : sizes)
            for (boolean mutual : new boolean[]{false, true}) {
                ConfigMatch config = new ConfigMatch(0.8, mutual, Integer.MAX_VALUE);
                // the CPU reference is slow on large sets: few repetitions there
                MatcherBench.Result r = cuda ? MatcherBench.cuda(s[0], s[1], config, warmup, repetitions)
                        : MatcherBench.cpu(s[0], s[1], config, Math.min(warmup, 1), Math.min(repetitions, 3));
                double target = mutual ? Double.NaN : CudaSiftReference.targetMs(s[0], s[1]);
                double cudaSift = mutual ? Double.NaN : CudaSiftReference.matchMs(s[0], s[1]);
                out.printf(Locale.ROOT, "  %-15s %-6s %9.4f %9.4f %8.3f %10s %9s%n", s[0] + "x" + s[1], mutual ? "yes" : "no",
                        r.total().medianMs, r.total().p90Ms, r.teraflops(), verdict(r.total().medianMs, target),
                        Double.isFinite(cudaSift) ? String.format(Locale.ROOT, "%.2f ms", cudaSift) : "-");
                if (cuda)
                    out.printf(Locale.ROOT, "    stages (median ms): %s%n", medians(r.stages()));
                ObjectNode row = rows.addObject();
                row.put("queries", s[0]);
                row.put("train", s[1]);
                row.put("mutual", mutual);
                ObjectNode stages = row.putObject("stages");
                r.stages().forEach((name, t) -> stages.set(name, BenchCommand.stats(t)));
                row.set(cuda ? "match_graph" : "wall", BenchCommand.stats(r.total()));
                row.put("teraflops", JsonOutput.finiteOrNull(r.teraflops()));
                row.put("mean_matches", r.meanMatches());
                row.put("target_ms", JsonOutput.finiteOrNull(target));
                row.put("cudasift_reference_ms", JsonOutput.finiteOrNull(cudaSift));
                row.put("ratio_to_cudasift", JsonOutput.finiteOrNull(r.total().medianMs / cudaSift));
            }
        out.printf(Locale.ROOT, "  (target: gpuvo's; CudaSift: published figures on an H100, not "
                + "measured here; its 16384 x 16384 is its best brute force, 24 TFLOP/s)%n");
        out.flush();
    }

    private ObjectNode stages(Map<String, TimingStats> stages, Map<String, Double> medians, String prefix) {
        ObjectNode node = JsonOutput.object();
        double sum = 0;
        for (Map.Entry<String, TimingStats> stage : stages.entrySet()) {
            line(stage.getKey(), stage.getValue());
            node.set(stage.getKey(), BenchCommand.stats(stage.getValue()));
            medians.put(prefix + stage.getKey(), stage.getValue().medianMs);
            sum += stage.getValue().medianMs;
        }
        out.printf(Locale.ROOT, "  %-28s %9.3f%n", "sum of stage medians", sum);
        return node;
    }

    private void features(ObjectNode row, double features, double matches) {
        out.printf(Locale.ROOT, "  %.0f features, %.0f matches per frame%n", features, matches);
        row.put("mean_features", features);
        row.put("mean_matches", matches);
    }

    /** CudaSift's published extraction time at this size beside gpuvo's device time. */
    private void reference(ObjectNode row, int width, int height, double deviceMs) {
        double cudaSift = CudaSiftReference.extractionMs(width, height);
        if (!Double.isFinite(cudaSift))
            return;
        out.printf(Locale.ROOT, "  CudaSift (published H100 figure, not measured here): %.2f ms; gpuvo's "
                + "device time is %.2fx it%n", cudaSift, deviceMs / cudaSift);
        ObjectNode ref = row.putObject("cudasift_reference");
        ref.put("extraction_ms", cudaSift);
        ref.put("ratio_to_cudasift", JsonOutput.finiteOrNull(deviceMs / cudaSift));
    }

    private void baseline(List<GrayImage> frames, ConfigSift sift, ObjectNode row, double extraction,
                          double extractionJava, double matching) {
        int reps = Math.max(frames.size(), Math.min(repetitions, 50));
        OpenCvBaseline.Result cv = OpenCvBaseline.measure(frames, sift, 5, reps);
        out.printf(Locale.ROOT, "  OpenCV on %d threads: SIFT %.3f / %.3f ms, BF knn2 L2 %.3f / %.3f ms (median / p90)%s%n",
                cv.threads(), cv.extraction().medianMs, cv.extraction().p90Ms, cv.matching().medianMs,
                cv.matching().p90Ms,
                // cv::SIFT always upsamples the image twice first: say so where gpuvo did not
                sift.firstOctave == 0 ? "; OpenCV's SIFT starts from the image upsampled twice (first octave -1)" : "");
        double rx = cv.extraction().medianMs / extraction, rj = cv.extraction().medianMs / extractionJava,
                rm = cv.matching().medianMs / matching;
        if (cuda)
            out.printf(Locale.ROOT, "  gpuvo is %.1fx OpenCV's speed in extraction (device time), %.1fx from Java, "
                    + "%.1fx in matching%n", rx, rj, rm);
        else
            out.printf(Locale.ROOT, "  gpuvo (1 thread) is %.1fx OpenCV's speed in extraction, %.1fx in matching%n", rx, rm);
        ObjectNode o = row.putObject("opencv");
        o.put("threads", cv.threads());
        o.put("first_octave", -1);
        o.set("sift", BenchCommand.stats(cv.extraction()));
        o.set("bf_knn2", BenchCommand.stats(cv.matching()));
        ObjectNode ratios = row.putObject("speedup_vs_opencv");
        ratios.put("extraction", JsonOutput.finiteOrNull(rx));
        if (cuda)
            ratios.put("extraction_java", JsonOutput.finiteOrNull(rj));
        ratios.put("matching", JsonOutput.finiteOrNull(rm));
    }

    private void line(String name, TimingStats t) {
        out.printf(Locale.ROOT, "  %-28s %9.3f %9.3f%n", name, t.medianMs, t.p90Ms);
    }

    private static String verdict(double ms, double target) {
        if (!Double.isFinite(target))
            return "-";
        return String.format(Locale.ROOT, "%s%.2f", ms <= target ? "met " : "MISS ", target);
    }

    private static String medians(Map<String, TimingStats> stages) {
        StringBuilder s = new StringBuilder();
        stages.forEach((name, t) -> s.append(s.length() == 0 ? "" : ", ").append(name)
                .append(String.format(Locale.ROOT, " %.4f", t.medianMs)));
        return s.toString();
    }
}
