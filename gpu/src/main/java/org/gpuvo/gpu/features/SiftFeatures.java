package org.gpuvo.gpu.features;

/**
 * SIFT keypoints and their descriptors, index for index, from one image. Keypoint fields as SIFT fills them:
 * {@code x, y} in input-image pixels (pixel centres at integer coordinates), {@code level} the octave
 * (-1 for the upsampled first octave), {@code diameter} twice the keypoint's scale σ in input pixels (OpenCV's
 * {@code KeyPoint.size}), {@code angle} in degrees [0, 360) with image x right and y down, {@code response} the
 * absolute difference-of-Gaussians value at the refined extremum.
 */
public final class SiftFeatures {
    public final KeyPoints keyPoints;
    public final FloatDescriptors descriptors;

    public SiftFeatures(KeyPoints keyPoints, FloatDescriptors descriptors) {
        this.keyPoints = keyPoints;
        this.descriptors = descriptors;
    }

    public SiftFeatures() {
        this(new KeyPoints(), FloatDescriptors.sift());
    }

    public int size() {
        return keyPoints.size();
    }

    /**
     * The keypoint's scale in octaves, log2(σ / σ0) with σ = diameter / 2: continuous, so that two detections of
     * one blob can be compared across backends (0 is the first level of octave 0).
     */
    public static double scaleInOctaves(float diameter, double sigma0) {
        return Math.log(diameter / 2.0 / sigma0) / Math.log(2);
    }
}
