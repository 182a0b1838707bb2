package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * Matches real-valued descriptors (SIFT) of one image (the query) against those of another (the train set) by
 * Euclidean distance, with the semantics of {@link DescriptorMatcher}: the two nearest train descriptors per query
 * (equal distances: lower train index first), Lowe's ratio test on the Euclidean distances (not their squares),
 * {@link ConfigMatch#maxDistance} and the distances in {@link Matches} in the integer unit of
 * {@link FloatDescriptors#DISTANCE_SCALE}, the optional mutual check, and the search window of
 * {@link #matchWithin}. The reference is an FP32 search: an implementation that computes distances otherwise
 * (tensor cores in FP16) re-scores its candidates in FP32 so that it picks the same neighbours. Create one with
 * {@link FactoryMatcher}.
 */
public interface FloatDescriptorMatcher {
    /**
     * Matches every query descriptor against every train descriptor, replacing the contents of {@code out}.
     *
     * @throws IllegalArgumentException if an argument is null or the two sets have different descriptor lengths
     */
    void match(FloatDescriptors query, FloatDescriptors train, Matches out);

    /**
     * As {@link DescriptorMatcher#matchWithin}: query {@code q} is only compared with the train descriptors whose
     * keypoints lie within {@link ConfigMatch#searchRadius} pixels of ({@code predictedX[q]}, {@code predictedY[q]}).
     */
    void matchWithin(FloatDescriptors query, float[] predictedX, float[] predictedY,
                     FloatDescriptors train, KeyPoints trainPoints, Matches out);

    /** A copy of the configuration this matcher was created with. */
    ConfigMatch config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();
}
