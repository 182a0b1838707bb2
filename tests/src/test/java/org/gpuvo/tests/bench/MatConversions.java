package org.gpuvo.tests.bench;

import org.bytedeco.opencv.global.opencv_core;
import org.bytedeco.opencv.opencv_core.Mat;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.image.GrayImage;

/**
 * Copies between gpuvo's images and descriptors and OpenCV Mats, for this benchmark only. The gpu module's
 * {@code org.gpuvo.gpu.opencv} package is to hold the project's conversions; this should be replaced by those.
 */
final class MatConversions {
    private MatConversions() {
    }

    /** A new CV_8UC1 Mat holding a copy of {@code image}. */
    static Mat toMat(GrayImage image) {
        Mat mat = new Mat(image.height, image.width, opencv_core.CV_8UC1);
        GrayImage packed = image.packed();
        mat.data().put(packed.data, 0, packed.width * packed.height);
        return mat;
    }

    /** A packed copy of a continuous or strided CV_8UC1 Mat. */
    static GrayImage toGray(Mat mat) {
        if (mat.type() != opencv_core.CV_8UC1)
            throw new IllegalArgumentException("expected a CV_8UC1 Mat, got type " + mat.type());
        GrayImage out = GrayImage.create(mat.cols(), mat.rows());
        for (int y = 0; y < mat.rows(); y++)
            mat.ptr(y).get(out.data, y * out.width, out.width);
        return out;
    }

    /** A new CV_8UC1 Mat with one descriptor per row. */
    static Mat toMat(Descriptors descriptors) {
        Mat mat = new Mat(descriptors.size(), descriptors.bytesPerDescriptor, opencv_core.CV_8UC1);
        mat.data().put(descriptors.data, 0, descriptors.size() * descriptors.bytesPerDescriptor);
        return mat;
    }

    /** Copies the rows of a CV_8UC1 descriptor Mat (as ORB's {@code detectAndCompute} returns) into gpuvo's layout. */
    static Descriptors toDescriptors(Mat mat) {
        if (mat.empty())
            return Descriptors.orb();
        Descriptors out = new Descriptors(mat.cols());
        out.resize(mat.rows());
        for (int r = 0; r < mat.rows(); r++)
            mat.ptr(r).get(out.data, r * out.bytesPerDescriptor, out.bytesPerDescriptor);
        return out;
    }
}
