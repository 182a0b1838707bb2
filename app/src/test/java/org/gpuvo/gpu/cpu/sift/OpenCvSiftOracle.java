package org.gpuvo.gpu.cpu.sift;

import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.opencv.opencv_core.KeyPointVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.SIFT;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.app.opencv.OpenCvMats;
import org.gpuvo.app.opencv.OpenCvOrb;

/**
 * OpenCV's {@code cv::SIFT} (4.13, through the JavaCPP presets) with gpuvo's data structures, for the agreement
 * tests: {@code SIFT.create(nfeatures, S, contrastThreshold, edgeThreshold, sigma, preciseUpscale)}. OpenCV always
 * upsamples the input first (our firstOctave −1). Holds native memory: close it.
 */
final class OpenCvSiftOracle implements AutoCloseable {
    private final SIFT sift;

    /**
     * @param preciseUpscale OpenCV's {@code enable_precise_upscale}: false (its default) upsamples with
     *                       {@code INTER_LINEAR}, which shifts its keypoints by +¼ input pixel; true aligns pixel
     *                       centres as gpuvo does
     */
    OpenCvSiftOracle(ConfigSift config, boolean preciseUpscale) {
        sift = SIFT.create(config.maxFeatures, config.levelsPerOctave, config.contrastThreshold, config.edgeThreshold,
                config.sigma, preciseUpscale);
    }

    void detect(GrayImage image, SiftFeatures out) {
        try (Mat mat = OpenCvMats.toMat(image); KeyPointVector kps = new KeyPointVector(); Mat desc = new Mat();
             Mat noMask = new Mat()) {
            sift.detectAndCompute(mat, noMask, kps, desc, false);
            OpenCvOrb.fromOpenCv(kps, out.keyPoints);
            FloatDescriptors d = out.descriptors;
            int n = desc.rows();
            d.resize(n);
            if (n > 0) {
                if (desc.cols() != FloatDescriptors.SIFT_LENGTH || desc.elemSize() != 4 || !desc.isContinuous())
                    throw new IllegalStateException("unexpected OpenCV SIFT descriptors: " + desc.cols() + " columns");
                try (FloatPointer floats = new FloatPointer(desc.data())) {
                    floats.get(d.data, 0, n * FloatDescriptors.SIFT_LENGTH);
                }
            }
        }
    }

    @Override
    public void close() {
        sift.close();
    }
}
