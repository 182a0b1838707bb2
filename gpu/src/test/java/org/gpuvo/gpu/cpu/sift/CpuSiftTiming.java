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

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.testdata.SharedData;

/**
 * Times the CPU SIFT extractor, one thread: the median and the fastest of the repetitions after warm-up, per image
 * and first octave, with maxFeatures 2000 (or {@code --n}). Not a test: run it by hand.
 *
 * <pre>
 * usage: CpuSiftTiming [IMAGE.png ...] [--n FEATURES] [--reps R] [--warmup W]
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
            images.put(name, ImageFiles.readGray(Path.of(name)));
        if (images.isEmpty()) {
            Path kitti = SharedData.root().resolve("kitti-06-0050/image_l");
            if (Files.isDirectory(kitti))
                images.put("KITTI 06 frame 0", SharedData.read(SharedData.pngs(kitti, 1).get(0)));
            images.put("synthetic 1280x720", SyntheticImages.pair(1280, 720, 7,
                    SyntheticImages.Homography.similarity(0, 1, 0, 0, 0, 0)).first());
        }
        System.out.printf(Locale.ROOT, "%s, %d cores, Java %s%n", System.getProperty("os.arch"),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"));
        for (Map.Entry<String, GrayImage> entry : images.entrySet()) {
            for (int firstOctave : new int[]{0, -1}) {
                ConfigSift config = new ConfigSift(features);
                config.firstOctave = firstOctave;
                GrayImage image = entry.getValue();
                SiftFeatures out = new SiftFeatures();
                double[] ms = new double[reps];
                try (SiftExtractor sift = FactorySift.cpu(config)) {
                    for (int i = 0; i < warmup; i++)
                        sift.detect(image, out);
                    for (int i = 0; i < reps; i++) {
                        long t = System.nanoTime();
                        sift.detect(image, out);
                        ms[i] = (System.nanoTime() - t) / 1e6;
                    }
                }
                Arrays.sort(ms);
                System.out.printf(Locale.ROOT, "%-20s %4dx%-4d firstOctave %2d: %5d features, median %7.1f ms, min %7.1f ms%n",
                        entry.getKey(), image.width, image.height, firstOctave, out.size(), ms[reps / 2], ms[0]);
            }
        }
    }
}
