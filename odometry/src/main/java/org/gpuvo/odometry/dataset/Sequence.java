package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Optional;

/**
 * An image sequence with its calibration and, where known, ground truth: a KITTI, EuRoC or TUM folder, a plain
 * image folder, or a rendered synthetic sequence. Frames are read lazily, in any order. Readers throw
 * {@link DatasetException} naming the file when a frame cannot be read.
 */
public interface Sequence {
    /** A short name for reports, e.g. the folder name. */
    String name();

    /** Number of frames. */
    int size();

    /** Time of frame {@code i} in seconds; strictly increasing with {@code i}. */
    double timestamp(int i);

    /** The mono / left / RGB camera. */
    CameraModel camera();

    /** The left (or only) image of frame {@code i}, 8-bit grey. */
    GrayImage left(int i);

    /** Whether frames have a right image ({@link #right}) and the rig a {@link #stereo()} calibration. */
    default boolean hasRight() {
        return stereo().isPresent();
    }

    /** The right image of frame {@code i}. */
    default GrayImage right(int i) {
        throw new UnsupportedOperationException(name() + " has no right images");
    }

    /** Stereo calibration, if the sequence has a right camera. */
    default Optional<StereoCalibration> stereo() {
        return Optional.empty();
    }

    /** Whether frames have a depth image registered to the left camera. */
    default boolean hasDepth() {
        return false;
    }

    /** The depth image of frame {@code i}, registered to {@link #camera()}. */
    default DepthImage depth(int i) {
        throw new UnsupportedOperationException(name() + " has no depth images");
    }

    /**
     * Ground truth poses of the left camera (camera-to-world, in the dataset's world frame), at the ground truth's
     * own timestamps (associate them with {@link #timestamp} to compare), if the dataset has them.
     */
    default Optional<Trajectory> groundTruth() {
        return Optional.empty();
    }
}
