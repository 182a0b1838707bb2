package org.gpuvo.gpu.features;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.match.ProjectionSearch;

/**
 * Features tracked from frame to frame where they are computed: each frame's features are extracted and matched
 * (as query) against the previous frame's (train) on the backend, and kept there for the next frame, so that only
 * the matches come back (on CUDA the features never leave the device). {@link FactoryFrameTracker} makes one for ORB
 * or SIFT. Not thread safe.
 *
 * @param <F> the features on the host: {@link OrbFeatures} or {@link SiftFeatures}
 */
public interface FrameTracker<F> extends AutoCloseable {
    /**
     * Narrows the matching of the following frames: a query keypoint at (x, y) of the new frame is only compared
     * with the previous frame's keypoints near {@code homography}·(x, y, 1) (9 values, row-major, new-frame pixels
     * to previous-frame pixels). {@code null} matches against every previous keypoint again. Holds until changed.
     */
    void setSearchWindow(double[] homography);

    /**
     * Extracts the frame's features and matches them against the previous frame's. The first frame, and the first
     * after {@link #reset}, has nothing to match: {@code out} is left empty.
     *
     * @return the number of features of this frame
     */
    int process(GrayImage frame, Matches out);

    /**
     * The features of the frame processed last, index for index as the match query indices refer to them, for the
     * few frames that need them on the host.
     *
     * @throws IllegalStateException if no frame was processed since the tracker was made or reset
     */
    void downloadCurrent(F out);

    /**
     * Extracts the features of an image outside the tracked stream (a stereo pair's right image) on the same
     * backend, with the settings the next frame is extracted with; they are neither kept nor matched.
     */
    void extract(GrayImage image, F out);

    /**
     * The search of map points by projection where this tracker keeps the features of the frame processed last, or
     * null where there is none (the features then come to the host for it).
     */
    default ProjectionSearch projectionSearch() {
        return null;
    }

    /** Forgets the previous frame (after a gap in the stream): the next frame is matched against nothing. */
    void reset();

    @Override
    void close();
}
