/**
 * Trajectory metrics against ground truth, reproducing the public reference tools figure for figure: association
 * ({@link org.gpuvo.odometry.metrics.TrajectoryAssociation}: evo, TUM {@code associate.py}, by index), alignment
 * ({@link org.gpuvo.odometry.metrics.Umeyama}), ATE ({@link org.gpuvo.odometry.metrics.AbsoluteTrajectoryError}),
 * RPE ({@link org.gpuvo.odometry.metrics.RelativePoseError}: evo and TUM {@code evaluate_rpe.py}), the KITTI
 * devkit's t_err / r_err ({@link org.gpuvo.odometry.metrics.KittiSegmentErrors}) and kitti-odom-eval
 * ({@link org.gpuvo.odometry.metrics.KittiOdomEval}). Callers start at
 * {@link org.gpuvo.odometry.metrics.TrajectoryEvaluation#evaluate}.
 */
package org.gpuvo.odometry.metrics;
