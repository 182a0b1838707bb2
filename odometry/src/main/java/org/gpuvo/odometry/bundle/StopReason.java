package org.gpuvo.odometry.bundle;

/** Why {@link SchurBundleAdjustment#optimize} stopped. */
public enum StopReason {
    /** Not run yet. */
    NONE,
    /** {@link ConfigBundle#maxIterations} trial steps were taken. */
    MAX_ITERATIONS,
    /** An accepted step lowered the cost by less than {@link ConfigBundle#functionTolerance} of it. */
    FUNCTION_TOLERANCE,
    /** The largest gradient component fell below {@link ConfigBundle#gradientTolerance}. */
    GRADIENT_TOLERANCE,
    /** A step left the cost exactly as it was, or the model predicted no decrease: nothing left to gain. */
    NO_REDUCTION,
    /** The damping grew past its limit without finding a lower cost. */
    DAMPING_LIMIT,
    /** Every trial step failed to factorise the reduced camera system; the problem is left as it was. */
    SINGULAR,
    /** All views are fixed; nothing to refine. */
    NO_FREE_VIEW,
    /** No observation with its point in front of the camera. */
    NO_OBSERVATIONS,
    /** A pose, point or observation was NaN or infinite. */
    NON_FINITE_INPUT
}
