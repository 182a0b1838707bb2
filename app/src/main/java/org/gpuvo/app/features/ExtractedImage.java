package org.gpuvo.app.features;

import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.frontend.FeatureDescriptors;

/**
 * One image's features (ORB or SIFT), with what a report says about them: the image's name and the extraction time.
 */
record ExtractedImage(String name, GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors,
                      double millis) {
    int size() {
        return keyPoints.size();
    }

    /** Keypoints per pyramid level or octave, for {@code count} of them from {@code first}. */
    int[] perLevel(int first, int count) {
        int[] counts = new int[count];
        for (int i = 0; i < keyPoints.size(); i++)
            counts[keyPoints.level[i] - first]++;
        return counts;
    }
}
