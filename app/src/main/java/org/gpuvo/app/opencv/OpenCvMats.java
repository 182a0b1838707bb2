package org.gpuvo.app.opencv;

import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.Mat;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.image.GrayImage;

/** Copies between gpuvo's images and descriptors and OpenCV Mats (always copies: no memory is shared). */
public final class OpenCvMats {
    private OpenCvMats() {
    }

    /** A new CV_8UC1 Mat holding a copy of {@code image}. */
    public static Mat toMat(GrayImage image) {
        GrayImage packed = image.packed();
        Mat mat = new Mat(packed.height, packed.width, opencv_core.CV_8UC1);
        mat.data().put(packed.data, 0, packed.width * packed.height);
        return mat;
    }

    /** A packed copy of a continuous or strided CV_8UC1 Mat. */
    public static GrayImage toGray(Mat mat) {
        if (mat.type() != opencv_core.CV_8UC1)
            throw new IllegalArgumentException("expected a CV_8UC1 Mat, got type " + mat.type());
        GrayImage out = GrayImage.create(mat.cols(), mat.rows());
        for (int y = 0; y < mat.rows(); y++)
            mat.ptr(y).get(out.data, y * out.width, out.width);
        return out;
    }

    /** A new CV_8UC1 Mat with one descriptor per row. */
    public static Mat toMat(Descriptors descriptors) {
        Mat mat = new Mat(descriptors.size(), descriptors.bytesPerDescriptor, opencv_core.CV_8UC1);
        mat.data().put(descriptors.data, 0, descriptors.size() * descriptors.bytesPerDescriptor);
        return mat;
    }

    /** A new CV_32FC1 Mat with one float descriptor per row. */
    public static Mat toMat(FloatDescriptors descriptors) {
        Mat mat = new Mat(descriptors.size(), descriptors.length, opencv_core.CV_32FC1);
        if (descriptors.size() > 0)
            new FloatPointer(mat.data()).put(descriptors.data, 0, descriptors.size() * descriptors.length);
        return mat;
    }

    /** Copies the rows of a CV_8UC1 descriptor Mat into {@code out}, whose descriptor length must match. */
    public static void toDescriptors(Mat mat, Descriptors out) {
        if (mat.empty()) {
            out.resize(0);
            return;
        }
        if (mat.cols() != out.bytesPerDescriptor || mat.type() != opencv_core.CV_8UC1)
            throw new IllegalArgumentException("a Mat of " + mat.cols() + "-byte rows of type " + mat.type()
                    + " does not hold " + out.bytesPerDescriptor + "-byte descriptors");
        out.resize(mat.rows());
        for (int r = 0; r < mat.rows(); r++)
            mat.ptr(r).get(out.data, r * out.bytesPerDescriptor, out.bytesPerDescriptor);
    }
}
