package org.gpuvo.odometry.metrics;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.trajectory.Trajectory;

/**
 * The evaluation of kitti-odom-eval (Huangying Zhan, {@code kitti_odometry.py}, {@code --align 7dof} or
 * {@code 6dof}), which many monocular VO papers report:
 * <ol>
 * <li>both trajectories are re-anchored at the first evaluated frame: P′ᵢ = P₀⁻¹Pᵢ, G′ᵢ = G₀⁻¹Gᵢ;</li>
 * <li>the estimate is aligned to the ground truth by {@link Umeyama} over the positions (with scale for
 * Sim(3)), rotations turned by the same R;</li>
 * <li>t_err and r_err as the KITTI devkit ({@link KittiSegmentErrors}) on the aligned estimate;</li>
 * <li>its "ATE" is the RMSE of the position errors; its "RPE" is the <em>mean</em> (not the RMSE) over consecutive
 * frames (i, i+1) of ‖t(E)‖ and of acos((tr R(E) − 1)/2), with E = (Gᵢ⁻¹Gᵢ₊₁)⁻¹(Pᵢ⁻¹Pᵢ₊₁).</li>
 * </ol>
 * Inverses are general 4×4 inverses ({@code np.linalg.inv}). Frames are the pairs of {@code pairs} (for the tool's
 * files, estimate frame numbers with the ground truth's line numbers: associate by time with both read at the same
 * frame period); consecutive frames are consecutive pairs. Unlike the tool, every ground-truth pose is re-anchored
 * (it re-anchors only those with an estimate, which changes nothing where the estimate has no gaps).
 */
public final class KittiOdomEval {
    private KittiOdomEval() {
    }

    public static KittiOdomEvalResult evaluate(Trajectory estimate, Trajectory reference, AssociatedPairs pairs,
                                               AlignmentMode mode) {
        int n = pairs.size();
        if (n < 3)
            throw new IllegalArgumentException("kitti-odom-eval needs at least 3 paired frames, got " + n);
        Se3_F64 estimateAnchor = new Se3_F64(), referenceAnchor = new Se3_F64();
        PoseAlgebra.invert(estimate.pose(pairs.estimate(0)), true, estimateAnchor);
        PoseAlgebra.invert(reference.pose(pairs.reference(0)), true, referenceAnchor);
        Trajectory est = new Trajectory(), ref = new Trajectory();
        Se3_F64 pose = new Se3_F64();
        for (int k = 0; k < n; k++) {
            PoseAlgebra.multiply(estimateAnchor, estimate.pose(pairs.estimate(k)), pose);
            est.add(estimate.time(pairs.estimate(k)), pose);
        }
        for (int i = 0; i < reference.size(); i++) {
            PoseAlgebra.multiply(referenceAnchor, reference.pose(i), pose);
            ref.add(reference.time(i), pose);
        }
        // est now holds the paired estimate poses in pair order: pair k is est pose k
        int[] index = new int[n], referenceIndex = pairs.referenceIndices();
        for (int k = 0; k < n; k++)
            index[k] = k;
        AssociatedPairs anchored = new AssociatedPairs(index, referenceIndex);
        SimilarityTransform alignment = Umeyama.align(AbsoluteTrajectoryError.positions(est, anchored, true),
                AbsoluteTrajectoryError.positions(ref, anchored, false), mode);
        Trajectory aligned = alignment.transform(est);

        KittiResult kitti = KittiSegmentErrors.compute(aligned, ref, anchored);
        double ate = AbsoluteTrajectoryError.compute(aligned, ref, anchored, AlignmentMode.NONE,
                SimilarityTransform.identity()).rmse();
        double sumTrans = 0, sumRot = 0;
        Se3_F64 dg = new Se3_F64(), dp = new Se3_F64(), e = new Se3_F64(), work = new Se3_F64();
        for (int k = 0; k + 1 < n; k++) {
            PoseAlgebra.relative(ref.pose(referenceIndex[k]), ref.pose(referenceIndex[k + 1]), true, work, dg);
            PoseAlgebra.relative(aligned.pose(k), aligned.pose(k + 1), true, work, dp);
            PoseAlgebra.relative(dg, dp, true, work, e);
            sumTrans += PoseAlgebra.translationNorm(e);
            sumRot += PoseAlgebra.rotationAngle(e);
        }
        return new KittiOdomEvalResult(kitti, alignment, ate, sumTrans / (n - 1), Math.toDegrees(sumRot / (n - 1)), n);
    }
}
