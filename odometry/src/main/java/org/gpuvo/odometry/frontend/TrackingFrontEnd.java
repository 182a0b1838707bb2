package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.match.ProjectionSearch;

/**
 * The feature side of visual odometry for one camera: each frame's features (ORB or SIFT, one type per front end)
 * are extracted and matched against the previous frame's, and the matches come back with the coordinates of both
 * keypoints. On the CUDA backend ORB's features stay on the device; the host sees only the matches, and the frame's
 * own features when it asks for them ({@link #currentFeatures}, at keyframes). Not thread safe. Create one with {@link FactoryTrackingFrontEnd}.
 */
public interface TrackingFrontEnd extends AutoCloseable {
    /**
     * Extracts the features of {@code image} and matches them (query) against the previous frame's (train).
     *
     * @param searchWindow null to match against every previous keypoint, or a 3×3 homography (row-major) from this
     *                     frame's pixels to the previous frame's: a query is only compared with previous keypoints
     *                     within the configured search radius of its prediction
     * @param out          the matches, with coordinates; empty for the first frame or after {@link #reset}
     * @return the number of features of the frame
     */
    int process(GrayImage image, double[] searchWindow, Matches out);

    /**
     * The features of the frame processed last, index for index as match query indices refer to them. Positions
     * and levels are always set, and SIFT's diameters; other keypoint fields may be 0 (CUDA ORB keeps only what
     * matching needs).
     *
     * @param descriptors of the front end's feature type ({@link #features()})
     * @throws IllegalArgumentException if {@code descriptors} are of another feature type
     */
    void currentFeatures(KeyPoints keyPoints, FeatureDescriptors descriptors);

    /**
     * Extracts the features of another image (e.g. the right image of a stereo pair) without touching the tracking
     * state.
     *
     * @throws IllegalArgumentException if {@code descriptors} are of another feature type
     */
    void extract(GrayImage image, KeyPoints keyPoints, FeatureDescriptors descriptors);

    /**
     * SIFT's contrast threshold ({@code ConfigSift.contrastThreshold}) that the frame processed last was detected
     * with, and {@link #extract} detects with (before the first frame: the configured one). It adapts to the feature
     * count when the front end was created with an adaptive {@link ConfigSiftThreshold}. NaN for ORB.
     */
    default double contrastThreshold() {
        return Double.NaN;
    }

    /**
     * The search of the local map where the features of the frame processed last are, on the GPU; null where they
     * must come to the host for it (the CPU, and SIFT on the GPU). Its map is ORB descriptors, 32 bytes a row. Where
     * the GPU fails during a search, the search returns -1: the front end then runs on the CPU, and the search is the
     * host's to make.
     */
    default ProjectionSearch mapSearch() {
        return null;
    }

    /** The feature type extracted and matched. */
    FeatureType features();

    /** Forgets the previous frame: the next frame is matched against nothing. */
    void reset();

    /** "cpu" or "cuda": where the frames run now. */
    String backend();

    /**
     * The first frame that ran on the CPU after the GPU failed, counting the frames processed since the front end was
     * made from 0; -1 if the GPU has not failed (or it never ran on one).
     */
    default int cpuFallbackFrame() {
        return -1;
    }

    @Override
    default void close() {
    }
}
