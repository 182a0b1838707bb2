package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Arrays;

/**
 * Relative pose error (RPE): how wrong the estimated motion between two poses is, whatever the drift before them.
 * For a pair (i, j) with estimate poses P and reference poses Q, the error is
 * E = (Qᵢ⁻¹Qⱼ)⁻¹ (Pᵢ⁻¹Pⱼ); the figures are ‖t(E)‖ and the angle of R(E), acos((tr R − 1)/2). Two conventions:
 * <dl>
 * <dt>{@link #evo evo} ({@code evo_rpe}, evo 1.x, {@code all_pairs} off)</dt>
 * <dd>On the associated poses (pair k of the association is pose k). {@link DeltaUnit#FRAMES}: pairs
 * (0, δ), (δ, 2δ), … ({@code filter_pairs_by_index}); {@link DeltaUnit#METERS}: walk the estimate's path,
 * accumulating the distance between consecutive positions, and cut whenever it reaches ≥ δ (then restart from 0);
 * consecutive cuts form the pairs, the first pair starting at the first cut ({@code filter_pairs_by_path}). Poses
 * are inverted by transposing their rotation ({@code lie.se3_inverse}). evo has no time unit:
 * {@link DeltaUnit#SECONDS} is only in the TUM style.</dd>
 * <dt>{@link #tum TUM} ({@code evaluate_rpe.py --fixed_delta} of the TUM RGB-D benchmark)</dt>
 * <dd>On the whole estimate, no prior association: every estimate pose i starts a pair whose end j is the pose
 * whose index, path distance or time is nearest to i's plus δ ({@code find_closest_index}); pairs ending at the
 * last pose are dropped, as the tool does. Each end takes the reference pose nearest in time, and the pair is
 * dropped if either is more than twice the median reference period away. The tool's own error is
 * (Pᵢ⁻¹Pⱼ)(Qᵢ⁻¹Qⱼ)⁻¹ ({@code ominus(ominus(est_j, est_i), ominus(gt_j, gt_i))}), which has the same angle as E
 * but, when the rotation is wrong, not the same translation; that is the one used here, so that its figures
 * are reproduced (on {@code freiburg1_xyz}, 1 frame: 0.005763 m as the tool, 0.005760 with E; 1 s: 0.021217 m
 * as the tool, 0.021554 with E). Poses are inverted in general ({@code numpy.linalg.inv}). All pairs are used
 * (the tool's {@code --max_pairs 0}; it samples 10000 at random by default).</dd>
 * </dl>
 */
public final class RelativePoseError {
    private RelativePoseError() {
    }

    /**
     * evo's RPE over associated poses.
     *
     * @param estimate  typically already aligned
     * @param delta     a whole number of frames ≥ 1, or metres &gt; 0
     */
    public static RpeResult evo(Trajectory estimate, Trajectory reference, AssociatedPairs pairs, double delta,
                                DeltaUnit unit) {
        int[] ids = switch (unit) {
            case FRAMES -> idsByIndex(pairs.size(), frames(delta));
            case METERS -> idsByPath(estimate, pairs, positive(delta));
            case SECONDS -> throw new IllegalArgumentException("evo's RPE has no time unit: use the TUM style for seconds");
        };
        int n = Math.max(0, ids.length - 1);
        int[] first = new int[n], second = new int[n];
        double[] trans = new double[n], rot = new double[n];
        Se3_F64 dq = new Se3_F64(), dp = new Se3_F64(), e = new Se3_F64(), work = new Se3_F64();
        for (int k = 0; k < n; k++) {
            int i = ids[k], j = ids[k + 1];
            PoseAlgebra.relative(reference.pose(pairs.reference(i)), reference.pose(pairs.reference(j)), false, work, dq);
            PoseAlgebra.relative(estimate.pose(pairs.estimate(i)), estimate.pose(pairs.estimate(j)), false, work, dp);
            PoseAlgebra.relative(dq, dp, false, work, e);
            first[k] = pairs.estimate(i);
            second[k] = pairs.estimate(j);
            trans[k] = PoseAlgebra.translationNorm(e);
            rot[k] = Math.toDegrees(PoseAlgebra.rotationAngle(e));
        }
        return RpeResult.of(RpeStyle.EVO, delta, unit, first, second, trans, rot);
    }

