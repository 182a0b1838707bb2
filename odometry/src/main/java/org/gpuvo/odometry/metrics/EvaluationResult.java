package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;

/**
 * Everything {@link TrajectoryEvaluation#evaluate} measured.
 *
 * @param pairs           the association of estimate poses with reference poses
 * @param alignedEstimate every pose of the estimate, mapped by {@code ate.alignment()}
 * @param ate             absolute trajectory error with its per-pair errors and their times
 * @param rpe             relative pose error; null where no pair fits the delta
 * @param kitti           KITTI t_err / r_err; null where not requested or no segment fits (path under 100 m)
 */
public record EvaluationResult(ConfigEvaluation config, AssociatedPairs pairs, Trajectory alignedEstimate,
                               AteResult ate, RpeResult rpe, KittiResult kitti) {
    public SimilarityTransform alignment() {
        return ate.alignment();
    }

    /** ATE of each pair, metres. */
    public double[] ateErrors() {
        return ate.errors();
    }

    /** Estimate time of each pair, seconds. */
    public double[] ateTimes() {
        return ate.times();
    }
}
