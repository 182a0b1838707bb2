package org.gpuvo.app.conformance;

import org.gpuvo.gpu.image.GrayImage;

/**
 * Two images of one scene and the ground truth that tells a correct match between them from a wrong one. The
 * names identify the images: a pair whose first image has the name of the previous pair's second image reuses
 * its features (a chain of frames, each extracted once).
 */
public record ImagePair(String firstName, GrayImage first, String secondName, GrayImage second,
                        CorrespondenceCheck check) {
    public ImagePair {
        if (firstName == null || secondName == null || first == null || second == null || check == null)
            throw new IllegalArgumentException("an image pair needs two named images and a correspondence check");
    }
}
