package org.gpuvo.odometry.vo;

import org.gpuvo.odometry.dataset.DepthImage;

/** Reads a keypoint's depth where it can be trusted. */
final class DepthSampling {
    /** relative spread of the 3×3 neighbourhood above which the pixel is taken to sit on a depth edge */
    private static final double EDGE_SPREAD = 0.05;

    private DepthSampling() {
    }

    /**
     * The depth at the pixel nearest to (x, y), or NaN where there is none or the 3×3 neighbourhood straddles a
     * depth discontinuity (a keypoint on an object's silhouette would otherwise take the background's depth).
     */
    static double depthAt(DepthImage depth, double x, double y) {
        int u = (int) Math.round(x), v = (int) Math.round(y);
        float centre = depth.at(u, v);
        if (!(centre > 0))
            return Double.NaN;
        float lo = centre, hi = centre;
        for (int dv = -1; dv <= 1; dv++)
            for (int du = -1; du <= 1; du++) {
                float d = depth.at(u + du, v + dv);
                if (!(d > 0))
                    return Double.NaN;
                lo = Math.min(lo, d);
                hi = Math.max(hi, d);
            }
        return hi - lo > EDGE_SPREAD * centre ? Double.NaN : centre;
    }
}
