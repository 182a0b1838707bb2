package org.gpuvo.tests.bench;

import org.gpuvo.app.SequenceSlice;
import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.odometry.dataset.CachedSequence;
import org.gpuvo.odometry.dataset.Datasets;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.MappingRecord;
import org.gpuvo.odometry.vo.SequenceOdometry;
import org.gpuvo.odometry.vo.SequenceRun;
import org.gpuvo.odometry.vo.VoMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Per-frame cost of the visual odometry, split as the pipeline reports it: the front end (feature extraction and
 * matching, on the backend asked for) and the host work after it on the tracking thread (RANSAC, refinement, the new
 * points' measurements, bookkeeping), and apart from both local mapping's bundle adjustments. Each sequence runs once
 * to warm up, then {@code --repeat} times; the figures are over all timed frames: medians and 90th percentiles of
 * both, and of the tracking thread also the mean, 99th percentile and maximum (what a robot's frame rate feels); the
 * bundle adjustments per run and their median and maximum time.
 *
 * <p>Local mapping runs as a robot runs it, on a thread of its own, unless {@code --deterministic} puts it on the
 * tracking thread at fixed points (repeatable runs, slower frames).
 *
 * <p>Run from the project root ({@code ../shared/data} is the data folder; else pass {@code --data DIR}):
 * <pre>
 * java -cp ... org.gpuvo.tests.bench.VoHostBenchmark [--backend cpu|cuda|auto] [--repeat N] [--deterministic]
 *     [--only TEXT]
 * </pre>
 * {@code --only} keeps the sequences whose name (as the report prints it, e.g. "EuRoC", "room stereo") contains the
 * text, ignoring case.
 */
public final class VoHostBenchmark {
    /** the sequences to run: those whose name contains this (lower case) */
    private static String only = "";

    private VoHostBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Backend backend = Backend.CPU;
        int repeat = 3;
        boolean deterministic = false;
        Path data = Path.of(System.getProperty("gpuvo.data", "../shared/data"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--backend" -> backend = Backend.valueOf(args[++i].toUpperCase());
                case "--repeat" -> repeat = Integer.parseInt(args[++i]);
                case "--data" -> data = Path.of(args[++i]);
                case "--deterministic" -> deterministic = true;
                case "--only" -> only = args[++i].toLowerCase(Locale.ROOT);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        BenchmarkReport report = BenchmarkReport.start(VoHostBenchmark.class, args);
        report.environment("runs", String.format(Locale.ROOT, "backend %s, local mapping %s, %d timed runs each",
                backend, deterministic ? "deterministic (a fixed schedule)"
                        : "asynchronous (a thread of its own)", repeat));
        Path kitti = data.resolve("kitti-06-0050");
        if (Files.isDirectory(kitti))
            measure(report, "KITTI 06 0-50 mono 1226x370", Datasets.open(kitti), VoMode.MONO, backend,
                    deterministic, repeat);
        else
            report.note("(no " + kitti + ": KITTI skipped)");
        Path euroc = data.resolve("euroc-v101-micro");
        if (Files.isDirectory(euroc))
            measure(report, "EuRoC V1_01 pairs 0-39 stereo 752x480",
                    new SequenceSlice(Datasets.open(euroc), 0, 40), VoMode.STEREO, backend, deterministic, repeat);
        else
            report.note("(no " + euroc + ": EuRoC skipped)");
        ConfigSynthetic room = ConfigSynthetic.room();
        room.frames = 300;
        SyntheticSequence synthetic = new SyntheticSequence(room);
        measure(report, "synthetic room stereo 640x480", synthetic, VoMode.STEREO, backend, deterministic, repeat);
        measure(report, "synthetic room RGB-D 640x480", synthetic, VoMode.RGBD, backend, deterministic, repeat);
        measure(report, "synthetic room mono 640x480", synthetic, VoMode.MONO, backend, deterministic, repeat);
        report.finish();
    }

    private static void measure(BenchmarkReport report, String name, Sequence sequence, VoMode mode, Backend backend,
                                boolean deterministic, int repeat) {
        if (!name.toLowerCase(Locale.ROOT).contains(only))
            return;
        ConfigVisualOdometry config = new ConfigVisualOdometry(mode);
        config.backend = backend;
        config.deterministic = deterministic;
        // frames are read once, so that the timed runs measure the pipeline and not image decoding
        Sequence cached = CachedSequence.of(sequence);
        SequenceOdometry.run(cached, config, null);
        double[] host = new double[0], front = new double[0], bundle = new double[0];
        String used = "";
        double seconds = 0, ate = Double.NaN, refinedAte = Double.NaN;
        for (int r = 0; r < repeat; r++) {
            long start = System.nanoTime();
            SequenceRun run = SequenceOdometry.run(cached, config, null);
            seconds += (System.nanoTime() - start) / 1e9;
            ate = ate(run.trajectory(), sequence, mode);
            refinedAte = ate(run.refined(), sequence, mode);
            used = run.backend();
            List<FrameResult> frames = run.frames();
            host = append(host, frames.stream().mapToDouble(f -> f.hostMillis).toArray());
            front = append(front, frames.stream().mapToDouble(f -> f.frontEndMillis).toArray());
            bundle = append(bundle, run.mapping().stream().mapToDouble(MappingRecord::bundleMillis).toArray());
        }
        TimingStats f = TimingStats.ofMillis(front, front.length), h = TimingStats.ofMillis(host, host.length);
        TimingStats b = TimingStats.ofMillis(bundle, bundle.length);
        String configuration = name + ", " + used;
        report.timing(configuration, "front end", f);
        report.timing(configuration, "host", h);
        report.value(configuration, "host, mean", h.meanMs, "ms");
        report.value(configuration, "host, p99", h.p99Ms, "ms");
        report.value(configuration, "host, slowest", h.maxMs, "ms");
        if (bundle.length == 0) {
            report.note("  " + configuration + ": no bundle adjustment");
        } else {
            report.value(configuration, "bundle adjustments a run", (double) bundle.length / repeat, "runs");
            report.timing(configuration, "bundle adjustment", b);
            report.value(configuration, "bundle adjustment, slowest", b.maxMs, "ms");
        }
        report.value(configuration, "whole run (frames decoded before)", host.length / seconds, "frames/s");
        String alignment = mode == VoMode.MONO ? "sim3" : "se3";
        report.value(configuration, "ATE (last run, " + alignment + ")", ate, "m");
        report.value(configuration, "refined ATE (last run, " + alignment + ")", refinedAte, "m");
    }

    /** The trajectory's ATE against the sequence's ground truth (Sim(3) for mono, SE(3) otherwise); NaN without one. */
    private static double ate(Trajectory trajectory, Sequence sequence, VoMode mode) {
        if (sequence.groundTruth().isEmpty())
            return Double.NaN;
        ConfigEvaluation eval = new ConfigEvaluation();
        eval.alignment = mode == VoMode.MONO ? AlignmentMode.SIM3 : AlignmentMode.SE3;
        return TrajectoryEvaluation.evaluate(trajectory, sequence.groundTruth().orElseThrow(), eval).ate().rmse();
    }

    private static double[] append(double[] a, double[] b) {
        double[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
