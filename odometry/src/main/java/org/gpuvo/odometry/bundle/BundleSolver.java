package org.gpuvo.odometry.bundle;

/** A solver of {@link BundleProblem}s: refines the free views and the points in place. */
public interface BundleSolver {
    /** @return whether it ran and ended at a finite cost no greater than where it started; on false nothing moved */
    boolean optimize(BundleProblem problem);

    /** The last run's Levenberg–Marquardt iterations, -1 where the solver does not tell. */
    int iterations();
}
