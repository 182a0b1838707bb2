package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.image.GrayImage;

/**
 * Refines a stereo match's disparity to sub-pixel precision on a rectified image pair: the sum of absolute
 * differences of a square patch is evaluated at the integer disparities around the match, and a parabola through
 * the minimum and its two neighbours gives the sub-pixel offset (the classic block-matching refinement, e.g.
 * Scharstein & Szeliski, IJCV 2002). ORB keypoints sit on their pyramid level's pixel grid (1.2^level pixels apart),
 * so without it a point's depth carries up to half that spacing of disparity error.
 */
final class SubpixelDisparity {
    private final int radius, search;

    /**
     * @param radius patch half size in pixels
     * @param search integer disparities searched on either side of the match's
     */
    SubpixelDisparity(int radius, int search) {
        this.radius = radius;
        this.search = search;
    }

    /**
     * The refined disparity of the left pixel nearest to (x, y) whose match lies about {@code disparity} pixels to its
     * left in the right image, or NaN where the patch leaves an image, the minimum lies at the end of the search
     * range, or the cost curve is flat (no texture).
     */
    double refine(GrayImage left, GrayImage right, double x, double y, double disparity) {
        int u = (int) Math.round(x), v = (int) Math.round(y), d0 = (int) Math.round(disparity);
        int r = radius;
        if (v - r < 0 || v + r >= left.height || u - r < 0 || u + r >= left.width
                || u - d0 - search - r < 0 || u - d0 + search + r >= right.width)
            return Double.NaN;
        int best = -1;
        long[] cost = new long[2 * search + 1];
        for (int s = -search; s <= search; s++) {
            long sad = 0;
            for (int dy = -r; dy <= r; dy++) {
                int li = left.offset + (v + dy) * left.stride + u - r;
                int ri = right.offset + (v + dy) * right.stride + u - d0 - s - r;
                for (int dx = 0; dx <= 2 * r; dx++)
                    sad += Math.abs((left.data[li + dx] & 0xFF) - (right.data[ri + dx] & 0xFF));
            }
            cost[s + search] = sad;
            if (best < 0 || sad < cost[best])
                best = s + search;
        }
        if (best == 0 || best == 2 * search)
            return Double.NaN;
        double c0 = cost[best - 1], c1 = cost[best], c2 = cost[best + 1];
        double curvature = c0 - 2 * c1 + c2;
        if (!(curvature > 0))
            return Double.NaN;
        double offset = 0.5 * (c0 - c2) / curvature;
        return d0 + (best - search) + offset;
    }
}
