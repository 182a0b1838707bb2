package org.gpuvo.odometry.geometry;

/**
 * The Levenberg–Marquardt loop of the pose refinements (K. Levenberg 1944, D. Marquardt 1963; the damping as in
 * Hartley &amp; Zisserman A6.2): solve the damped normal equations that {@link #linearize} accumulated, try the step,
 * keep it and relinearize if it lowers the cost (the damping shrinks), else grow the damping. A subclass says what a
 * pose's parameters are, how a step moves them, and what the cost is; the loop allocates nothing.
 */
abstract class PoseLevenbergMarquardt {
    /** Damping at the start of each refinement, and the bounds it moves within. */
    private static final double LAMBDA_START = 1e-4, LAMBDA_MIN = 1e-12, LAMBDA_MAX = 1e8;
    /** A relative decrease of the cost below this ends the refinement. */
    private static final double RELATIVE_DECREASE = 1e-10;

    final NormalEquations equations;
    /** The step the normal equations gave, in the subclass's parameters. */
    final double[] step;
    private final double[] candR = new double[9], candT = new double[3];
    int maxIterations = 10;
    int iterations;

    PoseLevenbergMarquardt(int parameters) {
        equations = new NormalEquations(parameters);
        step = new double[parameters];
    }

    /** Accumulates the normal equations at (r, t) and returns the cost there, or −1 if they cannot be set up. */
    abstract double linearize(double[] r, double[] t);

    /** The pose (r, t) moved by {@link #step}, into (candR, candT). */
    abstract void applyStep(double[] r, double[] t, double[] candR, double[] candT);

    /** The cost at (r, t). */
    abstract double cost(double[] r, double[] t);

    /** Whether an accepted step is small enough to end the refinement, whatever the cost did. */
    boolean isNegligibleStep() {
        return false;
    }

    /**
     * Minimises the cost from (r, t), which {@link #linearize} has just linearized at {@code cost}; (r, t) are
     * updated in place. Returns the final cost, or NaN when the system was singular from the start and no step was
     * taken (then (r, t) are unchanged).
     */
    final double minimize(double[] r, double[] t, double cost) {
        double lambda = LAMBDA_START;
        boolean anyStep = false;
        while (iterations < maxIterations) {
            iterations++;
            if (!equations.solve(lambda, step)) {
                lambda *= 10;
                if (lambda > LAMBDA_MAX) {
                    if (!anyStep)
                        return Double.NaN;
                    break;
                }
                continue;
            }
            applyStep(r, t, candR, candT);
            double candidate = cost(candR, candT);
            if (candidate < cost) {
                System.arraycopy(candR, 0, r, 0, 9);
                System.arraycopy(candT, 0, t, 0, 3);
                anyStep = true;
                boolean converged = cost - candidate <= RELATIVE_DECREASE * cost || isNegligibleStep();
                cost = candidate;
                if (converged)
                    break;
                lambda = Math.max(lambda * 0.1, LAMBDA_MIN);
                linearize(r, t);
            } else {
                lambda *= 10;
                if (lambda > LAMBDA_MAX)
                    break;
            }
        }
        return cost;
    }
}
