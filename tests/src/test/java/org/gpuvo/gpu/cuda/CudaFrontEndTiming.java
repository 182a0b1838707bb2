package org.gpuvo.gpu.cuda;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.tests.bench.BenchmarkReport;

/**
 * Compares the front end's three ways of running a frame (extraction + matching with the previous frame, the
 * matches on the host), on synthetic frames alternating between two views of a scene:
 * <ul>
 * <li>plain: {@code process}, the upload on the compute stream, the detection kernels launched one by one;</li>
 * <li>graph: {@code process}, the detection kernels replayed as one CUDA graph;</li>
 * <li>graph+overlap: {@code processOverlapped}, the graph, and the next frame's staging and upload (copy stream)
 * overlapping the current frame's kernels.</li>
 * </ul>
 * Prints frames per second over all repetitions and the per-frame wall time from Java (median, p90), plus the GPU
 * time of the detection kernels (frame timing events, which keep the graph path).
 *
 * <p>Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; it stays in the package of
 * what it measures, for the package's own tuning and helpers):
 * <pre>
 * java -cp ... org.gpuvo.gpu.cuda.CudaFrontEndTiming [--size WxH] [--n FEATURES] [--reps R] [--warmup W]
 * </pre>
 */
public final class CudaFrontEndTiming {
    private CudaFrontEndTiming() {
    }

    public static void main(String[] args) throws IOException {
        int width = 1280, height = 720, n = 2000, reps = 2000, warmup = 200;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size" -> {
                    String[] wh = args[++i].split("x");
                    width = Integer.parseInt(wh[0]);
                    height = Integer.parseInt(wh[1]);
                }
                case "--n" -> n = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        BenchmarkReport report = BenchmarkReport.startOnCuda(CudaFrontEndTiming.class, args);
        SyntheticImages.Pair pair = SyntheticImages.pair(width, height, 7, SyntheticImages.Homography.similarity(
                2, 1.01, width / 2.0, height / 2.0, 3, 2));
        List<GrayImage> frames = List.of(pair.first(), pair.second());
        String configuration = String.format(Locale.ROOT, "%dx%d, maxFeatures %d", width, height, n);
        report.environment("frames", String.format(Locale.ROOT, "%d after %d warm-up, each mode twice", reps,
                warmup));
        for (String mode : new String[]{"plain", "graph", "graph+overlap", "plain", "graph", "graph+overlap"})
            time(report, configuration, mode, frames, new ConfigOrb(n), reps, warmup);
        report.finish();
    }

    private static void time(BenchmarkReport report, String configuration, String mode, List<GrayImage> frames,
                             ConfigOrb config, int reps, int warmup) {
        boolean overlap = mode.equals("graph+overlap");
        double[] wall = new double[reps], gpu = new double[reps];
        long features = 0, matches = 0;
        double seconds;
        int captures;
        try (CudaFrontEnd f = new CudaFrontEnd("timing-" + mode, config, new ConfigMatch())) {
            f.extractor().useGraphs(!mode.equals("plain"));
            f.extractor().enableFrameTiming();
            Matches out = new Matches();
            for (int i = 0; i < warmup; i++)
                step(f, overlap, frames.get(i % frames.size()), out);
            long start = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                int count = step(f, overlap, frames.get((warmup + i) % frames.size()), out);
                wall[i] = (System.nanoTime() - t0) / 1e6;
                gpu[i] = f.extractor().lastFrameMillis();
                features += count;
                matches += out.size();
            }
            seconds = (System.nanoTime() - start) / 1e9;
            if (overlap)
                f.processOverlapped(null, out);
            captures = f.extractor().graphCaptures();
            if (!mode.equals("plain") && !f.extractor().graphsActive())
                report.note("(" + mode + ": graph capture failed, ran the plain path; see the log)");
        }
        report.value(configuration, mode + ", frames/s", reps / seconds, "frames/s");
        report.timing(configuration, mode + ", wall", percentile(wall, 0.5), percentile(wall, 0.9), reps);
        report.timing(configuration, mode + ", GPU detection", percentile(gpu, 0.5), percentile(gpu, 0.9), reps);
        report.value(configuration, mode + ", features", (double) features / reps, "per frame");
        report.value(configuration, mode + ", matches", (double) matches / reps, "per frame");
        report.value(configuration, mode + ", graph captures", captures, "captures");
    }

    private static int step(CudaFrontEnd f, boolean overlap, GrayImage frame, Matches out) {
        return overlap ? f.processOverlapped(frame, out) : f.process(frame, out);
    }

    private static double percentile(double[] v, double p) {
        double[] s = Arrays.stream(v).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (s.length == 0)
            return Double.NaN;
        return s[Math.min(s.length - 1, (int) Math.floor(p * (s.length - 1) + 0.5))];
    }
}
