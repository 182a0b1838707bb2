package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.KeyPoints;

/**
 * Matches descriptors held in host arrays, of one kind {@code D}, with the semantics of {@link DescriptorMatcher}:
 * what {@link DescriptorMatcher} (binary descriptors) and {@link FloatDescriptorMatcher} (real-valued ones) have in
 * common, for code that serves both.
 *
 * @param <D> the descriptors
 */
public interface HostMatcher<D> {
    /** Matches every query descriptor against every train descriptor, replacing the contents of {@code out}. */
    void match(D query, D train, Matches out);

    /**
     * Like {@link #match}, but query {@code q} is only compared with the train descriptors whose keypoints lie
     * within {@link ConfigMatch#searchRadius} pixels of its predicted position.
     */
    void matchWithin(D query, float[] predictedX, float[] predictedY, D train, KeyPoints trainPoints, Matches out);

    /** A copy of the configuration this matcher was created with. */
    ConfigMatch config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();
}
