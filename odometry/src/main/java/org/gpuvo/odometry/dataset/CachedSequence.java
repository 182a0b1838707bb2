package org.gpuvo.odometry.dataset;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Optional;

/**
 * A sequence with every frame read into memory up front: for benchmarks that must not time file decoding, and for
 * runs over the same frames more than once.
 */
public final class CachedSequence implements Sequence {
    private final Sequence source;
    private final GrayImage[] left, right;
    private final DepthImage[] depth;

    private CachedSequence(Sequence source) {
        this.source = source;
        int n = source.size();
        left = new GrayImage[n];
        right = source.hasRight() ? new GrayImage[n] : null;
        depth = source.hasDepth() ? new DepthImage[n] : null;
        for (int i = 0; i < n; i++) {
            left[i] = source.left(i);
            if (right != null)
                right[i] = source.right(i);
            if (depth != null)
                depth[i] = source.depth(i);
        }
    }

    public static Sequence of(Sequence source) {
        return source instanceof CachedSequence ? source : new CachedSequence(source);
    }

    @Override
    public String name() {
        return source.name();
    }

    @Override
    public int size() {
        return left.length;
    }

    @Override
    public double timestamp(int i) {
        return source.timestamp(i);
    }

    @Override
    public CameraModel camera() {
        return source.camera();
    }

    @Override
    public GrayImage left(int i) {
        return left[i];
    }

    @Override
    public GrayImage right(int i) {
        return right[i];
    }

    @Override
    public Optional<StereoCalibration> stereo() {
        return source.stereo();
    }

    @Override
    public boolean hasDepth() {
        return depth != null;
    }

    @Override
    public DepthImage depth(int i) {
        return depth[i];
    }

    @Override
    public Optional<Trajectory> groundTruth() {
        return source.groundTruth();
    }
}
