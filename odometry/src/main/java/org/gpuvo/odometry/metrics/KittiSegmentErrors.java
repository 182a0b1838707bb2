package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Arrays;

/**
 * The KITTI odometry benchmark's t_err and r_err, following its devkit ({@code evaluate_odometry.cpp},
 * {@code calcSequenceErrors}) and kitti-odom-eval, which ports it:
 * <ul>
 * <li>dist(i) is the ground-truth path length from the first frame to frame i;</li>
 * <li>segments start at every 10th ground-truth frame (0, 10, 20, …; "every second" at 10 Hz) and have lengths
 * 100, 200, …, 800 m; a segment ends at the first frame i with dist(i) &gt; dist(first) + length (none: no
 * segment);</li>
 * <li>E = (P_first⁻¹ P_last)⁻¹ (G_first⁻¹ G_last) with P the estimate, G the ground truth, general 4×4
 * inverses ({@code Matrix::inv});</li>
 * <li>t_err = ‖t(E)‖ / length, r_err = acos(clamp((tr R(E) − 1)/2)) / length; both averaged over all segments
 * of all lengths.</li>
 * </ul>
 * Frames are reference indices; a segment counts only if both of its end frames have a paired estimate pose
 * (kitti-odom-eval's check; with the devkit both files have every frame; where an association pairs two estimate
 * poses with one reference frame, the later one counts). Distances are accumulated in double
 * precision (the devkit uses float; kitti-odom-eval double).
 */
public final class KittiSegmentErrors {
    /** Segment lengths of the benchmark, metres. */
    public static final double[] LENGTHS = {100, 200, 300, 400, 500, 600, 700, 800};
    /** Frames between segment starts. */
    public static final int STEP = 10;

    private KittiSegmentErrors() {
    }

    /** @return the figures, or null where no segment fits (a ground-truth path shorter than 100 m) */
    public static KittiResult compute(Trajectory estimate, Trajectory reference, AssociatedPairs pairs) {
        int nr = reference.size();
        int[] estimateOf = new int[nr];
        Arrays.fill(estimateOf, -1);
        for (int k = 0; k < pairs.size(); k++)
            estimateOf[pairs.reference(k)] = pairs.estimate(k);
        double[] dist = new double[nr];
        for (int i = 1; i < nr; i++)
            dist[i] = dist[i - 1] + reference.pose(i).T.distance(reference.pose(i - 1).T);

        int lengths = LENGTHS.length;
        int[] count = new int[lengths];
        double[] sumT = new double[lengths], sumR = new double[lengths];
        double totalT = 0, totalR = 0;
        int segments = 0;
        Se3_F64 dg = new Se3_F64(), dp = new Se3_F64(), e = new Se3_F64(), work = new Se3_F64();
        for (int first = 0; first < nr; first += STEP) {
            if (estimateOf[first] < 0)
                continue;
            for (int l = 0; l < lengths; l++) {
                int last = lastFrame(dist, first, LENGTHS[l]);
                if (last < 0 || estimateOf[last] < 0)
                    continue;
                PoseAlgebra.relative(reference.pose(first), reference.pose(last), true, work, dg);
                PoseAlgebra.relative(estimate.pose(estimateOf[first]), estimate.pose(estimateOf[last]), true, work, dp);
                PoseAlgebra.relative(dp, dg, true, work, e);
                double t = PoseAlgebra.translationNorm(e) / LENGTHS[l];
                double r = PoseAlgebra.rotationAngle(e) / LENGTHS[l];
                count[l]++;
                sumT[l] += t;
                sumR[l] += r;
                totalT += t;
                totalR += r;
                segments++;
            }
        }
        if (segments == 0)
            return null;
        double[] meanT = new double[lengths], meanR = new double[lengths];
        for (int l = 0; l < lengths; l++) {
            meanT[l] = count[l] > 0 ? sumT[l] / count[l] : Double.NaN;
            meanR[l] = count[l] > 0 ? sumR[l] / count[l] : Double.NaN;
        }
        return new KittiResult(totalT / segments, totalR / segments, segments, LENGTHS.clone(), count, meanT, meanR);
    }

    /** The devkit's {@code lastFrameFromSegmentLength}: first i ≥ first with dist(i) &gt; dist(first) + length, or -1. */
    static int lastFrame(double[] dist, int first, double length) {
        double target = dist[first] + length;
        for (int i = first; i < dist.length; i++)
            if (dist[i] > target)
                return i;
        return -1;
    }
}
