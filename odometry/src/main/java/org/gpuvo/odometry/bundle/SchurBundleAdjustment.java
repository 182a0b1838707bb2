package org.gpuvo.odometry.bundle;

import org.gpuvo.odometry.geometry.Mat3;

/**
 * Sparse bundle adjustment of a small window: Levenberg–Marquardt on the robust (Huber) reprojection cost, each step
 * solved through the Schur complement onto the free views' poses (Triggs et al., "Bundle Adjustment — A Modern
 * Synthesis", 2000; {@link ReducedCameraSystem}). The damping follows Marquardt, relative to the diagonal, and
 * is updated as Nielsen proposes (Madsen, Nielsen and Tingleff, "Methods for Non-Linear Least Squares Problems",
 * 2004, §3.2): after an accepted step λ ← λ·max(1/3, 1 − (2ρ − 1)³) with ρ the ratio of actual to predicted
 * decrease, after a rejected one λ ← λ·ν, ν ← 2ν.
 *
 * <p>What is minimised is the cost BoofCV's {@code bundleSparseMetric} with {@code ConfigLoss(HUBER, t)} minimises:
 * the Huber loss of each pixel component of each reprojection error, summed ({@link HuberLoss}). DDogleg pairs the
 * Huber gradient with the unweighted JᵀJ, which gives residuals past the threshold (outliers, and at first most
 * residuals of a poor start) curvature they do not have and so shortens its steps; here the Gauss–Newton matrix is
 * IRLS-weighted. On the synthetic windows of the tests this reaches in 10 iterations costs that BoofCV needs well
 * over 100 for.</p>
 *
 * <p>An iteration is one trial step (one linear solve), accepted or not, as BoofCV counts them. Observations whose
 * point is not in front of the camera at entry are left out for the whole run. All scratch is sized by the problem
 * and kept: after the first call on a problem of a given size nothing is allocated. Not thread-safe.</p>
 */
public final class SchurBundleAdjustment implements BundleSolver {
    private static final double MAX_DAMPING = 1e32;
    /** Damping growth after a failed factorisation, as DDogleg does. */
    private static final double SINGULAR_GROWTH = 4;

    private final ConfigBundle config;
    private final NormalEquationBlocks blocks = new NormalEquationBlocks();
    private final ReducedCameraSystem system = new ReducedCameraSystem();
    /** The state being refined and the trial state; swapped when a step is accepted. */
    private double[] rotation = new double[0], translation = new double[0], xyz = new double[0];
    private double[] trialRotation = new double[0], trialTranslation = new double[0], trialXyz = new double[0];
    private final double[] exp = new double[9];

    private int iterations, acceptedSteps;
    private double initialCost = Double.NaN, finalCost = Double.NaN;
    private StopReason stopReason = StopReason.NONE;

    public SchurBundleAdjustment(ConfigBundle config) {
        this.config = config.copy().checkValidity();
    }

    /**
     * Refines the poses of the free views and all points of {@code problem} in place.
     *
     * @return true if it ran and ended with a finite cost no greater than the initial one; on false the problem is
     * exactly as it was
     */
    @Override
    public boolean optimize(BundleProblem problem) {
        iterations = acceptedSteps = 0;
        initialCost = finalCost = Double.NaN;
        if (problem.views == problem.fixedViews)
            return stop(StopReason.NO_FREE_VIEW);
        if (problem.observations == 0)
            return stop(StopReason.NO_OBSERVATIONS);
        if (!problem.isFinite())
            return stop(StopReason.NON_FINITE_INPUT);

        blocks.setUp(problem, config.huberPixels, config.weightedCurvature);
        load(problem);
        if (blocks.markValid(rotation, translation, xyz) == 0)
            return stop(StopReason.NO_OBSERVATIONS);
        system.setUp(blocks);

        double cost = blocks.cost(rotation, translation, xyz);
        initialCost = cost;
        if (!Double.isFinite(cost))
            return stop(StopReason.NON_FINITE_INPUT);
        stopReason = iterate(cost);
        if (stopReason == StopReason.SINGULAR || !(finalCost <= initialCost))
            return false;
        store(problem);
        return true;
    }

