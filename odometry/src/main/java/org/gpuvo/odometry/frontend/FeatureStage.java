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

    /**
     * Called before the detection of each tracked frame: a stage that adapts its detector to the feature counts
     * (SIFT's contrast threshold) sets what the frames before asked for. Other images' detections (stereo's right
     * image, after the frame) use the settings of the frame before them.
     */
    default void beforeFrame() {
    }

    /** Called after the detection of each tracked frame with the number of features it gave. */
    default void afterFrame(int features) {
    }

    /** SIFT's contrast threshold of the tracked frame detected last (or of the first, before it); NaN for ORB. */
    default double contrastThreshold() {
        return Double.NaN;
    }

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
