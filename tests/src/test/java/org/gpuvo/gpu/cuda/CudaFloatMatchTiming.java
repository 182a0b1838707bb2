package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.RandomDescriptors;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.gpuvo.tests.bench.BenchmarkReport;

import jcuda.driver.CUevent;

/**
 * Benchmark of the tensor-core float matcher ({@link CudaFloatMatcher}) on real-like SIFT descriptor sets (half the
 * queries noisy copies of train descriptors): for each size and configuration (ratio 0.8; ratio 0.8 + mutual), the
 * median and p90 GPU time of each stage between CUDA events (convert, tiles, re-score + compaction, their sum, each
 * stage launched directly), the GPU time of the whole match as {@code match} enqueues it (one CUDA graph replay,
 * alone, and per match in a stream of back-to-back replays), the host wall time of the download after the kernels
 * finished, and of a whole {@code match} call; the achieved TFLOP/s of the tile stage (2 · 128 multiply-adds per
 * pair and pass, on the real, unpadded counts); the launch plan. The first size is matched for half a second before
 * anything is timed (GPU clocks). With {@code --check}, also the per-query agreement with the FP32 CPU reference
 * (nearest neighbour and match list; the 16384² reference takes seconds on one core) and the CPU matcher's time.
 *
 * <p>Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; it stays in the package of
 * what it measures, for the package's own tuning and helpers):
 * <pre>
 * java -cp ... org.gpuvo.gpu.cuda.CudaFloatMatchTiming [--sizes 4096x4096,16384x16384,3267x4318,2000x2000] [--reps 50]
 *     [--check]
 * </pre>
 */
public final class CudaFloatMatchTiming {
    /** graph replays per sample of the "stream" column */
    private static final int BACK_TO_BACK = 10;
    /** how long the first size is matched before anything is timed, so that the GPU has left its idle clocks */
    private static final long WARM_UP_NANOS = 500_000_000L;

    private CudaFloatMatchTiming() {
    }

