package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;

/**
 * Extraction and matching of one feature type with features on the heap, on either backend: the part of
 * {@link HostTrackingFrontEnd} that depends on the type. Descriptors passed in are of {@link #type()}.
 */
interface FeatureStage extends AutoCloseable {
    FeatureType type();

    /** Detects and describes the features of {@code image}, replacing the contents of the two outputs. */
    void detect(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors);

    /** Matches every query descriptor against every train descriptor (the matcher's semantics). */
    void match(FeatureDescriptors query, FeatureDescriptors train, Matches out);

    /** Matches each query only against the train keypoints within the search radius of its prediction. */
    void matchWithin(FeatureDescriptors query, float[] predictedX, float[] predictedY, FeatureDescriptors train,
                     KeyPoints trainPoints, Matches out);

    /** "cpu" or "cuda". */
    String backend();

    @Override
    void close();
}
