package org.gpuvo.app.run;

import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.dataset.Sequence;
import org.gpuvo.odometry.metrics.AlignmentMode;
import org.gpuvo.odometry.metrics.AssociatedPairs;
import org.gpuvo.odometry.metrics.AssociationMethod;
import org.gpuvo.odometry.metrics.ConfigEvaluation;
import org.gpuvo.odometry.metrics.EvaluationResult;
import org.gpuvo.odometry.metrics.TrajectoryAssociation;
import org.gpuvo.odometry.metrics.TrajectoryEvaluation;
import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Locale;

/**
 * How {@code gpuvo run} measures its estimate against a sequence's ground truth: evo's defaults (nearest-in-time
 * association within 0.01 s, RPE between consecutive frames), the frames' and the ground truth's times being of one
 * clock in KITTI, EuRoC and TUM RGB-D. The estimate starts in its first camera's frame; with alignment
 * {@link AlignmentMode#NONE} it is first moved so that its first associated pose is the ground truth's there (evo's
 * {@code --align_origin}), else there is nothing to compare.
 */
final class GroundTruthEvaluation {
    /** evo's default largest time difference of an associated pair, seconds. */
    static final double MAX_TIME_DIFFERENCE = 0.01;

    private final Trajectory reference;
    private final AlignmentMode alignment;

    /**
     * Checks, before any frame is processed, that the ground truth covers enough of the frames.
     *
     * @throws IllegalArgumentException if it covers none of them, or fewer than an alignment needs
     */
    GroundTruthEvaluation(Sequence sequence, Trajectory reference, AlignmentMode alignment) {
        this.reference = reference;
        this.alignment = alignment;
        Trajectory frameTimes = new Trajectory();
        Se3_F64 identity = new Se3_F64();
        for (int i = 0; i < sequence.size(); i++)
            frameTimes.add(sequence.timestamp(i), identity);
        int covered = associate(frameTimes).size();
        if (covered == 0 || (alignment != AlignmentMode.NONE && covered < 3))
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the ground truth of %s covers %s of its %d frames (frames %.6f .. %.6f s, ground truth %d poses "
                            + "%.6f .. %.6f s, pairs within %g s)%s", sequence.name(),
                    covered == 0 ? "none" : "only " + covered, sequence.size(), frameTimes.time(0),
                    frameTimes.time(frameTimes.size() - 1), reference.size(), reference.time(0),
                    reference.time(reference.size() - 1), MAX_TIME_DIFFERENCE,
                    covered == 0 ? "" : ": " + alignment.name().toLowerCase(Locale.ROOT) + " alignment needs 3"));
    }

    Trajectory reference() {
        return reference;
    }

    EvaluationResult evaluate(Trajectory estimate) {
        ConfigEvaluation config = new ConfigEvaluation();
        config.association = AssociationMethod.NEAREST;
        config.maxTimeDifference = MAX_TIME_DIFFERENCE;
        config.alignment = alignment;
        Trajectory compared = alignment == AlignmentMode.NONE ? atReferenceOrigin(estimate) : estimate;
        return TrajectoryEvaluation.evaluate(compared, reference, config);
    }

    /** The estimate moved rigidly so that its first associated pose is the reference's. */
    private Trajectory atReferenceOrigin(Trajectory estimate) {
        AssociatedPairs pairs = associate(estimate);
        Se3_F64 first = estimate.pose(pairs.estimate(0)), truth = reference.pose(pairs.reference(0));
        // estimate world -> first camera -> reference world
        Se3_F64 estimateToReference = first.invert(null).concat(truth, null);
        Trajectory moved = new Trajectory();
        for (int i = 0; i < estimate.size(); i++)
            moved.add(estimate.time(i), estimate.pose(i).concat(estimateToReference, null));
        return moved;
    }

    private AssociatedPairs associate(Trajectory estimate) {
        return TrajectoryAssociation.nearestInTime(estimate, reference, MAX_TIME_DIFFERENCE, 0);
    }
}