    /**
     * TUM's {@code evaluate_rpe.py --fixed_delta --delta δ --delta_unit f|m|s}.
     *
     * @param offset added to estimate times before they are compared with reference times (the tool's
     *               {@code --offset})
     */
    public static RpeResult tum(Trajectory estimate, Trajectory reference, double delta, DeltaUnit unit, double offset) {
        int ne = estimate.size(), nr = reference.size();
        if (ne < 2 || nr < 2)
            return RpeResult.of(RpeStyle.TUM, delta, unit, new int[0], new int[0], new double[0], new double[0]);
        positive(delta);
        double[] index = new double[ne];
        switch (unit) {
            case FRAMES -> {
                for (int i = 0; i < ne; i++)
                    index[i] = i;
            }
            case SECONDS -> {
                for (int i = 0; i < ne; i++)
                    index[i] = estimate.time(i);
            }
            case METERS -> {
                for (int i = 1; i < ne; i++)
                    index[i] = index[i - 1] + estimate.pose(i).T.distance(estimate.pose(i - 1).T);
            }
        }
        double[] refTimes = new double[nr];
        double[] periods = new double[nr - 1];
        for (int j = 0; j < nr; j++) {
            refTimes[j] = reference.time(j);
            if (j > 0)
                periods[j - 1] = refTimes[j] - refTimes[j - 1];
        }
        double maxTimeDifference = 2 * median(periods);

        int[] first = new int[ne], second = new int[ne];
        double[] trans = new double[ne], rot = new double[ne];
        int n = 0;
        Se3_F64 de = new Se3_F64(), dg = new Se3_F64(), e = new Se3_F64(), work = new Se3_F64();
        for (int i = 0; i < ne; i++) {
            int j = findClosestIndex(index, index[i] + delta);
            if (j == ne - 1)
                continue;
            double t0 = estimate.time(i) + offset, t1 = estimate.time(j) + offset;
            int g0 = findClosestIndex(refTimes, t0), g1 = findClosestIndex(refTimes, t1);
            if (Math.abs(refTimes[g0] - t0) > maxTimeDifference || Math.abs(refTimes[g1] - t1) > maxTimeDifference)
                continue;
            // ominus(a, b) = a⁻¹ b; error = ominus(ominus(est_j, est_i), ominus(gt_j, gt_i))
            PoseAlgebra.relative(estimate.pose(j), estimate.pose(i), true, work, de);
            PoseAlgebra.relative(reference.pose(g1), reference.pose(g0), true, work, dg);
            PoseAlgebra.relative(de, dg, true, work, e);
            first[n] = i;
            second[n] = j;
            trans[n] = PoseAlgebra.translationNorm(e);
            rot[n] = Math.toDegrees(PoseAlgebra.rotationAngle(e));
            n++;
        }
        return RpeResult.of(RpeStyle.TUM, delta, unit, Arrays.copyOf(first, n), Arrays.copyOf(second, n),
                Arrays.copyOf(trans, n), Arrays.copyOf(rot, n));
    }

    /** evo's {@code filter_pairs_by_index}: 0, δ, 2δ, … below {@code n}. */
    private static int[] idsByIndex(int n, int delta) {
        int[] ids = new int[n == 0 ? 0 : (n - 1) / delta + 1];
        for (int k = 0; k < ids.length; k++)
            ids[k] = k * delta;
        return ids;
    }

    /** evo's {@code filter_pairs_by_path}: the pair indices where the accumulated path first reaches δ. */
    private static int[] idsByPath(Trajectory estimate, AssociatedPairs pairs, double delta) {
        int[] ids = new int[pairs.size()];
        int n = 0;
        double path = 0;
        for (int k = 1; k < pairs.size(); k++) {
            path += estimate.pose(pairs.estimate(k)).T.distance(estimate.pose(pairs.estimate(k - 1)).T);
            if (path >= delta) {
                ids[n++] = k;
                path = 0;
            }
        }
        return Arrays.copyOf(ids, n);
    }

    /**
     * {@code find_closest_index} of the TUM tools, literally: a binary search that keeps the nearest value it
     * visits (so on a tie, the one it visits first).
     */
    static int findClosestIndex(double[] sorted, double t) {
        int beginning = 0, end = sorted.length, best = 0;
        double difference = Math.abs(sorted[0] - t);
        while (beginning < end) {
            int middle = (end + beginning) >>> 1;
            double d = Math.abs(sorted[middle] - t);
            if (d < difference) {
                difference = d;
                best = middle;
            }
            if (t == sorted[middle])
                return middle;
            else if (sorted[middle] > t)
                end = middle;
            else
                beginning = middle + 1;
        }
        return best;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    }

    private static int frames(double delta) {
        if (!(delta >= 1) || delta != Math.rint(delta) || delta > Integer.MAX_VALUE)
            throw new IllegalArgumentException("a delta in frames must be a whole number ≥ 1, not " + delta);
        return (int) delta;
    }

    private static double positive(double delta) {
        if (!(delta > 0) || !Double.isFinite(delta))
            throw new IllegalArgumentException("delta must be positive and finite, not " + delta);
        return delta;
    }
}
