package org.gpuvo.odometry.metrics;

/**
 * The five figures kitti-odom-eval prints for a sequence.
 *
 * @param kitti       t_err and r_err of the aligned estimate (null if no segment fits)
 * @param alignment   the Sim(3) (or SE(3)) that was applied after re-anchoring
 * @param ate         RMSE of the position errors after alignment, metres
 * @param rpeTrans    mean (not RMSE) translation error between consecutive frames, metres
 * @param rpeRotDeg   mean rotation error between consecutive frames, degrees
 * @param frames      paired frames evaluated
 */
public record KittiOdomEvalResult(KittiResult kitti, SimilarityTransform alignment, double ate, double rpeTrans,
                                  double rpeRotDeg, int frames) {
}
