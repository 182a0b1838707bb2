package org.gpuvo.gpu.features;

/** Keypoints and their descriptors, index for index, from one image. */
public final class OrbFeatures {
    public final KeyPoints keyPoints;
    public final Descriptors descriptors;

    public OrbFeatures(KeyPoints keyPoints, Descriptors descriptors) {
        this.keyPoints = keyPoints;
        this.descriptors = descriptors;
    }

    public OrbFeatures() {
        this(new KeyPoints(), Descriptors.orb());
    }

    public int size() {
        return keyPoints.size();
    }
}
