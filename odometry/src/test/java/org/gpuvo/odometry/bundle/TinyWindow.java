package org.gpuvo.odometry.bundle;

import org.gpuvo.odometry.geometry.Mat3;
import java.util.Random;

/**
 * A small irregular window for the derivative and Schur tests: views that see points in no particular order, a
 * point seen twice by one view, points seen with gaps and some only by fixed views.
 */
final class TinyWindow {
    private TinyWindow() {
    }

    static BundleProblem create(long seed, int views, int fixedViews, int points, double noisePixels) {
        Random random = new Random(seed);
        double focal = 400;
        BundleProblem problem = new BundleProblem();
        problem.reset(views, fixedViews, points, focal);
        double[] rot = new double[9];
        for (int v = 0; v < views; v++) {
            Mat3.exp(0.05 * random.nextGaussian(), 0.05 * random.nextGaussian(), 0.05 * random.nextGaussian(), rot);
            System.arraycopy(rot, 0, problem.rotation, 9 * v, 9);
            problem.translation[3 * v] = 0.3 * random.nextGaussian();
            problem.translation[3 * v + 1] = 0.1 * random.nextGaussian();
            problem.translation[3 * v + 2] = -0.4 * v;
        }
        for (int p = 0; p < points; p++) {
            problem.setPoint(p, 4 * random.nextGaussian(), 2 * random.nextGaussian(), 8 + 6 * random.nextDouble());
            for (int v = 0; v < views; v++) {
                if (random.nextDouble() < 0.35 && v != p % views)
                    continue;
                observe(problem, random, v, p, noisePixels / focal);
            }
        }
        // the same view sees point 0 twice more
        observe(problem, random, views - 1, 0, noisePixels / focal);
        observe(problem, random, views - 1, 0, noisePixels / focal);
        return problem;
    }

    private static void observe(BundleProblem problem, Random random, int v, int p, double sigma) {
        double[] c = camera(problem, v, p);
        problem.addObservation(v, p, c[0] / c[2] + sigma * random.nextGaussian(),
                c[1] / c[2] + sigma * random.nextGaussian());
    }

    /** x_cam of point p in view v. */
    static double[] camera(BundleProblem problem, int v, int p) {
        double[] r = problem.rotation, t = problem.translation, x = problem.xyz;
        double[] c = new double[3];
        for (int k = 0; k < 3; k++)
            c[k] = r[9 * v + 3 * k] * x[3 * p] + r[9 * v + 3 * k + 1] * x[3 * p + 1]
                    + r[9 * v + 3 * k + 2] * x[3 * p + 2] + t[3 * v + k];
        return c;
    }

    /** A copy with its own arrays. */
    static BundleProblem copy(BundleProblem problem) {
        return new BundleProblem().setTo(problem);
    }

    /**
     * Moves the free views and points by {@code step} (6 per free view, then 3 per point) with the solver's update:
     * R ← exp([ω]×)·R, T ← exp([ω]×)·T + t, X ← X + δX.
     */
    static void move(BundleProblem problem, double[] step) {
        double[] e = new double[9], r = problem.rotation.clone();
        int fixed = problem.fixedViews();
        for (int v = fixed; v < problem.views(); v++) {
            int c = 6 * (v - fixed);
            Mat3.exp(step[c], step[c + 1], step[c + 2], e);
            So3.multLeft(e, r, problem.rotation, v);
            double[] t = problem.translation;
            double tx = t[3 * v], ty = t[3 * v + 1], tz = t[3 * v + 2];
            for (int k = 0; k < 3; k++)
                t[3 * v + k] = e[3 * k] * tx + e[3 * k + 1] * ty + e[3 * k + 2] * tz + step[c + 3 + k];
        }
        int base = 6 * (problem.views() - fixed);
        for (int k = 0; k < 3 * problem.points(); k++)
            problem.xyz[k] += step[base + k];
    }
}
