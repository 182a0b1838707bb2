package org.gpuvo.odometry.vo;

import georegression.struct.point.Point2D_F64;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.concurrent.FixedChunks;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import org.gpuvo.gpu.features.KeyPoints;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.function.IntBinaryOperator;

/**
 * Matches left to right keypoints of a stereo pair along rectified rows and gives each matched left keypoint its
 * disparity. Candidates of a left keypoint are the right keypoints on its row (± a tolerance scaled by the keypoint's
 * detection scale, {@link KeyPointScale}), at a disparity in (0, maxDisparity], and of about its scale (ORB: at most
 * one pyramid level apart); the nearest descriptor (ORB or SIFT, {@link FeatureDescriptors}) wins if it passes the
 * distance limit, Lowe's ratio test, and is mutual. Right keypoints are bucketed by row, so the cost is proportional
 * to the number of candidates, not to left × right. The keypoints are rectified and the left ones' candidates searched
 * in {@link FixedChunks} on the host's cores, and the mutual check runs after, in the order of the left keypoints, so
 * the matches are the same however many threads run (on a keyframe this was most of the tracking thread's time).
 */
final class StereoPointMatcher {
    private static final int CHUNKS = 4;
    /** fewer keypoints than this are matched on the calling thread */
    private static final int PARALLEL_KEYPOINTS = 256;

    private final StereoRectification rig;
    private final double rowTolerance;
    private final KeyPointScale scale;
    private final int maxDistance;
    private final double ratio;

    private double[] rightX = new double[0], rightY = new double[0], leftScale = new double[0],
            rightScale = new double[0];
    private int[] rowStart = new int[0], order = new int[0], bestLeftOfRight = new int[0], bestDistOfRight = new int[0];
    private int[] candidate = new int[0], candidateDistance = new int[0];
    private final FixedChunks ranges;
    private final Point2D_F64[] scratch = new Point2D_F64[CHUNKS];
    private final NearestTwo[] searches = new NearestTwo[CHUNKS];

    /** rectified left coordinates of the last call's left keypoints, and their disparities (NaN: unmatched) */
    double[] leftX = new double[0], leftY = new double[0], disparity = new double[0];

    /**
     * @param rowTolerance rows may differ by this many pixels times the left keypoint's detection scale
     * @param maxDistance  largest descriptor distance of a match, in the unit of {@link FeatureDescriptors#distancesTo}
     * @param ratio        Lowe's ratio test: best &lt; ratio · second best
     */
    StereoPointMatcher(StereoRectification rig, double rowTolerance, KeyPointScale scale, int maxDistance, double ratio) {
        this(rig, rowTolerance, scale, maxDistance, ratio, ForkJoinPool.commonPool());
    }

    /** @param pool where the chunks of keypoints are matched; with a parallelism of 1, on the calling thread */
    StereoPointMatcher(StereoRectification rig, double rowTolerance, KeyPointScale scale, int maxDistance, double ratio,
                       ForkJoinPool pool) {
        this.ranges = new FixedChunks(pool, CHUNKS, PARALLEL_KEYPOINTS);
        for (int c = 0; c < CHUNKS; c++) {
            scratch[c] = new Point2D_F64();
            searches[c] = new NearestTwo();
        }
        this.rig = rig;
        this.rowTolerance = rowTolerance;
        this.scale = scale;
        this.maxDistance = maxDistance;
        this.ratio = ratio;
    }

    /**
     * @param rows height of the rectified images, bounding the row buckets
     * @param maxDisparity largest disparity considered, rectified pixels
     * @return number of left keypoints with a disparity
     */
    int match(KeyPoints left, FeatureDescriptors leftDescriptors, KeyPoints right, FeatureDescriptors rightDescriptors,
              int rows, double maxDisparity) {
        int nl = left.size(), nr = right.size();
        ensure(nl, nr, rows);
        IntBinaryOperator distance = leftDescriptors.distancesTo(rightDescriptors);
        ranges.run(nl, (c, first, end) -> rectifyLeft(left, first, end, scratch[c]));
        ranges.run(nr, (c, first, end) -> rectifyRight(right, first, end, scratch[c]));
        bucketRight(nr, rows);
        ranges.run(nl, (c, first, end) -> searchRows(distance, searches[c], first, end, rows,
                maxDisparity));

        // mutual: each right keypoint keeps the left one nearest to it (the first of equals, in left order)
        Arrays.fill(bestLeftOfRight, 0, nr, -1);
        Arrays.fill(bestDistOfRight, 0, nr, Integer.MAX_VALUE);
        for (int i = 0; i < nl; i++) {
            int j = candidate[i];
            if (j >= 0 && candidateDistance[i] < bestDistOfRight[j]) {
                bestDistOfRight[j] = candidateDistance[i];
                bestLeftOfRight[j] = i;
            }
        }
        int matched = 0;
        for (int i = 0; i < nl; i++) {
            int j = candidate[i];
            if (j >= 0 && bestLeftOfRight[j] == i) {
                disparity[i] = leftX[i] - rightX[j];
                matched++;
            } else {
                disparity[i] = Double.NaN;
            }
        }
        return matched;
    }

