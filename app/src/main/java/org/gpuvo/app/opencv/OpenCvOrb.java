package org.gpuvo.app.opencv;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.KeyPoint;
import org.bytedeco.opencv.opencv_core.KeyPointVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_core.Point2f;
import org.bytedeco.opencv.opencv_features2d.ORB;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;

/**
 * OpenCV's {@code cv::ORB} (Harris scoring, WTA_K = 2) through the JavaCPP presets, with gpuvo's parameters and
 * data structures on both sides: the oracle gpuvo's ORB is measured against, and the CPU baseline of benchmarks.
 * Holds native memory: close it.
 */
public final class OpenCvOrb implements AutoCloseable {
    private final ORB orb;

    public OpenCvOrb(ConfigOrb config) {
        config.checkValidity();
        if (config.distribution != ConfigOrb.Distribution.RETAIN_BEST)
            throw new IllegalArgumentException("OpenCV's ORB has no " + config.distribution + " distribution");
        orb = ORB.create(config.maxFeatures, (float) config.scaleFactor, config.levels, config.edgeThreshold, 0, 2,
                ORB.HARRIS_SCORE, config.patchSize, config.fastThreshold);
    }

    /** Detects and describes as {@code ORB::detectAndCompute}. */
    public void detect(GrayImage image, OrbFeatures out) {
        try (Mat mat = OpenCvMats.toMat(image); KeyPointVector kps = new KeyPointVector(); Mat desc = new Mat();
             Mat noMask = new Mat()) {
            orb.detectAndCompute(mat, noMask, kps, desc, false);
            fromOpenCv(kps, out.keyPoints);
            OpenCvMats.toDescriptors(desc, out.descriptors);
        }
    }

    /**
     * Describes given keypoints as {@code ORB::compute}; OpenCV may drop or reorder keypoints, so the keypoints it
     * described replace the contents of {@code keyPoints}.
     */
    public void describe(GrayImage image, KeyPoints keyPoints, Descriptors out) {
        try (Mat mat = OpenCvMats.toMat(image); KeyPointVector kps = toOpenCv(keyPoints); Mat desc = new Mat()) {
            orb.compute(mat, kps, desc);
            fromOpenCv(kps, keyPoints);
            OpenCvMats.toDescriptors(desc, out);
        }
    }

    /** Runs OpenCV's parallel regions on {@code threads} threads (1 for single-thread baselines). */
    public static void setThreads(int threads) {
        opencv_core.setNumThreads(threads);
    }

    public static KeyPointVector toOpenCv(KeyPoints kp) {
        KeyPointVector v = new KeyPointVector(kp.size());
        for (int i = 0; i < kp.size(); i++) {
            try (KeyPoint k = new KeyPoint(kp.x[i], kp.y[i], kp.diameter[i], kp.angle[i], kp.response[i],
                    kp.level[i], -1)) {
                v.put(i, k);
            }
        }
        return v;
    }

    public static void fromOpenCv(KeyPointVector v, KeyPoints out) {
        out.clear();
        int n = (int) v.size();
        out.ensureCapacity(n);
        for (int i = 0; i < n; i++) {
            KeyPoint k = v.get(i);
            Point2f pt = k.pt();
            out.add(pt.x(), pt.y(), k.octave(), k.size(), k.angle(), k.response());
        }
    }

    @Override
    public void close() {
        orb.close();
    }
}
