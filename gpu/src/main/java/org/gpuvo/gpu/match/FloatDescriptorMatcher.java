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
 *
 * <p>The FP32 distance of two descriptors is {@link FloatDescriptors#squaredDistance}'s: the terms
 * {@code (a[k] - b[k])²} rounded to float and summed in float for k = 0, 1, ... in order; ratio test on
 * {@code Math.sqrt(d1) < ratio · Math.sqrt(d2)} in double (d1, d2 the squared distances), distance limit on
 * {@link FloatDescriptors#scaledDistance}. Components must be finite and at most {@link #MAX_COMPONENT} in
 * magnitude (SIFT's are at most 1), so that no distance overflows and a half-precision copy is in range.
 */
public interface FloatDescriptorMatcher extends HostMatcher<FloatDescriptors> {
    /** Largest magnitude of a descriptor component that the matchers accept. */
    float MAX_COMPONENT = 4096f;

    /**
     * Matches every query descriptor against every train descriptor, replacing the contents of {@code out}.
     *
     * @throws IllegalArgumentException if an argument is null, the two sets have different descriptor lengths or a
     *                                  component is not finite or larger than {@link #MAX_COMPONENT} in magnitude
     */
    void match(FloatDescriptors query, FloatDescriptors train, Matches out);

    /**
     * As {@link DescriptorMatcher#matchWithin}: query {@code q} is only compared with the train descriptors whose
     * keypoints lie within {@link ConfigMatch#searchRadius} pixels of ({@code predictedX[q]}, {@code predictedY[q]}).
     *
     * @throws IllegalArgumentException as {@link #match}, and as {@link DescriptorMatcher#matchWithin} for the
     *                                  positions
     */
    void matchWithin(FloatDescriptors query, float[] predictedX, float[] predictedY,
                     FloatDescriptors train, KeyPoints trainPoints, Matches out);

    /** A copy of the configuration this matcher was created with. */
    ConfigMatch config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();
}
