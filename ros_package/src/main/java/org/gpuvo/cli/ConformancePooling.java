package org.gpuvo.cli;

import org.gpuvo.gpu.opencv.OrbConformanceReport;
import org.gpuvo.gpu.opencv.OrbConformanceReport.PerImage;

import java.util.List;

/**
 * Pools per-image conformance counts into the figures over all images: every fraction is a ratio of summed
 * counts (so an image with many keypoints weighs more than one with few), as {@link OrbConformanceReport}
 * defines them.
 */
final class ConformancePooling {
    private ConformancePooling() {
    }

    static OrbConformanceReport pool(List<PerImage> images) {
        long opencv = 0, gpuvo = 0, described = 0, identical = 0, hammingBits = 0, opencvMatched = 0, gpuvoMatched = 0;
        for (PerImage image : images) {
            opencv += image.opencvKeypoints();
            gpuvo += image.gpuvoKeypoints();
            described += image.describedKeypoints();
            identical += image.identicalDescriptors();
            hammingBits += image.hammingBitsTotal();
            opencvMatched += image.opencvKeypointsMatched();
            gpuvoMatched += image.gpuvoKeypointsMatched();
        }
        return new OrbConformanceReport(images.size(), ratio(identical, described), ratio(hammingBits, described),
                ratio(opencvMatched, opencv), ratio(gpuvoMatched, gpuvo), List.copyOf(images));
    }

    /** {@code numerator / denominator}, NaN for 0/0 (no keypoints: the figure is undefined, not zero). */
    static double ratio(long numerator, long denominator) {
        return denominator == 0 ? Double.NaN : (double) numerator / denominator;
    }
}
