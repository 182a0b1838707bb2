package org.gpuvo.gpu.features;

/** A SIFT {@link FrameTracker} whose contrast threshold may change from frame to frame. */
public interface SiftFrameTracker extends FrameTracker<SiftFeatures> {
    /**
     * The contrast threshold of the following frames (and of {@link #extract}); the previous frame's features are
     * kept and the next frame is matched against them as usual.
     *
     * @throws IllegalArgumentException unless {@code threshold} is in [0, 1)
     */
    void setContrastThreshold(double threshold);

    /** The contrast threshold the next frame is extracted with. */
    double contrastThreshold();
}
