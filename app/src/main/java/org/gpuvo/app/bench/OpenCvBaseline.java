package org.gpuvo.app.bench;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.DMatchVectorVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.BFMatcher;
import org.gpuvo.app.TimingStats;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.app.opencv.OpenCvMats;
import org.gpuvo.app.opencv.OpenCvOrb;
import org.gpuvo.app.opencv.OpenCvSift;

import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * OpenCV's CPU front end on the same frames, with all cores, as the baseline every GPU figure is divided by:
 * {@code cv::ORB::detectAndCompute} and {@code cv::BFMatcher(NORM_HAMMING).knnMatch(k = 2)} of consecutive frames,
 * or for SIFT {@code cv::SIFT::detectAndCompute} and {@code cv::BFMatcher(NORM_L2).knnMatch(k = 2)}.
 */
final class OpenCvBaseline {
    /** Median and p90 of the extraction and of the matching, in milliseconds. */
    record Result(TimingStats extraction, TimingStats matching, int threads) {
    }

    private OpenCvBaseline() {
    }

    /**
     * Why OpenCV cannot run here, or null where it can: its classes or native libraries may be missing from the
     * installation (the features module's class initialiser loads the natives of everything the baseline calls).
     */
    static String unavailable() {
        try {
            Class.forName("org.bytedeco.opencv.global.opencv_features2d");
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    static Result measure(List<GrayImage> frames, ConfigOrb config, int warmup, int repetitions) {
        try (OpenCvOrb orb = new OpenCvOrb(config)) {
            return measure(frames, OrbFeatures::new, orb::detect, f -> OpenCvMats.toMat(f.descriptors),
                    opencv_core.NORM_HAMMING, warmup, repetitions);
        }
    }

    static Result measure(List<GrayImage> frames, ConfigSift config, int warmup, int repetitions) {
        try (OpenCvSift sift = new OpenCvSift(config)) {
            return measure(frames, SiftFeatures::new, sift::detect, f -> OpenCvMats.toMat(f.descriptors),
                    opencv_core.NORM_L2, warmup, repetitions);
        }
    }

    private static <F> Result measure(List<GrayImage> frames, Supplier<F> fresh, BiConsumer<GrayImage, F> detect,
                                      Function<F, Mat> descriptors, int norm, int warmup, int repetitions) {
        opencv_core.setNumThreads(-1);   // OpenCV's default: all cores
        int threads = opencv_core.getNumThreads();
        List<F> features = new java.util.ArrayList<>();
        long[] extraction = new long[repetitions];
        for (int i = 0; i < warmup + repetitions; i++) {
            int f = i % frames.size();
            if (features.size() <= f)
                features.add(fresh.get());
            long start = System.nanoTime();
            detect.accept(frames.get(f), features.get(f));
            if (i >= warmup)
                extraction[i - warmup] = System.nanoTime() - start;
        }
        long[] matching = new long[repetitions];
        try (BFMatcher matcher = new BFMatcher(norm, false)) {
            for (int i = 0; i < warmup + repetitions; i++) {
                int f = i % frames.size(), previous = (f + frames.size() - 1) % frames.size();
                try (Mat query = descriptors.apply(features.get(f));
                     Mat train = descriptors.apply(features.get(previous));
                     DMatchVectorVector knn = new DMatchVectorVector()) {
                    long start = System.nanoTime();
                    matcher.knnMatch(query, train, knn, 2);
                    if (i >= warmup)
                        matching[i - warmup] = System.nanoTime() - start;
                }
            }
        }
        return new Result(TimingStats.ofNanos(extraction), TimingStats.ofNanos(matching), threads);
    }
}
