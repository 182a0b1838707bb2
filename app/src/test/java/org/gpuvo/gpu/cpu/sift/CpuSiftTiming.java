package org.gpuvo.gpu.cpu.sift;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.gpuvo.app.opencv.OpenCvOrb;
import org.gpuvo.gpu.testdata.SharedData;

/**
 * Times the CPU SIFT extractor, one thread: the median and the fastest of the repetitions after warm-up, per image
 * and first octave, with maxFeatures 2000 (or {@code --n}), as wall time and as the thread's CPU time (which other
 * processes on a shared machine disturb less). With firstOctave −1 also OpenCV's {@code cv::SIFT} on one thread,
 * for scale (it always upsamples). Not a test: run it by hand.
 *
 * <pre>
 * usage: CpuSiftTiming [IMAGE.png | synthetic ...] [--n FEATURES] [--reps R] [--warmup W]
 * </pre>
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
                images.put("synthetic 1280x720", synthetic720p());
            else
                images.put(Path.of(name).getFileName().toString(), ImageFiles.readGray(Path.of(name)));
        if (images.isEmpty()) {
            Path kitti = SharedData.root().resolve("kitti-06-0050/image_l");
            if (Files.isDirectory(kitti))
                images.put("KITTI 06 frame 0", SharedData.read(SharedData.pngs(kitti, 1).get(0)));
            images.put("synthetic 1280x720", synthetic720p());
        }
        System.out.printf(Locale.ROOT, "%s, %d cores, Java %s, load average %.1f%n", System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        for (Map.Entry<String, GrayImage> entry : images.entrySet()) {
            for (int firstOctave : new int[]{0, -1}) {
                ConfigSift config = new ConfigSift(features);
                config.firstOctave = firstOctave;
                GrayImage image = entry.getValue();
                SiftFeatures out = new SiftFeatures();
                try (SiftExtractor sift = FactorySift.cpu(config)) {
                    print("gpuvo CPU", entry.getKey(), image, firstOctave, out, time(() -> sift.detect(image, out), warmup, reps));
                }
                SiftScaleSpace space = new SiftScaleSpace(config);
                print("  of which scale space", entry.getKey(), image, firstOctave, out,
                        time(() -> space.build(image), warmup, reps));
                if (firstOctave < 0 && openCvLoads()) {
                    OpenCvOrb.setThreads(1);
                    try (OpenCvSiftOracle opencv = new OpenCvSiftOracle(config, false)) {
                        print("OpenCV 1 thread", entry.getKey(), image, firstOctave, out,
                                time(() -> opencv.detect(image, out), warmup, reps));
                    }
                }
            }
        }
    }

    private static GrayImage synthetic720p() {
        return SyntheticImages.pair(1280, 720, 7, SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first();
    }

    /** {median wall, min wall, median CPU, min CPU} in ms. */
    private static double[] time(Runnable run, int warmup, int reps) {
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
        Arrays.sort(wall);
        Arrays.sort(cpu);
        return new double[]{wall[reps / 2], wall[0], cpu[reps / 2], cpu[0]};
    }

    private static void print(String who, String image, GrayImage frame, int firstOctave, SiftFeatures out, double[] t) {
        System.out.printf(Locale.ROOT, "%-22s %-20s %4dx%-4d firstOctave %2d: %5d features, wall median %6.1f ms "
                        + "(min %6.1f), CPU median %6.1f ms (min %6.1f)%n", who, image, frame.width, frame.height,
                firstOctave, out.size(), t[0], t[1], t[2], t[3]);
    }

    private static boolean openCvLoads() {
        try {
            Loader.load(opencv_features2d.class);
            return true;
        } catch (Throwable e) {
            System.out.println("OpenCV cannot be loaded: " + e);
            return false;
        }
    }
}
