package org.gpuvo.cli;

import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;

/** One image's features, with what a report says about them: the image's name and the extraction time. */
record ExtractedImage(String name, GrayImage image, OrbFeatures features, double millis) {
    /** Keypoints per pyramid level, for {@code levels} levels. */
    int[] perLevel(int levels) {
        int[] counts = new int[levels];
        for (int i = 0; i < features.size(); i++)
            counts[features.keyPoints.level[i]]++;
        return counts;
    }
}
