package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Arrays;

/**
 * Pairs the poses of an estimate with those of a reference, in the ways of the common evaluation tools.
 * As in both tools, an estimate time plus {@code offset} is compared with reference times (their
 * {@code --offset} / {@code --t_offset}: a known offset between the two clocks; 0 when there is none).
 */
public final class TrajectoryAssociation {
    private TrajectoryAssociation() {
    }

    public static AssociatedPairs associate(Trajectory estimate, Trajectory reference, AssociationMethod method,
                                            double maxDifference, double offset) {
        return switch (method) {
            case NEAREST -> nearestInTime(estimate, reference, maxDifference, offset);
            case GREEDY -> greedyOneToOne(estimate, reference, maxDifference, offset);
            case INDEX -> byIndex(estimate, reference);
        };
    }

    /**
     * evo's {@code sync.associate_trajectories} / {@code matching_time_indices} (evo 1.x): each pose of the
     * trajectory with fewer poses (usually the estimate; the estimate when equal) takes the pose of the other whose
     * time is nearest (the earlier one on a tie, as {@code numpy.argmin}), if the difference is at most
     * {@code maxDifference} (evo's default 0.01 s). Not one-to-one: two poses may take the same partner.
     */
    public static AssociatedPairs nearestInTime(Trajectory estimate, Trajectory reference, double maxDifference,
                                                double offset) {
        boolean estimateDrives = estimate.size() <= reference.size();
        Trajectory driver = estimateDrives ? estimate : reference;
        Trajectory other = estimateDrives ? reference : estimate;
        // times of the other, shifted onto the driver's clock
        double[] otherTimes = new double[other.size()];
        double shift = estimateDrives ? -offset : offset;
        for (int i = 0; i < otherTimes.length; i++)
            otherTimes[i] = other.time(i) + shift;
        int[] driverIdx = new int[driver.size()];
        int[] otherIdx = new int[driver.size()];
        int n = 0;
        for (int i = 0; i < driver.size(); i++) {
            double t = driver.time(i);
            int j = nearest(otherTimes, t);
            if (j >= 0 && Math.abs(otherTimes[j] - t) <= maxDifference) {
                driverIdx[n] = i;
                otherIdx[n] = j;
                n++;
            }
        }
        int[] est = Arrays.copyOf(estimateDrives ? driverIdx : otherIdx, n);
        int[] ref = Arrays.copyOf(estimateDrives ? otherIdx : driverIdx, n);
        if (!estimateDrives)
            return sortedByEstimate(est, ref);
        return new AssociatedPairs(est, ref);
    }

    /**
     * The TUM RGB-D benchmark's {@code associate.py}: every (reference, estimate) pair with
     * {@code |t_ref − (t_est + offset)| < maxDifference} (the tools' default 0.02 s) is a candidate; candidates are
     * taken in increasing order of that difference, each pose at most once. Ties are broken by reference time, then
     * estimate time, as Python's sort of {@code (diff, a, b)} tuples does.
     */
    public static AssociatedPairs greedyOneToOne(Trajectory estimate, Trajectory reference, double maxDifference,
                                                 double offset) {
        int ne = estimate.size(), nr = reference.size();
        double[] ref = new double[nr];
        for (int j = 0; j < nr; j++)
            ref[j] = reference.time(j);
        // candidates: with sorted times, those of estimate i lie in a window of the reference
        long[] candidates = new long[16];
        double[] diffs = new double[16];
        int count = 0;
        int start = 0;
        for (int i = 0; i < ne; i++) {
            double t = estimate.time(i) + offset;
            while (start < nr && ref[start] <= t - maxDifference)
                start++;
            for (int j = start; j < nr && ref[j] < t + maxDifference; j++) {
                double diff = Math.abs(ref[j] - t);
                if (!(diff < maxDifference))
                    continue;
                if (count == candidates.length) {
                    candidates = Arrays.copyOf(candidates, count * 2);
                    diffs = Arrays.copyOf(diffs, count * 2);
                }
                candidates[count] = ((long) j << 32) | i;
                diffs[count] = diff;
                count++;
            }
        }
        Integer[] order = new Integer[count];
        for (int k = 0; k < count; k++)
            order[k] = k;
        final long[] c = candidates;
        final double[] d = diffs;
        // (diff, reference, estimate): reference and estimate times increase with their index
        Arrays.sort(order, (a, b) -> {
            int cmp = Double.compare(d[a], d[b]);
            return cmp != 0 ? cmp : Long.compare(c[a], c[b]);
        });
        boolean[] usedEst = new boolean[ne], usedRef = new boolean[nr];
        int[] estIdx = new int[Math.min(ne, nr)], refIdx = new int[Math.min(ne, nr)];
        int n = 0;
        for (int k : order) {
            int i = (int) (c[k] & 0xffffffffL), j = (int) (c[k] >>> 32);
            if (usedEst[i] || usedRef[j])
                continue;
            usedEst[i] = usedRef[j] = true;
            estIdx[n] = i;
            refIdx[n] = j;
            n++;
        }
        return sortedByEstimate(Arrays.copyOf(estIdx, n), Arrays.copyOf(refIdx, n));
    }

    /** Pose k of the estimate with pose k of the reference, for k below the smaller size (evo's KITTI mode). */
    public static AssociatedPairs byIndex(Trajectory estimate, Trajectory reference) {
        int n = Math.min(estimate.size(), reference.size());
        int[] idx = new int[n];
        for (int i = 0; i < n; i++)
            idx[i] = i;
        return new AssociatedPairs(idx, idx.clone());
    }

    /** Index of the value in sorted {@code times} nearest to {@code t}, the first on a tie; -1 if empty. */
    static int nearest(double[] times, double t) {
        if (times.length == 0)
            return -1;
        int hi = Arrays.binarySearch(times, t);
        if (hi >= 0) {
            while (hi > 0 && times[hi - 1] == t)
                hi--;
            return hi;
        }
        int insertion = -hi - 1;
        if (insertion == 0)
            return 0;
        if (insertion == times.length)
            return times.length - 1;
        double below = t - times[insertion - 1], above = times[insertion] - t;
        return above < below ? insertion : insertion - 1;
    }

    private static AssociatedPairs sortedByEstimate(int[] est, int[] ref) {
        Integer[] order = new Integer[est.length];
        for (int k = 0; k < order.length; k++)
            order[k] = k;
        Arrays.sort(order, (a, b) -> est[a] != est[b] ? Integer.compare(est[a], est[b]) : Integer.compare(ref[a], ref[b]));
        int[] e = new int[est.length], r = new int[est.length];
        for (int k = 0; k < order.length; k++) {
            e[k] = est[order[k]];
            r[k] = ref[order[k]];
        }
        return new AssociatedPairs(e, r);
    }
}
