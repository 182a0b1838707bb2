package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.dataset.DepthImage;

import java.util.List;

/**
 * A visual odometry pipeline for one camera (or rig). Feed frames in time order; each call returns the frame's
 * pose and tracking state as soon as the frame is tracked. Local mapping (new points into the map, the bundle
 * adjustment) runs on a thread of its own, a bounded number of frames behind; where
 * {@link ConfigVisualOdometry#deterministic} is set it keeps a fixed schedule ({@link ConfigVisualOdometry#mappingLag};
 * 0: on the caller's thread after each frame). Not thread safe: one thread feeds it. Create one with
 * {@link FactoryVisualOdometry}.
 */
public interface VisualOdometry extends AutoCloseable {
    /**
     * Processes one frame. The images may be read again until the next frame has been processed (a GPU front end
     * that fails replays the last frames on the CPU): do not write into them before.
     *
     * @param timestamp seconds, increasing
     * @param left      the mono / left / RGB image
     * @param right     the right image in {@link VoMode#STEREO}, else null
     * @param depth     the registered depth image in {@link VoMode#RGBD}, else null
     */
    FrameResult process(double timestamp, GrayImage left, GrayImage right, DepthImage depth);

    /**
     * The map points made so far, in the world frame, once local mapping has taken in every frame processed: all of
     * them, also those no longer tracked, where {@link ConfigVisualOdometry#historyFrames} is 0 (the default), else
     * those the map still holds.
     */
    PointCloud pointCloud();

    /**
     * Every frame's camera-to-world pose as local mapping holds it once it has taken in every frame processed: the
     * tracked pose, refined by the bundle adjustments that have included the frame since. This is the trajectory a
     * reconstruction wants; a {@link FrameResult}'s pose is the one known when the frame was processed, the one a
     * robot acts on. Frames a monocular initialisation waited through keep here the pose they were held at (see
     * {@link #takePlacedFrames()}).
     *
     * @throws IllegalStateException where the pipeline keeps only its recent history
     *                               ({@link ConfigVisualOdometry#historyFrames} other than 0)
     */
    List<Se3_F64> refinedPoses();

    /** The bundle adjustments local mapping finished since the last call (at most the latest 10,000). */
    List<MappingRecord> takeMappingRecords();

    /**
     * Frames placed since the last call after their result was returned (a monocular initialisation places the
     * frames it waited through); a frame never placed keeps {@link TrackingState#INITIALIZING} and has no pose.
     */
    List<PlacedFrame> takePlacedFrames();

    /** Local mapping's counters: what it ran, what failed. */
    MappingStatus mappingStatus();

    VoMode mode();

    /** The backend that extracts and matches features now: "cpu" or "cuda". */
    String backend();

    /**
     * The first frame (counted from 0 since the pipeline was made) that ran on the CPU after its GPU failed, or -1
     * if the GPU has not failed or none was used.
     */
    default int cpuFallbackFrame() {
        return -1;
    }

    @Override
    default void close() {
    }
}
