package org.gpuvo.app.opencv;

import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.KeyPointVector;
import org.bytedeco.opencv.opencv_core.Mat;
import org.bytedeco.opencv.opencv_features2d.SIFT;
import org.gpuvo.app.conformance.SiftSource;
import org.gpuvo.app.conformance.UnitDescriptors;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

/**
 * OpenCV's {@code cv::SIFT} (OpenCV 4.13 through the JavaCPP presets, float descriptors) with gpuvo's parameters
 * where OpenCV has them: the feature budget (OpenCV also keeps the strongest by response, after orientation
 * assignment), scales per octave, contrast and edge thresholds, σ0. OpenCV always starts with the image upsampled
 * twice (first octave -1) and assumes an input blur of 0.5; gpuvo's {@code firstOctave} and {@code inputSigma} do
 * not apply to it. Descriptors come back with unit length (RootSIFT where configured). Holds native memory:
 * close it.
 */
public final class OpenCvSift implements SiftSource {
    /** OpenCV's SIFT upsamples the image first, always. */
    public static final int FIRST_OCTAVE = -1;

    private final SIFT sift;
    private final boolean rootSift;

    public OpenCvSift(ConfigSift config) {
        config.checkValidity();
        sift = SIFT.create(config.maxFeatures, config.levelsPerOctave, config.contrastThreshold, config.edgeThreshold,
                config.sigma, opencv_core.CV_32F, false);
        rootSift = config.rootSift;
    }

    @Override
    public String name() {
        return "opencv";
    }

    @Override
    public String implementation() {
        return "OpenCV " + opencv_core.CV_VERSION();
    }

    @Override
    public int firstOctave() {
        return FIRST_OCTAVE;
    }

    /** Detects and describes as {@code SIFT::detectAndCompute}. */
    @Override
    public void detect(GrayImage image, SiftFeatures out) {
        try (Mat mat = OpenCvMats.toMat(image); KeyPointVector kps = new KeyPointVector(); Mat desc = new Mat();
             Mat noMask = new Mat()) {
            sift.detectAndCompute(mat, noMask, kps, desc, false);
            keyPoints(kps, out.keyPoints);
            descriptors(desc, out.descriptors);
        }
        UnitDescriptors.normalise(out.descriptors, rootSift);
    }

    /** OpenCV's keypoints, with the octave unpacked from {@code KeyPoint.octave} (its low byte, signed). */
    private static void keyPoints(KeyPointVector v, KeyPoints out) {
        OpenCvOrb.fromOpenCv(v, out);
        for (int i = 0; i < out.size(); i++)
            out.level[i] = (byte) (out.level[i] & 0xFF);
    }

    private static void descriptors(Mat mat, FloatDescriptors out) {
        if (mat.empty()) {
            out.resize(0);
            return;
        }
        if (mat.cols() != out.length || mat.type() != opencv_core.CV_32F)
            throw new IllegalStateException("OpenCV's SIFT returned a Mat of " + mat.cols() + " columns of type "
                    + mat.type() + ", not " + out.length + " floats per row");
        out.resize(mat.rows());
        for (int r = 0; r < mat.rows(); r++)
            new FloatPointer(mat.ptr(r)).get(out.data, r * out.length, out.length);
    }

    @Override
    public void close() {
        sift.close();
    }
}
