package org.gpuvo.gpu.match;

import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;

/**
 * Matches binary descriptors of one image (the query) against those of another (the train set) by Hamming
 * distance. For each query the two nearest train descriptors are found (on equal distances the lower train
 * index is the nearer, as in OpenCV's {@code BFMatcher}); the query's match is kept when it passes the filters
 * of its {@link ConfigMatch}:
 * <ul>
 * <li>Lowe's ratio test, best &lt; ratio · second best (Lowe 2004). A query with a single candidate has no second
 * best and passes, as it does after OpenCV's {@code knnMatch}, which then returns one neighbour;</li>
 * <li>best &le; maxDistance;</li>
 * <li>if mutual, the query is also the nearest query of its train descriptor among all queries that had that
 * train descriptor as a candidate (ties: lower query index), before any filtering, as OpenCV's cross check.</li>
 * </ul>
 * Matches come out in increasing query order. Implementations keep their working buffers between calls, so one
 * instance serves one stream of frames and is not thread safe. Create one with {@link FactoryMatcher}.
 */
public interface DescriptorMatcher extends HostMatcher<Descriptors> {
    /**
     * Matches every query descriptor against every train descriptor, replacing the contents of {@code out}.
     *
     * @throws IllegalArgumentException if an argument is null or the two sets have different descriptor lengths
     */
    void match(Descriptors query, Descriptors train, Matches out);

    /**
     * Like {@link #match}, but query {@code q} is only compared with the train descriptors whose keypoints lie
     * within {@link ConfigMatch#searchRadius} pixels of its predicted position ({@code predictedX[q]},
     * {@code predictedY[q]}), in train-image pixels. A query whose prediction is not finite has no candidates and
     * no match. The prediction arrays may be longer than the query set; entries past it are ignored.
     *
     * @param trainPoints keypoints of the train descriptors, index for index
     * @throws IllegalArgumentException if an argument is null, the descriptor lengths differ, a prediction array is
     *         shorter than the query set, or {@code trainPoints} and {@code train} differ in size
     */
    void matchWithin(Descriptors query, float[] predictedX, float[] predictedY,
                     Descriptors train, KeyPoints trainPoints, Matches out);

    /** A copy of the configuration this matcher was created with. */
    ConfigMatch config();

    /** The backend that runs the work: {@code "cpu"} or {@code "cuda"}. */
    String backend();
}
