package org.gpuvo.odometry.metrics;

import org.gpuvo.odometry.trajectory.Trajectory;

import java.util.Arrays;

/**
 * Which pose of an estimate goes with which pose of a reference: pair k joins estimate pose
 * {@link #estimate(int) estimate(k)} and reference pose {@link #reference(int) reference(k)}. Pairs are in
 * increasing order of the estimate index.
 */
public final class AssociatedPairs {
    private final int[] estimate;
    private final int[] reference;

    /** The arrays are taken as they are (not copied); they must have the same length. */
    public AssociatedPairs(int[] estimate, int[] reference) {
        if (estimate.length != reference.length)
            throw new IllegalArgumentException("pair arrays differ in length: " + estimate.length + " and " + reference.length);
        this.estimate = estimate;
        this.reference = reference;
    }

    public int size() {
        return estimate.length;
    }

    public boolean isEmpty() {
        return estimate.length == 0;
    }

    public int estimate(int pair) {
        return estimate[pair];
    }

    public int reference(int pair) {
        return reference[pair];
    }

    public int[] estimateIndices() {
        return estimate.clone();
    }

    public int[] referenceIndices() {
        return reference.clone();
    }

    /** The paired estimate poses in pair order, with their times. */
    public Trajectory selectEstimate(Trajectory trajectory) {
        return trajectory.select(estimate);
    }

    /** The paired reference poses in pair order, with their times. */
    public Trajectory selectReference(Trajectory trajectory) {
        return trajectory.select(reference);
    }

    @Override
    public String toString() {
        return "AssociatedPairs{" + size() + " pairs" + (isEmpty() ? "" : ", first " + estimate[0] + "->" + reference[0]) + "}";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AssociatedPairs p && Arrays.equals(estimate, p.estimate) && Arrays.equals(reference, p.reference);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(estimate) + Arrays.hashCode(reference);
    }
}
