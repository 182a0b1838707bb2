package org.gpuvo.tests.bench.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import org.bytedeco.javacpp.Loader;
import org.bytedeco.opencv.global.opencv_features2d;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.app.TimingStats;
import org.gpuvo.app.opencv.OpenCvOrb;
import org.gpuvo.app.opencv.OpenCvSift;
import org.gpuvo.gpu.cpu.sift.SiftScaleSpace;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.tests.bench.BenchmarkReport;

/**
 * Times the CPU SIFT extractor, one thread: the median, p90 and fastest of the repetitions after warm-up, per image
 * and first octave, with maxFeatures 2000 (or {@code --n}), as wall time and as the thread's CPU time (which other
 * processes on a shared machine disturb less). With firstOctave −1 also OpenCV's {@code cv::SIFT} on one thread,
 * for scale (it always upsamples), as {@code gpuvo conformance sift} runs it ({@link OpenCvSift}). Run as every
 * benchmark of this module ({@link org.gpuvo.tests.bench}):
 * <pre>java -cp ... org.gpuvo.tests.bench.cpu.CpuSiftTiming [IMAGE.png | synthetic ...] [--n FEATURES] [--reps R] \
 *     [--warmup W]</pre>
 * Without images: a KITTI 06 frame (1226×370) from the shared data where present, and the synthetic scene at
 * 1280×720.
 */
public final class CpuSiftTiming {
    private CpuSiftTiming() {
    }

    public static void main(String[] args) throws IOException {
        List<String> names = new ArrayList<>();
        int features = 2000, reps = 9, warmup = 3;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--n" -> features = Integer.parseInt(args[++i]);
                case "--reps" -> reps = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                default -> names.add(args[i]);
            }
        }
        Map<String, GrayImage> images = new LinkedHashMap<>();
        for (String name : names)
            if (name.equals("synthetic"))
                images.put("synthetic", synthetic720p());
            else
                images.put(Path.of(name).getFileName().toString(), ImageFiles.readGray(Path.of(name)));
        if (images.isEmpty()) {
            Path kitti = SharedData.root().resolve("kitti-06-0050/image_l");
            if (Files.isDirectory(kitti))
                images.put("KITTI 06 frame 0", SharedData.read(SharedData.pngs(kitti, 1).get(0)));
            images.put("synthetic", synthetic720p());
        }
        BenchmarkReport report = BenchmarkReport.start(CpuSiftTiming.class, args);
        report.environment("load average", String.format(Locale.ROOT, "%.1f",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()));
        for (Map.Entry<String, GrayImage> entry : images.entrySet()) {
            for (int firstOctave : new int[]{0, -1}) {
                ConfigSift config = new ConfigSift(features);
                config.firstOctave = firstOctave;
                GrayImage image = entry.getValue();
                SiftFeatures out = new SiftFeatures();
                try (SiftExtractor sift = FactorySift.cpu(config)) {
                    print(report, "gpuvo CPU", entry.getKey(), image, firstOctave, out,
                            time(() -> sift.detect(image, out), warmup, reps));
                }
                SiftScaleSpace space = new SiftScaleSpace(config);
                print(report, "of which scale space", entry.getKey(), image, firstOctave, null,
                        time(() -> space.build(image), warmup, reps));
                if (firstOctave < 0 && openCvLoads(report)) {
                    OpenCvOrb.setThreads(1);
                    try (OpenCvSift opencv = new OpenCvSift(config)) {
                        print(report, "OpenCV 1 thread", entry.getKey(), image, firstOctave, out,
                                time(() -> opencv.detect(image, out), warmup, reps));
                    }
                }
            }
        }
        report.finish();
    }

    private static GrayImage synthetic720p() {
        return SyntheticImages.pair(1280, 720, 7, SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first();
    }

    /** Wall and CPU time of the thread, in ms. */
    private record Times(TimingStats wall, TimingStats cpu) {
    }

    private static Times time(Runnable run, int warmup, int reps) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < warmup; i++)
            run.run();
        double[] wall = new double[reps], cpu = new double[reps];
        for (int i = 0; i < reps; i++) {
            long t = System.nanoTime(), c = threads.getCurrentThreadCpuTime();
            run.run();
            cpu[i] = (threads.getCurrentThreadCpuTime() - c) / 1e6;
            wall[i] = (System.nanoTime() - t) / 1e6;
        }
        return new Times(TimingStats.ofMillis(wall, reps), TimingStats.ofMillis(cpu, reps));
    }

    /** {@code out}: the features, whose count is reported; null where the timed work extracts none. */
    private static void print(BenchmarkReport report, String who, String image, GrayImage frame, int firstOctave,
                              SiftFeatures out, Times t) {
        String configuration = String.format(Locale.ROOT, "%s %dx%d, first octave %d", image, frame.width,
                frame.height, firstOctave);
        report.timing(configuration, who + ", wall", t.wall());
        report.timing(configuration, who + ", CPU", t.cpu());
        if (out != null)
            report.value(configuration, who + ", features", out.size(), "features");
    }

    private static boolean openCvLoads(BenchmarkReport report) {
        try {
            Loader.load(opencv_features2d.class);
            return true;
        } catch (Throwable e) {
            report.note("OpenCV cannot be loaded: " + e);
            return false;
        }
    }
}
