package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

/**
 * Absolute trajectory error (ATE), evo's APE with {@code --pose_relation trans_part}: the estimate is aligned to
 * the reference with {@link Umeyama} over the paired positions, and the error of pair k is
 * ‖p′ₖ − qₖ‖, p′ the aligned estimate position and q the reference position. With {@link AlignmentMode#SE3} and
 * greedy association this is also the TUM benchmark's {@code evaluate_ate.py} (Horn's method, same solution).
 */
public final class AbsoluteTrajectoryError {
    private AbsoluteTrajectoryError() {
    }

    public static AteResult compute(Trajectory estimate, Trajectory reference, AssociatedPairs pairs, AlignmentMode mode) {
        int n = pairs.size();
        if (n == 0)
            throw new IllegalArgumentException("no associated poses: nothing to measure");
        double[] x = positions(estimate, pairs, true), y = positions(reference, pairs, false);
        SimilarityTransform alignment = Umeyama.align(x, y, mode);
        return compute(estimate, reference, pairs, mode, alignment);
    }

    /** The ATE of {@code estimate} mapped by a given {@code alignment} (computed elsewhere, e.g. by another tool). */
    public static AteResult compute(Trajectory estimate, Trajectory reference, AssociatedPairs pairs, AlignmentMode mode,
                                    SimilarityTransform alignment) {
        int n = pairs.size();
        double[] errors = new double[n], times = new double[n];
        double[] r = alignment.R.data;
        double c = alignment.scale;
        for (int k = 0; k < n; k++) {
            Se3_F64 p = estimate.pose(pairs.estimate(k)), q = reference.pose(pairs.reference(k));
            double px = p.T.x, py = p.T.y, pz = p.T.z;
            double dx = c * (r[0] * px + r[1] * py + r[2] * pz) + alignment.T.x - q.T.x;
            double dy = c * (r[3] * px + r[4] * py + r[5] * pz) + alignment.T.y - q.T.y;
            double dz = c * (r[6] * px + r[7] * py + r[8] * pz) + alignment.T.z - q.T.z;
            errors[k] = Math.sqrt(dx * dx + dy * dy + dz * dz);
            times[k] = estimate.time(pairs.estimate(k));
        }
        return new AteResult(mode, alignment, errors, times, ErrorStatistics.of(errors));
    }

    /** Interleaved positions of the paired poses of one side. */
    static double[] positions(Trajectory trajectory, AssociatedPairs pairs, boolean estimateSide) {
        double[] out = new double[3 * pairs.size()];
        for (int k = 0; k < pairs.size(); k++) {
            Se3_F64 pose = trajectory.pose(estimateSide ? pairs.estimate(k) : pairs.reference(k));
            out[3 * k] = pose.T.x;
            out[3 * k + 1] = pose.T.y;
            out[3 * k + 2] = pose.T.z;
        }
        return out;
    }
}
