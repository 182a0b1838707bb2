package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.concurrent.FixedChunks;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;

import java.util.concurrent.ForkJoinPool;

/**
 * What tracking has of the frame it is processing: its images, its matches to the previous frame with both ends in
 * normalized (undistorted) coordinates, the update it sends to local mapping, and the front end that saw it. The
 * parts that track the frame and add its map points share it; it is reused from frame to frame.
 */
final class TrackingFrame {
    private static final int CHUNKS = 4;
    /** fewer matches are normalized on the calling thread */
    private static final int PARALLEL_MATCHES = 512;

    /** the frame's index in the sequence */
    int index;
    double timestamp;
    GrayImage left, right;
    DepthImage depth;
    /** matches of this frame's features (query) to the previous frame's (train) */
    final Matches matches = new Matches(4096);
    /** normalized coordinates of each match's ends in this frame (cur) and the previous one (prev) */
    double[] curX = new double[0], curY = new double[0], prevX = new double[0], prevY = new double[0];
    /** the frame's update to local mapping */
    FrameUpdate update;
    /** the front end that extracts the frame's features */
    TrackingFrontEnd frontEnd;
    /** front-end work done from the host side of the frame (right image, feature download), counted as front end */
    long frontEndNanos;

    private final NormalizedKeypoints keypoints = new NormalizedKeypoints();
    /** the matches normalized in fixed chunks on the common pool: each match writes only its own slots */
    private final FixedChunks ranges = new FixedChunks(ForkJoinPool.commonPool(), CHUNKS, PARALLEL_MATCHES);
    private final Point2D_F64[] chunkPoint = new Point2D_F64[CHUNKS];
    private final FixedChunks.Range normalizeRange = this::normalizeRange;
    private CameraModel camera;
    /** the frame's own features, fetched from the front end once a frame, when first asked for */
    private final KeyPoints features = new KeyPoints();
    private FeatureDescriptors descriptors;
    private int fetched = Integer.MIN_VALUE;

    /** Starts frame {@code index}. */
    void start(int index, double timestamp, GrayImage left, GrayImage right, DepthImage depth,
               TrackingFrontEnd frontEnd) {
        this.index = index;
        this.timestamp = timestamp;
        this.left = left;
        this.right = right;
        this.depth = depth;
        this.frontEnd = frontEnd;
        this.frontEndNanos = 0;
    }

    /**
     * The frame's own features (all of them, by feature index), fetched from the front end at the first call in the
     * frame (a download from the GPU), the time counted as front end; {@link #descriptors()} holds their descriptors.
     */
    KeyPoints features() {
        if (fetched != index) {
            long t0 = System.nanoTime();
            if (descriptors == null || descriptors.type() != frontEnd.features())
                descriptors = FeatureDescriptors.of(frontEnd.features());
            frontEnd.currentFeatures(features, descriptors);
            frontEndNanos += System.nanoTime() - t0;
            fetched = index;
        }
        return features;
    }

    /** The descriptors of {@link #features()}, by feature index. */
    FeatureDescriptors descriptors() {
        features();
        return descriptors;
    }

    /** Fills the normalized coordinates of both ends of every match; the frame has {@code features} features. */
    void normalizeMatches(CameraModel camera, int features) {
        int n = matches.size();
        if (curX.length < n) {
            int c = Math.max(n, 2 * curX.length);
            curX = new double[c];
            curY = new double[c];
            prevX = new double[c];
            prevY = new double[c];
        }
        keypoints.nextFrame(index);
        keypoints.reserve(features);
        this.camera = camera;
        ranges.run(n, normalizeRange);
    }

    private void normalizeRange(int chunk, int first, int end) {
        Point2D_F64 p2 = chunkPoint[chunk] == null ? chunkPoint[chunk] = new Point2D_F64() : chunkPoint[chunk];
        for (int m = first; m < end; m++) {
            keypoints.current(camera, matches.query[m], matches.queryX[m], matches.queryY[m], p2);
            curX[m] = p2.x;
            curY[m] = p2.y;
            keypoints.previous(camera, matches.train[m], matches.trainX[m], matches.trainY[m], p2);
            prevX[m] = p2.x;
            prevY[m] = p2.y;
        }
    }

    /** The left image's grey value nearest to pixel (x, y), clamped to the image: a map point's colour. */
    int greyAt(float x, float y) {
        int u = Math.min(left.width - 1, Math.max(0, Math.round(x)));
        int v = Math.min(left.height - 1, Math.max(0, Math.round(y)));
        return left.get(u, v);
    }
}
