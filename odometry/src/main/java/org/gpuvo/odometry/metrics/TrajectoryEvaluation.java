package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Locale;

/**
 * The one entry point to measure an estimated trajectory against a reference: associate the poses, align the
 * estimate ({@link Umeyama}), then ATE ({@link AbsoluteTrajectoryError}), RPE ({@link RelativePoseError}) and the
 * KITTI benchmark's drift ({@link KittiSegmentErrors}), all on the aligned estimate (SE(3) alignment changes no
 * relative figure; Sim(3) rescales the estimate first, as monocular evaluations do).
 */
public final class TrajectoryEvaluation {
    private TrajectoryEvaluation() {
    }

    /**
     * @throws IllegalArgumentException with a message saying why, where the reference covers none of the estimate's
     *                                  times, or too few poses pair up to align
     */
    public static EvaluationResult evaluate(Trajectory estimate, Trajectory reference, ConfigEvaluation config) {
        config.checkValidity();
        if (estimate.isEmpty() || reference.isEmpty())
            throw new IllegalArgumentException((estimate.isEmpty() ? "the estimate" : "the reference") + " has no poses");
        AssociatedPairs pairs = TrajectoryAssociation.associate(estimate, reference, config.association,
                config.maxTimeDifference, config.timeOffset);
        if (pairs.isEmpty())
            throw new IllegalArgumentException(noOverlap(estimate, reference, config));
        if (config.alignment != AlignmentMode.NONE && pairs.size() < 3)
            throw new IllegalArgumentException("only " + pairs.size() + " associated pose" + (pairs.size() == 1 ? "" : "s")
                    + ": alignment needs at least 3 (use --align none, or check the times)");

        AteResult ate = AbsoluteTrajectoryError.compute(estimate, reference, pairs, config.alignment);
        Trajectory aligned = ate.alignment().transform(estimate);
        RpeResult rpe = config.effectiveRpeStyle() == RpeStyle.EVO
                ? RelativePoseError.evo(aligned, reference, pairs, config.rpeDelta, config.rpeUnit)
                : RelativePoseError.tum(aligned, reference, config.rpeDelta, config.rpeUnit, config.timeOffset);
        if (rpe.n() == 0)
            rpe = null;
        KittiResult kitti = config.kitti ? KittiSegmentErrors.compute(aligned, reference, pairs) : null;
        return new EvaluationResult(config.copy(), pairs, aligned, ate, rpe, kitti);
    }

    private static String noOverlap(Trajectory estimate, Trajectory reference, ConfigEvaluation config) {
        if (config.association == AssociationMethod.INDEX)
            return "no poses to pair by index";
        return String.format(Locale.ROOT, "the reference covers none of the estimate's times: no pose of the estimate "
                        + "(%.6f .. %.6f s%s) has a reference pose (%.6f .. %.6f s) within %g s",
                estimate.time(0), estimate.time(estimate.size() - 1),
                config.timeOffset != 0 ? String.format(Locale.ROOT, ", offset %+g s", config.timeOffset) : "",
                reference.time(0), reference.time(reference.size() - 1), config.maxTimeDifference);
    }
}