    private void rectifyLeft(KeyPoints left, int first, int end, Point2D_F64 p) {
        for (int i = first; i < end; i++) {
            rig.rectifyLeft(left.x[i], left.y[i], p);
            leftX[i] = p.x;
            leftY[i] = p.y;
            leftScale[i] = scale.of(left, i);
        }
    }

    private void rectifyRight(KeyPoints right, int first, int end, Point2D_F64 p) {
        for (int j = first; j < end; j++) {
            rig.rectifyRight(right.x[j], right.y[j], p);
            rightX[j] = p.x;
            rightY[j] = p.y;
            rightScale[j] = scale.of(right, j);
        }
    }

    /**
     * The best right candidate of each left keypoint in [first, end) on its rows, into {@code candidate} (-1: none
     * passes the distance limit and the ratio test) and {@code candidateDistance}.
     */
    private void searchRows(IntBinaryOperator distance, NearestTwo nearest, int first, int end, int rows,
                            double maxDisparity) {
        for (int i = first; i < end; i++) {
            candidate[i] = -1;
            if (!Double.isFinite(leftY[i]))
                continue; // the rectification cannot map this keypoint
            double tol = rowTolerance * Math.max(1, leftScale[i]);
            int r0 = Math.max(0, (int) Math.floor(leftY[i] - tol)), r1 = Math.min(rows - 1, (int) Math.floor(leftY[i] + tol));
            nearest.reset();
            for (int r = r0; r <= r1; r++) {
                for (int k = rowStart[r]; k < rowStart[r + 1]; k++) {
                    int j = order[k];
                    double d = leftX[i] - rightX[j];
                    if (!(d > 0 && d <= maxDisparity) || Math.abs(rightY[j] - leftY[i]) > tol
                            || !scale.alike(leftScale[i], rightScale[j]))
                        continue;
                    nearest.offer(distance.applyAsInt(i, j), j);
                }
            }
            if (!nearest.accepted(maxDistance, ratio))
                continue;
            candidate[i] = nearest.bestIndex;
            candidateDistance[i] = nearest.best;
        }
    }

    /** Counting sort of the rectified right keypoints by row. */
    private void bucketRight(int nr, int rows) {
        Arrays.fill(rowStart, 0, rows + 1, 0);
        for (int j = 0; j < nr; j++) {
            if (!Double.isFinite(rightY[j]))
                continue;
            int r = (int) Math.floor(rightY[j]);
            if (r >= 0 && r < rows)
                rowStart[r + 1]++;
        }
        for (int r = 0; r < rows; r++)
            rowStart[r + 1] += rowStart[r];
        int[] fill = Arrays.copyOf(rowStart, rows);
        for (int j = 0; j < nr; j++) {
            if (!Double.isFinite(rightY[j]))
                continue;
            int r = (int) Math.floor(rightY[j]);
            if (r >= 0 && r < rows)
                order[fill[r]++] = j;
        }
    }

    private void ensure(int nl, int nr, int rows) {
        if (leftX.length < nl) {
            leftX = new double[nl];
            leftY = new double[nl];
            leftScale = new double[nl];
            disparity = new double[nl];
            candidate = new int[nl];
            candidateDistance = new int[nl];
        }
        if (rightX.length < nr) {
            rightX = new double[nr];
            rightY = new double[nr];
            rightScale = new double[nr];
            order = new int[nr];
            bestLeftOfRight = new int[nr];
            bestDistOfRight = new int[nr];
        }
        if (rowStart.length < rows + 1)
            rowStart = new int[rows + 1];
    }
}
