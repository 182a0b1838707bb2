package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.testdata.RandomDescriptors;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.gpuvo.gpu.cuda.CudaHammingMatcher.Path;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.tests.bench.BenchmarkReport;

import jcuda.driver.CUevent;

/**
 * Benchmark of the CUDA matcher: for each size n (n queries x n train descriptors, seeded "real-like" random
 * descriptors: half the queries are noisy copies of train descriptors), each search path (popc, binary tensor
 * cores) and each configuration (ratio 0.8; ratio 0.8 + mutual), the GPU time of the match kernels (cuEvents
 * around them: search, mutual pass, selection, compaction; no transfer) and the wall time seen from Java of a
 * whole {@code match} call including the download of the kept matches; median and p90 over the repetitions.
 * The tensor-core path runs twice: as AUTO sizes it (one launch, match_fused.cu, for small sets) and forced
 * to its two-stage form ("TC 2-stage": hamming_b1.cu + match_select.cu). Also the CPU matcher on the smallest
 * size, for the ratio, a check that all variants gave the same matches, and for each size and configuration
 * the kernels and launch configuration that AUTO picks ({@link CudaHammingMatcher#lastPlan()}).
 *
 * <p>Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; it stays in the package of
 * what it measures, for the package's own tuning and helpers):
 * <pre>
 * java -cp ... org.gpuvo.gpu.cuda.CudaMatchTiming [--sizes 2000,4000,16384] [--reps 100] [--cpu-reps 5]
 * </pre>
 */
public final class CudaMatchTiming {
    private CudaMatchTiming() {
    }

    public static void main(String[] args) throws IOException {
        int[] sizes = {2000, 4000, 16384};
        int reps = 100, cpuReps = 5;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--sizes" -> sizes = Arrays.stream(args[++i].split(",")).mapToInt(s -> Integer.parseInt(s.trim()))
                        .toArray();
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--cpu-reps" -> cpuReps = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("usage: CudaMatchTiming [--sizes 2000,4000,16384] [--reps 100] [--cpu-reps 5]");
                    System.exit(2);
                }
            }
        }
        BenchmarkReport report = BenchmarkReport.startOnCuda(CudaMatchTiming.class, args);
        report.environment("figures", "GPU kernels = CUDA event time of the match kernels only; wall = Java match() "
                + "call including the download; POPC and TC 2-stage force a path, TENSOR_CORE is what AUTO sizes");
        List<String> plans = new ArrayList<>();
        ConfigMatch ratio = new ConfigMatch(0.8, false, 256), mutual = new ConfigMatch(0.8, true, 256);
        double cpuMedianMs = Double.NaN;
        int cpuSize = -1;
        try (CudaContext cuda = CudaContext.open("timing");
             CudaHammingMatcher matcher = new CudaHammingMatcher(cuda, ratio);
             CudaHammingMatcher twoStage = new CudaHammingMatcher(cuda, ratio,
                     new CudaHammingMatcher.Tuning(0, false))) {
            CUevent start = new CUevent(), stop = new CUevent();
            cuEventCreate(start, 0);
            cuEventCreate(stop, 0);
            for (int n : sizes) {
                Random random = new Random(n);
                Descriptors train = RandomDescriptors.uniform(random, n, 32);
                Descriptors query = RandomDescriptors.noisyCopies(random, train, n, 40, 0.5);
                try (DeviceFeatures q = MatchTestData.upload(cuda, query,
                        RandomDescriptors.keyPoints(random, n, 1280, 720), n);
                     DeviceFeatures t = MatchTestData.upload(cuda, train,
                             RandomDescriptors.keyPoints(random, n, 1280, 720), n)) {
                    for (ConfigMatch config : List.of(ratio, mutual)) {
                        Matches reference = null;
                        matcher.setPath(Path.AUTO);
                        matcher.match(q, t, config, new Matches());
                        plans.add(String.format(Locale.ROOT, "%6d x %-6d %-14s AUTO -> %s", n, n,
                                config.mutual ? "ratio+mutual" : "ratio 0.8", matcher.lastPlan()));
                        List<String> variants = matcher.hasTensorCorePath()
                                ? List.of("POPC", "TENSOR_CORE", "TC 2-stage") : List.of("POPC");
                        for (String variant : variants) {
                            Path path = variant.equals("POPC") ? Path.POPC : Path.TENSOR_CORE;
                            CudaHammingMatcher m = variant.equals("TC 2-stage") ? twoStage : matcher;
                            m.setPath(path);
                            Matches out = new Matches();
                            for (int w = 0; w < 5; w++)
                                m.match(q, t, config, out);
                            double[] gpu = new double[reps], wall = new double[reps];
                            float[] ms = new float[1];
                            for (int r = 0; r < reps; r++) {
                                cuEventRecord(start, cuda.stream());
                                m.enqueueKernels(q, t, null, config, true);
                                cuEventRecord(stop, cuda.stream());
                                m.download(out);
                                cuEventElapsedTime(ms, start, stop);
                                gpu[r] = ms[0];
                            }
                            for (int r = 0; r < reps; r++) {
                                long t0 = System.nanoTime();
                                m.match(q, t, config, out);
                                wall[r] = (System.nanoTime() - t0) / 1e6;
                            }
                            String same = "";
                            if (reference == null) {
                                reference = out.copy();
                            } else {
                                same = MatchTestData.differences(reference, out, n).isEmpty() ? "same as popc"
                                        : "DIFFERS from popc";
                            }
                            String configuration = String.format(Locale.ROOT, "%d x %d %s %s", n, n,
                                    config.mutual ? "ratio+mutual" : "ratio 0.8", variant);
                            report.timing(configuration, "GPU kernels", median(gpu), p90(gpu), reps);
                            report.timing(configuration, "wall match()", median(wall), p90(wall), reps);
                            report.value(configuration, "matches kept" + (same.isEmpty() ? "" : ", " + same),
                                    out.size(), "matches");
                        }
                    }
                }
                if (cpuSize < 0) {
                    DescriptorMatcher cpu = FactoryMatcher.cpu(ratio);
                    Matches out = new Matches();
                    cpu.match(query, train, out);
                    double[] wall = new double[Math.max(1, cpuReps)];
                    for (int r = 0; r < wall.length; r++) {
                        long t0 = System.nanoTime();
                        cpu.match(query, train, out);
                        wall[r] = (System.nanoTime() - t0) / 1e6;
                    }
                    cpuMedianMs = median(wall);
                    cpuSize = n;
                }
            }
            cuEventDestroy(start);
            cuEventDestroy(stop);
        }
        report.timing(String.format(Locale.ROOT, "%d x %d ratio 0.8 CPU", cpuSize, cpuSize),
                "CPU matcher (pure Java, 1 thread)", cpuMedianMs, Double.NaN, Math.max(1, cpuReps));
        report.note("what AUTO runs (TENSOR_CORE rows; POPC/TC 2-stage rows force another path):");
        plans.forEach(report::note);
        report.note("targets (H100): 2000 x 2000 <= 0.03 ms, 16384 x 16384 <= 0.6 ms of GPU time (ratio test)");
        report.finish();
    }

    static double median(double[] v) {
        return percentile(v, 0.5);
    }

    static double p90(double[] v) {
        return percentile(v, 0.9);
    }

    static double percentile(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        int i = (int) Math.ceil(p * s.length) - 1;
        return s[Math.max(0, Math.min(s.length - 1, i))];
    }
}
