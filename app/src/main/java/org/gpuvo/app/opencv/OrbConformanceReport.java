package org.gpuvo.app.opencv;

import java.util.List;

/**
 * How closely gpuvo's ORB agrees with OpenCV's {@code cv::ORB} on a set of images.
 *
 * @param images                       images measured
 * @param descriptorIdenticalFraction  of OpenCV's keypoints, the fraction for which gpuvo's descriptor (computed
 *                                     on OpenCV's keypoint) is bit-identical to OpenCV's
 * @param descriptorMeanHammingBits    mean Hamming distance between those descriptor pairs
 * @param keypointRecallVsOpencv       fraction of OpenCV's keypoints with a gpuvo keypoint on the same level
 *                                     within {@link OrbConformance#MATCH_RADIUS_PX} (level pixels)
 * @param keypointPrecisionVsOpencv    fraction of gpuvo's keypoints with an OpenCV keypoint likewise
 * @param perImage                     the same figures per image
 */
public record OrbConformanceReport(int images, double descriptorIdenticalFraction, double descriptorMeanHammingBits,
                                   double keypointRecallVsOpencv, double keypointPrecisionVsOpencv,
                                   List<PerImage> perImage) {
    /** Figures for one image; counts let callers pool them. */
    public record PerImage(String image, int width, int height, int opencvKeypoints, int gpuvoKeypoints,
                           int describedKeypoints, int identicalDescriptors, long hammingBitsTotal,
                           int opencvKeypointsMatched, int gpuvoKeypointsMatched) {
    }
}
