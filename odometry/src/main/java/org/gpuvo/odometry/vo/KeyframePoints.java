package org.gpuvo.odometry.vo;

import java.util.Arrays;

/**
 * The points a keyframe created and the keyframe's features that observe them: what the keyframe adds to the local
 * map that {@link LocalMapSearch} searches.
 */
final class KeyframePoints {
    private int[] ids = new int[256], features = new int[256];
    private int count;

    /** Starts a keyframe: no points yet. */
    void clear() {
        count = 0;
    }

    /** Point {@code id} was created from the keyframe's feature {@code feature}. */
    void add(int id, int feature) {
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, 2 * count);
            features = Arrays.copyOf(features, 2 * count);
        }
        ids[count] = id;
        features[count++] = feature;
    }

    /** Adds the keyframe, with its features as the frame has them, to the local map. */
    void addTo(LocalMapSearch localMap, TrackingFrame frame) {
        localMap.addKeyframe(frame.features(), frame.descriptors(), ids, features, count);
    }
}
