package org.gpuvo.app.features;

import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.image.SyntheticImages.Homography;

/**
 * The matches of two images and, when the true motion between them is known (a synthetic pair), which of them
 * agree with it.
 *
 * @param motion   the first image's pixels to the second's; null when unknown
 * @param agreeing per match, whether it agrees with {@code motion}; null when the motion is unknown
 */
record MatchedPair(Matches matches, double ratio, double millis, Homography motion, boolean[] agreeing) {
    int agreeingCount() {
        return agreeing == null ? 0 : MotionAgreement.count(agreeing);
    }
}
