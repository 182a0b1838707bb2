package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * The argument checks every {@link DescriptorMatcher} makes before any work, so that all backends reject the same
 * inputs with the same message.
 */
public final class MatcherInputs {
    private MatcherInputs() {
    }

    public static void checkDescriptors(Descriptors query, Descriptors train, Matches out) {
        if (query == null || train == null)
            throw new IllegalArgumentException((query == null ? "query" : "train") + " descriptors are null");
        if (out == null)
            throw new IllegalArgumentException("output matches are null");
        if (query.bytesPerDescriptor != train.bytesPerDescriptor)
            throw new IllegalArgumentException("query descriptors have " + query.bytesPerDescriptor
                    + " bytes, train descriptors " + train.bytesPerDescriptor + ": they cannot be compared");
    }

    /** The checks of {@link DescriptorMatcher#matchWithin}. */
    public static void checkWindow(Descriptors query, float[] predictedX, float[] predictedY, Descriptors train,
                                   KeyPoints trainPoints, Matches out) {
        checkDescriptors(query, train, out);
        if (predictedX == null || predictedY == null)
            throw new IllegalArgumentException("predicted positions are null");
        if (trainPoints == null)
            throw new IllegalArgumentException("train keypoints are null");
        int nq = query.size(), nt = train.size();
        if (predictedX.length < nq || predictedY.length < nq)
            throw new IllegalArgumentException("predicted positions hold " + predictedX.length + " x and "
                    + predictedY.length + " y values for " + nq + " query descriptors");
        if (trainPoints.size() != nt)
            throw new IllegalArgumentException("there are " + trainPoints.size() + " train keypoints for "
                    + nt + " train descriptors");
    }
}
