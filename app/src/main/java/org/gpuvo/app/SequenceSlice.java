package org.gpuvo.app;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Optional;

/**
 * Frames {@code first} (inclusive) to {@code end} (exclusive) of a sequence, as a sequence of their own
 * ({@code gpuvo run --frames A:B}). Times, calibration and ground truth are the whole sequence's; frame {@code i} of
 * the slice is frame {@code first + i} of the whole.
 */
public final class SequenceSlice implements Sequence {
    private final Sequence whole;
    private final int first, end;

    public SequenceSlice(Sequence whole, int first, int end) {
        if (first < 0 || end > whole.size() || first >= end)
            throw new IllegalArgumentException("frames " + first + ":" + end + " are not within 0:" + whole.size());
        this.whole = whole;
        this.first = first;
        this.end = end;
    }

    /** Index in the whole sequence of the slice's frame {@code i}. */
    int wholeIndex(int i) {
        return first + check(i);
    }

    @Override
    public String name() {
        return whole.name();
    }

    @Override
    public int size() {
        return end - first;
    }

    @Override
    public double timestamp(int i) {
        return whole.timestamp(wholeIndex(i));
    }

    @Override
    public CameraModel camera() {
        return whole.camera();
    }

    @Override
    public GrayImage left(int i) {
        return whole.left(wholeIndex(i));
    }

    @Override
    public boolean hasRight() {
        return whole.hasRight();
    }

    @Override
    public GrayImage right(int i) {
        return whole.right(wholeIndex(i));
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return whole.stereo();
    }

    @Override
    public boolean hasDepth() {
        return whole.hasDepth();
    }

    @Override
    public DepthImage depth(int i) {
        return whole.depth(wholeIndex(i));
    }

    @Override
    public Optional<Trajectory> groundTruth() {
        return whole.groundTruth();
    }

    private int check(int i) {
        if (i < 0 || i >= size())
            throw new IndexOutOfBoundsException("frame " + i + " of a slice of " + size());
        return i;
    }
}
