package org.gpuvo.odometry.bundle;

import boofcv.abst.geo.bundle.BundleAdjustment;
import boofcv.abst.geo.bundle.SceneObservations;
import boofcv.abst.geo.bundle.SceneStructureCommon;
import boofcv.abst.geo.bundle.SceneStructureMetric;
import boofcv.factory.geo.ConfigBundleAdjustment;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.struct.calib.CameraPinhole;
import georegression.struct.se.Se3_F64;
import org.ddogleg.optimization.ConfigLoss;
import org.ddogleg.optimization.OptimizationException;

/**
 * The reference for {@link SchurBundleAdjustment}: BoofCV's {@code bundleSparseMetric} (sparse Schur
 * Levenberg–Marquardt of DDogleg) on a {@link BundleProblem}, set up as the odometry's local bundle adjustment sets
 * it up: one fixed pinhole camera, observations in pixels, Huber loss, the first views fixed, and
 * {@code configure(functionTolerance, gradientTolerance, maxIterations)}. Its costs are the same function as
 * {@link SchurBundleAdjustment}'s, so the two can be compared; {@link ConfigBundle#initialDamping} is not passed on
 * (DDogleg damps by its own formula), nor are depth priors ({@link BundleProblem#setDepthPrior}), which BoofCV's
 * metric scene has no term for. It builds BoofCV's scene anew on every call.
 */
public final class BoofCvBundleAdjustment implements BundleSolver {
    private final BundleAdjustment<SceneStructureMetric> bundle;
    private final Se3_F64 pose = new Se3_F64();
    private double initialCost = Double.NaN, finalCost = Double.NaN;

    public BoofCvBundleAdjustment(ConfigBundle config) {
        config.checkValidity();
        ConfigBundleAdjustment boof = new ConfigBundleAdjustment();
        boof.loss = new ConfigLoss(ConfigLoss.Type.HUBER, config.huberPixels);
        bundle = FactoryMultiView.bundleSparseMetric(boof);
        bundle.configure(config.functionTolerance, config.gradientTolerance, config.maxIterations);
    }

    /**
     * Refines the free views and all points of {@code problem} in place.
     *
     * @return whether BoofCV lowered the cost to a finite value; on false the problem is unchanged
     */
    @Override
    public boolean optimize(BundleProblem problem) {
        initialCost = finalCost = Double.NaN;
        int views = problem.views(), points = problem.points(), fixed = problem.fixedViews();
        if (views == fixed || problem.observations() == 0 || !problem.isFinite())
            return false;
        double f = problem.focal();
        SceneStructureMetric structure = new SceneStructureMetric(false);
        structure.initialize(1, views, points);
        structure.setCamera(0, true, new CameraPinhole(f, f, 0, 0, 0, 0, 0));
        for (int v = 0; v < views; v++) {
            problem.getPose(v, pose);
            structure.setView(v, 0, v < fixed, pose);
        }
        for (int p = 0; p < points; p++)
            structure.setPoint(p, problem.pointX(p), problem.pointY(p), problem.pointZ(p));
        SceneObservations observations = new SceneObservations();
        observations.initialize(views);
        for (int o = 0; o < problem.observations(); o++) {
            int v = problem.obsView[o], p = problem.obsPoint[o];
            observations.getView(v).add(p, (float) (f * problem.obsXy[2 * o]), (float) (f * problem.obsXy[2 * o + 1]));
            SceneStructureCommon.Point point = structure.points.get(p);
            if (!point.views.contains(v))
                structure.connectPointToView(p, v);
        }

        try {
            bundle.setParameters(structure, observations);
            initialCost = bundle.getFitScore();
            if (!bundle.optimize(structure))
                return false;
            finalCost = bundle.getFitScore();
        } catch (OptimizationException e) {
            return false;
        }
        if (!Double.isFinite(finalCost))
            return false;
        for (int v = fixed; v < views; v++)
            problem.setPose(v, structure.getParentToView(v));
        for (int p = 0; p < points; p++) {
            double[] xyz = structure.points.get(p).coordinate;
            problem.setPoint(p, xyz[0], xyz[1], xyz[2]);
        }
        return true;
    }

    /** DDogleg's cost at entry of the last run, pixels². */
    /** -1: BoofCV does not tell how many iterations it ran. */
    @Override
    public int iterations() {
        return -1;
    }

    public double initialCost() {
        return initialCost;
    }

    /** DDogleg's cost at the end of the last run, pixels². */
    public double finalCost() {
        return finalCost;
    }
}
