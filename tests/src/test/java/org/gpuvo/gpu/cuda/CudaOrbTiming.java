package org.gpuvo.gpu.cuda;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.RandomImages;
import org.gpuvo.tests.bench.BenchmarkReport;

/**
 * Times the CUDA ORB extractor: per stage, the GPU time between CUDA events recorded around each stage, and the
 * whole frame from Java (upload to download, {@code detect} returning the features on the host), plus
 * {@code detectOnDevice} (only the counts come back). Median and p90 over the repetitions, after warm-up.
 * Also the CPU reference once per image, for the ratio and as a sanity check of the counts.
 *
 * <p>Run as every benchmark of the tests module ({@link org.gpuvo.tests.bench}; it stays in the package of
 * what it measures, for the package's own tuning and helpers):
 * <pre>
 * java -cp ... org.gpuvo.gpu.cuda.CudaOrbTiming [synthetic | IMAGE.png ...] [--n FEATURES[,FEATURES...]] [--reps R]
 *     [--warmup W] [--no-cpu]
 * </pre>
 * "synthetic" (the default) times the synthetic scene resized to 640x480, 1241x376, 1280x720 and 1920x1080.
 */
public final class CudaOrbTiming {
    private CudaOrbTiming() {
    }

    public static void main(String[] args) throws IOException {
        List<String> images = new ArrayList<>();
        int[] features = {2000};
        int reps = 200, warmup = 20;
        boolean cpu = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> features = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--no-cpu" -> cpu = false;
                default -> images.add(args[i]);
            }
        }
        if (images.isEmpty())
            images.add("synthetic");
        BenchmarkReport report = BenchmarkReport.startOnCuda(CudaOrbTiming.class, args);
        Map<String, GrayImage> frames = new LinkedHashMap<>();
        for (String name : images) {
            if (name.equals("synthetic")) {
                for (int[] size : new int[][]{{640, 480}, {1241, 376}, {1280, 720}, {1920, 1080}})
                    frames.put("synthetic " + size[0] + "x" + size[1],
                            SyntheticImages.pair(size[0], size[1], 7, SyntheticImages.Homography.similarity(
                                    2, 1.01, size[0] / 2.0, size[1] / 2.0, 3, 2)).first());
                frames.put("noise 1280x720", RandomImages.noise(1280, 720, 1));
            } else {
                frames.put(Path.of(name).getFileName().toString(), ImageFiles.readGray(Path.of(name)));
            }
        }
        for (int n : features)
            for (Map.Entry<String, GrayImage> frame : frames.entrySet())
                time(report, frame.getKey(), frame.getValue(), n, reps, warmup, cpu);
        report.finish();
    }

    private static void time(BenchmarkReport report, String name, GrayImage image, int n, int reps, int warmup,
                             boolean withCpu) {
        ConfigOrb config = new ConfigOrb(n);
        OrbFeatures out = new OrbFeatures();
        Map<String, double[]> stages = new LinkedHashMap<>();
        double[] wall = new double[reps], device = new double[reps], gpuTotal = new double[reps];
        int count;
        try (CudaOrbExtractor orb = new CudaOrbExtractor(config)) {
            orb.enableStageTiming();
            for (int i = 0; i < warmup; i++)
                orb.detect(image, out);
            for (String s : CudaOrbExtractor.STAGES)
                stages.put(s, new double[reps]);
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                orb.detect(image, out);
                wall[i] = (System.nanoTime() - t0) / 1e6;
                double sum = 0;
                for (Map.Entry<String, Float> e : orb.lastStageMillis().entrySet()) {
                    stages.get(e.getKey())[i] = e.getValue();
                    sum += e.getValue();
                }
                gpuTotal[i] = sum;
            }
            count = out.size();
            for (int i = 0; i < warmup; i++)
                orb.detectOnDevice(image);
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                orb.detectOnDevice(image);
                device[i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        String configuration = String.format(Locale.ROOT, "%s %dx%d, maxFeatures %d", name, image.width,
                image.height, n);
        report.value(configuration, "features", count, "features");
        for (Map.Entry<String, double[]> e : stages.entrySet())
            line(report, configuration, "gpu " + e.getKey(), e.getValue());
        line(report, configuration, "gpu sum of stages", gpuTotal);
        line(report, configuration, "wall detect (host result)", wall);
        line(report, configuration, "wall detectOnDevice", device);
        if (withCpu) {
            try (OrbExtractor cpu = FactoryOrb.cpu(config)) {
                OrbFeatures ref = new OrbFeatures();
                cpu.detect(image, ref);
                int r = Math.max(3, Math.min(20, reps / 10));
                double[] t = new double[r];
                for (int i = 0; i < r; i++) {
                    long t0 = System.nanoTime();
                    cpu.detect(image, ref);
                    t[i] = (System.nanoTime() - t0) / 1e6;
                }
                line(report, configuration, "CPU reference (1 thread)", t);
                report.value(configuration, "CPU reference, features", ref.size(), "features");
                report.value(configuration, "GPU detect speed-up over CPU", median(t) / median(wall), "x");
                report.note("  CPU against GPU features: " + OrbComparison.of(ref, out).summary());
            }
        }
    }

    private static void line(BenchmarkReport report, String configuration, String label, double[] values) {
        report.timing(configuration, label, median(values), percentile(values, 0.9), values.length);
    }

    private static double median(double[] v) {
        return percentile(v, 0.5);
    }

    private static double percentile(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, (int) Math.floor(p * (s.length - 1) + 0.5))];
    }
}
