package org.gpuvo.app.features;

import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.SyntheticImages.Homography;

/**
 * Which matches agree with a known motion: the query keypoint, moved by the motion, lands within a tolerance of
 * its train keypoint. This is how a synthetic pair tells good matches from bad ones without any estimation.
 */
final class MotionAgreement {
    /** Pixels within which a moved keypoint must land on its match. */
    static final double TOLERANCE_PX = 2.0;

    private MotionAgreement() {
    }

    /** Per match, whether it agrees with {@code queryToTrain} within {@link #TOLERANCE_PX}. */
    static boolean[] agreeing(Matches matches, KeyPoints query, KeyPoints train, Homography queryToTrain) {
        boolean[] agree = new boolean[matches.size()];
        for (int m = 0; m < matches.size(); m++) {
            int q = matches.query[m], t = matches.train[m];
            double[] p = queryToTrain.map(query.x[q], query.y[q]);
            agree[m] = Math.hypot(p[0] - train.x[t], p[1] - train.y[t]) <= TOLERANCE_PX;
        }
        return agree;
    }

    static int count(boolean[] agree) {
        int n = 0;
        for (boolean a : agree)
            if (a)
                n++;
        return n;
    }
}
