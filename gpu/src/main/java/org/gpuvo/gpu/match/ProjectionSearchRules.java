package org.gpuvo.gpu.match;

/**
 * The rules of a search of map points by projection that stay the same from frame to frame: which keypoints may be
 * candidates of a projected point and which candidate wins (see odometry's local map search, after ORB-SLAM2's
 * SearchByProjection).
 *
 * @param levelScales the scale of each pyramid level: a keypoint's scale is that of its level
 * @param scaleLimit  the largest ratio of a point's and a keypoint's scale (alike within it)
 * @param columns     the columns, rows and cell side (pixels) of the grid keypoints are searched in: keypoints
 *                    outside it are never candidates
 * @param maxDistance largest descriptor distance of a match
 * @param ratio       Lowe's ratio test: best &lt; ratio · second best
 */
public record ProjectionSearchRules(double[] levelScales, double scaleLimit, int columns, int rows, int cell,
                                    int maxDistance, double ratio) {
    /** values a projected point has in a search's slot values: u, v (pixels), radius (negative: not searched), scale */
    public static final int SLOT_VALUES = 4;
}
