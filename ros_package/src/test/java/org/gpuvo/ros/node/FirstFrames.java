package org.gpuvo.ros.node;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.dataset.Sequence;

import java.util.Optional;

/**
 * The first frames of a sequence, optionally with the rig replaced by another calibration (the one a node rebuilds
 * from camera_info), so that a reference run sees what the node sees.
 */
final class FirstFrames implements Sequence {
    private final Sequence sequence;
    private final int size;
    private final StereoCalibration rig;

    FirstFrames(Sequence sequence, int size, StereoCalibration rig) {
        this.sequence = sequence;
        this.size = Math.min(size, sequence.size());
        this.rig = rig;
    }

    @Override
    public String name() {
        return sequence.name();
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public double timestamp(int i) {
        return sequence.timestamp(i);
    }

    @Override
    public CameraModel camera() {
        return rig != null ? rig.left : sequence.camera();
    }

    @Override
    public GrayImage left(int i) {
        return sequence.left(i);
    }

    @Override
    public boolean hasRight() {
        return sequence.hasRight();
    }

    @Override
    public GrayImage right(int i) {
        return sequence.right(i);
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return rig != null ? Optional.of(rig) : sequence.stereo();
    }

    @Override
    public boolean hasDepth() {
        return sequence.hasDepth();
    }

    @Override
    public DepthImage depth(int i) {
        return sequence.depth(i);
    }
}