    /** The Levenberg–Marquardt loop from the loaded state; sets {@link #finalCost}. */
    private StopReason iterate(double cost) {
        double lambda = config.initialDamping, nu = 2;
        boolean solvedOnce = false;
        blocks.linearize(rotation, translation, xyz);
        StopReason reason = StopReason.MAX_ITERATIONS;
        while (true) {
            if (blocks.maxGradient <= config.gradientTolerance) {
                reason = StopReason.GRADIENT_TOLERANCE;
                break;
            }
            if (iterations >= config.maxIterations)
                break;
            iterations++;
            if (!system.solve(blocks, lambda)) {
                lambda *= SINGULAR_GROWTH;
                if (lambda > MAX_DAMPING) {
                    reason = StopReason.DAMPING_LIMIT;
                    break;
                }
                continue;
            }
            solvedOnce = true;
            applyStep();
            double trial = blocks.cost(trialRotation, trialTranslation, trialXyz);
            double actual = cost - trial, predicted = system.predictedReduction;
            if (actual == 0 || !(predicted > 0)) {
                reason = StopReason.NO_REDUCTION;
                break;
            }
            if (trial < cost) {
                double rho = actual / predicted;
                lambda *= Math.max(1.0 / 3.0, 1.0 - Math.pow(2.0 * rho - 1.0, 3));
                nu = 2;
                acceptTrial();
                acceptedSteps++;
                boolean converged = actual <= config.functionTolerance * cost;
                cost = trial;
                if (converged) {
                    reason = StopReason.FUNCTION_TOLERANCE;
                    break;
                }
                if (iterations >= config.maxIterations)
                    break;
                blocks.linearize(rotation, translation, xyz);
            } else {
                lambda *= nu;
                nu *= 2;
                if (lambda > MAX_DAMPING) {
                    reason = StopReason.DAMPING_LIMIT;
                    break;
                }
            }
        }
        finalCost = cost;
        // trial steps were taken but not one could be solved for: damping did not make the system definite
        return iterations > 0 && !solvedOnce ? StopReason.SINGULAR : reason;
    }

    /** Trial state = current state moved by the step: R ← exp([ω]×)·R, T ← exp([ω]×)·T + t, X ← X + δX. */
    private void applyStep() {
        int fixed = blocks.fixedViews, views = blocks.views;
        double[] dc = system.poseStep.data, dp = system.pointStep;
        System.arraycopy(rotation, 0, trialRotation, 0, 9 * fixed);
        System.arraycopy(translation, 0, trialTranslation, 0, 3 * fixed);
        for (int i = fixed; i < views; i++) {
            int c = 6 * (i - fixed), q = 3 * i;
            Mat3.exp(dc[c], dc[c + 1], dc[c + 2], exp);
            So3.multLeft(exp, rotation, trialRotation, i);
            double tx = translation[q], ty = translation[q + 1], tz = translation[q + 2];
            trialTranslation[q] = exp[0] * tx + exp[1] * ty + exp[2] * tz + dc[c + 3];
            trialTranslation[q + 1] = exp[3] * tx + exp[4] * ty + exp[5] * tz + dc[c + 4];
            trialTranslation[q + 2] = exp[6] * tx + exp[7] * ty + exp[8] * tz + dc[c + 5];
        }
        for (int k = 0, n = 3 * blocks.points; k < n; k++)
            trialXyz[k] = xyz[k] + dp[k];
    }

    private void acceptTrial() {
        double[] t = rotation;
        rotation = trialRotation;
        trialRotation = t;
        t = translation;
        translation = trialTranslation;
        trialTranslation = t;
        t = xyz;
        xyz = trialXyz;
        trialXyz = t;
    }

    /** Copies the problem's state in; the problem itself is written only on success. */
    private void load(BundleProblem problem) {
        int nr = 9 * problem.views, nt = 3 * problem.views, np = 3 * problem.points;
        if (rotation.length < nr) {
            rotation = new double[nr];
            trialRotation = new double[nr];
            translation = new double[nt];
            trialTranslation = new double[nt];
        }
        if (xyz.length < np) {
            xyz = new double[np];
            trialXyz = new double[np];
        }
        System.arraycopy(problem.rotation, 0, rotation, 0, nr);
        System.arraycopy(problem.translation, 0, translation, 0, nt);
        System.arraycopy(problem.xyz, 0, xyz, 0, np);
    }

    private void store(BundleProblem problem) {
        int first = problem.fixedViews, views = problem.views;
        // rotations a step moved lose orthonormality to rounding, step after step
        for (int i = first; i < views && acceptedSteps > 0; i++)
            Mat3.orthonormalize(rotation, 9 * i, scratch, scratchNext);
        System.arraycopy(rotation, 9 * first, problem.rotation, 9 * first, 9 * (views - first));
        System.arraycopy(translation, 3 * first, problem.translation, 3 * first, 3 * (views - first));
        System.arraycopy(xyz, 0, problem.xyz, 0, 3 * problem.points);
    }

    private final double[] scratch = new double[9], scratchNext = new double[9];

    private boolean stop(StopReason reason) {
        stopReason = reason;
        return false;
    }

    /** Trial steps (linear solves, accepted or not) of the last run. */
    @Override
    public int iterations() {
        return iterations;
    }

    /** Trial steps of the last run that lowered the cost and were kept. */
    public int acceptedSteps() {
        return acceptedSteps;
    }

    /** Robust cost at entry of the last run, pixels² (NaN if it stopped before evaluating it). */
    public double initialCost() {
        return initialCost;
    }

    /** Robust cost at the end of the last run, pixels² (NaN if it did not run). */
    public double finalCost() {
        return finalCost;
    }

    public StopReason stopReason() {
        return stopReason;
    }

    public ConfigBundle config() {
        return config.copy();
    }
}
