package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The argument checks every {@link DescriptorMatcher} and {@link FloatDescriptorMatcher} makes before any work, so
 * that all backends reject the same inputs with the same message.
 */
public final class MatcherInputs {
    /** The checks of {@link HostMatcher#match} per kind of descriptors: {@code MatcherInputs::checkDescriptors}. */
    @FunctionalInterface
    public interface Check<D> {
        void check(D query, D train, Matches out);
    }

    /** The checks of {@link HostMatcher#matchWithin} per kind of descriptors: {@code MatcherInputs::checkWindow}. */
    @FunctionalInterface
    public interface WindowCheck<D> {
        void check(D query, float[] predictedX, float[] predictedY, D train, KeyPoints trainPoints, Matches out);
    }

    private MatcherInputs() {
    }

    public static void checkDescriptors(Descriptors query, Descriptors train, Matches out) {
        checkPresent(query, train, out);
        if (query.bytesPerDescriptor != train.bytesPerDescriptor)
            throw new IllegalArgumentException("query descriptors have " + query.bytesPerDescriptor
                    + " bytes, train descriptors " + train.bytesPerDescriptor + ": they cannot be compared");
    }

    /** The checks of {@link DescriptorMatcher#matchWithin}. */
    public static void checkWindow(Descriptors query, float[] predictedX, float[] predictedY, Descriptors train,
                                   KeyPoints trainPoints, Matches out) {
        checkDescriptors(query, train, out);
        checkWindowPositions(query.size(), predictedX, predictedY, train.size(), trainPoints);
    }

    /**
     * The checks of {@link FloatDescriptorMatcher#match}: both sets and the output present, equal descriptor
     * lengths, and every component finite and at most {@link FloatDescriptorMatcher#MAX_COMPONENT} in magnitude.
     */
    public static void checkDescriptors(FloatDescriptors query, FloatDescriptors train, Matches out) {
        checkPresent(query, train, out);
        if (query.length != train.length)
            throw new IllegalArgumentException("query descriptors have " + query.length
                    + " floats, train descriptors " + train.length + ": they cannot be compared");
        checkComponents(query, "query");
        checkComponents(train, "train");
    }

    /** The checks of {@link FloatDescriptorMatcher#matchWithin}. */
    public static void checkWindow(FloatDescriptors query, float[] predictedX, float[] predictedY,
                                   FloatDescriptors train, KeyPoints trainPoints, Matches out) {
        checkDescriptors(query, train, out);
        checkWindowPositions(query.size(), predictedX, predictedY, train.size(), trainPoints);
    }

    private static void checkPresent(Object query, Object train, Matches out) {
        if (query == null || train == null)
            throw new IllegalArgumentException((query == null ? "query" : "train") + " descriptors are null");
        if (out == null)
            throw new IllegalArgumentException("output matches are null");
    }

    private static void checkWindowPositions(int nq, float[] predictedX, float[] predictedY, int nt,
                                             KeyPoints trainPoints) {
        if (predictedX == null || predictedY == null)
            throw new IllegalArgumentException("predicted positions are null");
        if (trainPoints == null)
            throw new IllegalArgumentException("train keypoints are null");
        if (predictedX.length < nq || predictedY.length < nq)
            throw new IllegalArgumentException("predicted positions hold " + predictedX.length + " x and "
                    + predictedY.length + " y values for " + nq + " query descriptors");
        if (trainPoints.size() != nt)
            throw new IllegalArgumentException("there are " + trainPoints.size() + " train keypoints for "
                    + nt + " train descriptors");
    }

    private static void checkComponents(FloatDescriptors d, String role) {
        float[] data = d.data;
        float limit = FloatDescriptorMatcher.MAX_COMPONENT;
        for (int k = 0, n = d.size() * d.length; k < n; k++) {
            float v = data[k];
            if (!(Math.abs(v) <= limit))  // also false for NaN
                throw new IllegalArgumentException(role + " descriptor " + k / d.length + " has component "
                        + k % d.length + " = " + v + ": components must be finite and at most "
                        + limit + " in magnitude");
        }
    }
}