    public static void main(String[] args) throws IOException {
        List<int[]> sizes = new ArrayList<>(List.of(new int[]{4096, 4096}, new int[]{16384, 16384},
                new int[]{3267, 4318}, new int[]{2000, 2000}));
        int reps = 50;
        boolean check = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> {
                    sizes.clear();
                    for (String s : args[++i].split(",")) {
                        String[] p = s.trim().split("x");
                        sizes.add(new int[]{Integer.parseInt(p[0]), Integer.parseInt(p[p.length - 1])});
                    }
                }
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--check" -> check = true;
                default -> {
                    System.err.println("usage: CudaFloatMatchTiming [--sizes 4096x4096,16384x16384,...] [--reps 50]"
                            + " [--check]");
                    System.exit(2);
                }
            }
        }
        BenchmarkReport report = BenchmarkReport.startOnCuda(CudaFloatMatchTiming.class, args);
        report.environment("figures", "convert, tiles, rescore (+ match_compact) and their sum: CUDA events around "
                + "each stage launched directly; graph: CUDA events around the whole match replayed as one CUDA graph, "
                + "alone (the host's submission included); stream: the same graph replayed " + BACK_TO_BACK
                + " times back to back between two events, per match; download and wall match(): host time; "
                + "TFLOP/s: the tile stage, 2*128 flop per pair and pass");
        List<String> plans = new ArrayList<>(), checks = new ArrayList<>();
        ConfigMatch ratio = new ConfigMatch(0.8, false, 1 << 30), mutual = new ConfigMatch(0.8, true, 1 << 30);
        try (CudaContext cuda = CudaContext.open("float-timing");
             CudaFloatMatcher matcher = new CudaFloatMatcher(cuda, ratio)) {
            report.environment("tile kernel pipeline stages", String.valueOf(matcher.tileStages()));
            CUevent[] e = new CUevent[4];
            for (int k = 0; k < e.length; k++) {
                e[k] = new CUevent();
                cuEventCreate(e[k], 0);
            }
            for (int[] size : sizes) {
                int nq = size[0], nt = size[1];
                Random random = new Random(31L * nq + nt);
                FloatDescriptors train = RandomSiftDescriptors.realLike(random, nt, Math.max(1, nt / 40), 0.5);
                FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, nq, 0.25, 0.5);
                KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
                KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
                try (DeviceFloatFeatures q = MatchTestData.upload(cuda, query, qk, nq);
                     DeviceFloatFeatures t = MatchTestData.upload(cuda, train, tk, nt)) {
                    if (size == sizes.get(0)) {
                        Matches out = new Matches();
                        for (long end = System.nanoTime() + WARM_UP_NANOS; System.nanoTime() < end; )
                            matcher.match(q, t, ratio, out);
                    }
                    for (ConfigMatch config : List.of(ratio, mutual)) {
                        Matches out = new Matches();
                        for (int w = 0; w < 5; w++)
                            matcher.match(q, t, config, out);
                        plans.add(String.format(Locale.ROOT, "%6d x %-6d %-12s %s", nq, nt, label(config),
                                matcher.lastPlan()));
                        double[] convert = new double[reps], tiles = new double[reps], rescore = new double[reps],
                                total = new double[reps], download = new double[reps], wall = new double[reps],
                                graph = new double[reps];
                        float[] ms = new float[1];
                        for (int r = 0; r < reps; r++) {
                            matcher.plan(nq, nt, config.mutual);
                            cuEventRecord(e[0], cuda.stream());
                            matcher.enqueueConvert(q, t);
                            cuEventRecord(e[1], cuda.stream());
                            matcher.enqueueTiles(q, t, null, config);
                            cuEventRecord(e[2], cuda.stream());
                            matcher.enqueueRescore(q, t, config, true);
                            cuEventRecord(e[3], cuda.stream());
                            cuda.synchronize("timing");
                            long t0 = System.nanoTime();
                            matcher.download(out);
                            download[r] = (System.nanoTime() - t0) / 1e6;
                            cuEventElapsedTime(ms, e[0], e[1]);
                            convert[r] = ms[0];
                            cuEventElapsedTime(ms, e[1], e[2]);
                            tiles[r] = ms[0];
                            cuEventElapsedTime(ms, e[2], e[3]);
                            rescore[r] = ms[0];
                            cuEventElapsedTime(ms, e[0], e[3]);
                            total[r] = ms[0];
                        }
                        for (int r = 0; r < reps; r++) {
                            long t0 = System.nanoTime();
                            matcher.match(q, t, config, out);
                            wall[r] = (System.nanoTime() - t0) / 1e6;
                        }
                        // the whole match as match() enqueues it: one CUDA graph replay (captured by the calls above)
                        int capturesBefore = matcher.graphCaptures();
                        for (int r = 0; r < reps; r++) {
                            cuEventRecord(e[0], cuda.stream());
                            matcher.enqueueKernels(q, t, null, config, true);
                            cuEventRecord(e[3], cuda.stream());
                            matcher.download(out);
                            cuEventElapsedTime(ms, e[0], e[3]);
                            graph[r] = ms[0];
                        }
                        // device time per match in a steady stream: BACK_TO_BACK replays between two events, so the
                        // host's submission of one overlaps the device's work on the previous one
                        double[] stream = new double[reps];
                        for (int r = 0; r < reps; r++) {
                            cuEventRecord(e[0], cuda.stream());
                            for (int b = 0; b < BACK_TO_BACK; b++)
                                matcher.enqueueKernels(q, t, null, config, true);
                            cuEventRecord(e[3], cuda.stream());
                            matcher.download(out);
                            cuEventElapsedTime(ms, e[0], e[3]);
                            stream[r] = ms[0] / BACK_TO_BACK;
                        }
                        if (matcher.graphCaptures() != capturesBefore)
                            report.note("warning: the graph was re-captured during the replay timing");
                        double flops = 2.0 * 128 * nq * nt * (config.mutual ? 2 : 1);
                        String configuration = String.format(Locale.ROOT, "%d x %d %s", nq, nt, label(config));
                        line(report, configuration, "convert", convert);
                        line(report, configuration, "tiles", tiles);
                        line(report, configuration, "rescore", rescore);
                        line(report, configuration, "GPU sum", total);
                        line(report, configuration, "graph", graph);
                        line(report, configuration, "stream, per match", stream);
                        line(report, configuration, "download", download);
                        line(report, configuration, "wall match()", wall);
                        report.value(configuration, "tile stage", flops / (median(tiles) * 1e-3) / 1e12, "TFLOP/s");
                        report.value(configuration, "matches kept", out.size(), "matches");
                        if (check)
                            checks.add(check(query, train, q, t, matcher, config));
                    }
                }
            }
            for (CUevent event : e)
                cuEventDestroy(event);
        }
        report.note("targets (H100): 16384 x 16384 <= 0.5 ms, 4096 x 4096 <= 0.05 ms of GPU time"
                + " (ratio 0.8 rows; graph and stream)");
        report.note("launch plans:");
        plans.forEach(report::note);
        if (!checks.isEmpty()) {
            report.note("agreement with the FP32 CPU reference:");
            checks.forEach(report::note);
        }
        report.finish();
    }

    private static void line(BenchmarkReport report, String configuration, String figure, double[] ms) {
        report.timing(configuration, figure, median(ms), percentile(ms, 0.9), ms.length);
    }

    private static String label(ConfigMatch config) {
        return config.mutual ? "ratio+mutual" : "ratio 0.8";
    }

    /** Per-query agreement with the CPU reference: nearest neighbour (ratio 1) and the configured match list. */
    private static String check(FloatDescriptors query, FloatDescriptors train, DeviceFloatFeatures q,
                                DeviceFloatFeatures t, CudaFloatMatcher matcher, ConfigMatch config) {
        int nq = query.size();
        ConfigMatch nearest = new ConfigMatch(1.0, false, 1 << 30);
        Matches cpuNearest = new Matches(), gpuNearest = new Matches(), cpu = new Matches(), gpu = new Matches();
        matcher.match(q, t, nearest, gpuNearest);
        long t0 = System.nanoTime();
        FactoryMatcher.floatCpu(nearest).match(query, train, cpuNearest);
        double cpuMs = (System.nanoTime() - t0) / 1e6;
        matcher.match(q, t, config, gpu);
        FactoryMatcher.floatCpu(config).match(query, train, cpu);
        List<String> first = MatchTestData.differences(cpu, gpu, nq);
        return String.format(Locale.ROOT, "%6d x %-6d %-12s nearest neighbour %.4f %%, match list %.4f %% of queries; "
                        + "CPU matcher (1 thread) %.0f ms%s", nq, train.size(), label(config),
                100 * MatchTestData.agreement(cpuNearest, gpuNearest, nq), 100 * MatchTestData.agreement(cpu, gpu, nq),
                cpuMs, first.isEmpty() ? "" : "; first differences " + first.subList(0, Math.min(3, first.size())));
    }

    static double median(double[] v) {
        return percentile(v, 0.5);
    }

    static double percentile(double[] v, double p) {
        return CudaMatchTiming.percentile(v, p);
    }
}
