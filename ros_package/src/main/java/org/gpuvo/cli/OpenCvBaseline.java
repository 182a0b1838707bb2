package org.gpuvo.cli;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.DMatchVectorVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.BFMatcher;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.opencv.OpenCvMats;
import org.gpuvo.gpu.opencv.OpenCvOrb;

import java.util.List;

/**
 * OpenCV's CPU front end on the same frames, with all cores, as the baseline every GPU figure is divided by:
 * {@code cv::ORB::detectAndCompute} and {@code cv::BFMatcher(NORM_HAMMING).knnMatch(k = 2)} of consecutive frames.
 */
final class OpenCvBaseline {
    /** Median and p90 of the extraction and of the matching, in milliseconds. */
    record Result(TimingStats extraction, TimingStats matching, int threads) {
    }

    private OpenCvBaseline() {
    }

    static Result measure(List<GrayImage> frames, ConfigOrb config, int warmup, int repetitions) {
        opencv_core.setNumThreads(-1);   // OpenCV's default: all cores
        int threads = opencv_core.getNumThreads();
        OrbFeatures[] features = new OrbFeatures[frames.size()];
        long[] extraction = new long[repetitions];
        try (OpenCvOrb orb = new OpenCvOrb(config)) {
            for (int i = 0; i < warmup + repetitions; i++) {
                int f = i % frames.size();
                if (features[f] == null)
                    features[f] = new OrbFeatures();
                long start = System.nanoTime();
                orb.detect(frames.get(f), features[f]);
                if (i >= warmup)
                    extraction[i - warmup] = System.nanoTime() - start;
            }
        }
        long[] matching = new long[repetitions];
        try (BFMatcher matcher = new BFMatcher(opencv_core.NORM_HAMMING, false)) {
            for (int i = 0; i < warmup + repetitions; i++) {
                int f = i % frames.size(), previous = (f + frames.size() - 1) % frames.size();
                try (Mat query = OpenCvMats.toMat(features[f].descriptors);
                     Mat train = OpenCvMats.toMat(features[previous].descriptors);
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
