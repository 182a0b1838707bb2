package org.gpuvo.odometry.bundle;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class NormalEquationBlocksTest {
    private static final double HUBER = 1.5;

    /** Residuals in pixels, 2 per observation in the problem's order, written independently of the solver. */
    static double[] residuals(BundleProblem problem) {
        double[] r = new double[2 * problem.observations()];
        for (int o = 0; o < problem.observations(); o++) {
            double[] c = TinyWindow.camera(problem, problem.obsView[o], problem.obsPoint[o]);
            r[2 * o] = problem.focal() * (c[0] / c[2] - problem.obsXy[2 * o]);
            r[2 * o + 1] = problem.focal() * (c[1] / c[2] - problem.obsXy[2 * o + 1]);
        }
        return r;
    }

    /** Central-difference Jacobian of {@link #residuals} over (ω, t) of the free views, then the points. */
    static double[][] numericJacobian(BundleProblem problem) {
        int params = 6 * (problem.views() - problem.fixedViews()) + 3 * problem.points();
        double[][] jacobian = new double[2 * problem.observations()][params];
        double h = 1e-6;
        for (int k = 0; k < params; k++) {
            double[] step = new double[params];
            BundleProblem plus = TinyWindow.copy(problem), minus = TinyWindow.copy(problem);
            step[k] = h;
            TinyWindow.move(plus, step);
            step[k] = -h;
            TinyWindow.move(minus, step);
            double[] rp = residuals(plus), rm = residuals(minus);
            for (int i = 0; i < rp.length; i++)
                jacobian[i][k] = (rp[i] - rm[i]) / (2 * h);
        }
        return jacobian;
    }

    /** A window of 12 views (3 fixed) and 1,500 points: enough points for the chunks to run in parallel. */
    static BundleProblem windowForChunks() {
        SyntheticBundleWindow window = new SyntheticBundleWindow();
        window.views = 12;
        window.fixedViews = 3;
        window.points = 1500;
        BundleProblem problem = new BundleProblem();
        window.generate(problem);
        return problem;
    }

    @Test
    void parallelChunksGiveTheSameCostAndBlocksToTheBit() {
        BundleProblem problem = windowForChunks();
        ForkJoinPool one = new ForkJoinPool(1), four = new ForkJoinPool(4);
        try {
            NormalEquationBlocks sequential = new NormalEquationBlocks(one), parallel = new NormalEquationBlocks(four);
            for (NormalEquationBlocks b : new NormalEquationBlocks[]{sequential, parallel}) {
                b.setUp(problem, HUBER, true);
                b.markValid(problem.rotation, problem.translation, problem.xyz);
                b.linearize(problem.rotation, problem.translation, problem.xyz);
            }
            assertThat(problem.points).isGreaterThanOrEqualTo(NormalEquationBlocks.PARALLEL_POINTS);
            assertThat(parallel.cost(problem.rotation, problem.translation, problem.xyz))
                    .isEqualTo(sequential.cost(problem.rotation, problem.translation, problem.xyz)).isPositive();
            int free = 9, points = problem.points;
            assertThat(Arrays.copyOf(parallel.u, 36 * free)).containsExactly(Arrays.copyOf(sequential.u, 36 * free));
            assertThat(Arrays.copyOf(parallel.gc, 6 * free)).containsExactly(Arrays.copyOf(sequential.gc, 6 * free));
            assertThat(Arrays.copyOf(parallel.v, 6 * points)).containsExactly(Arrays.copyOf(sequential.v, 6 * points));
            assertThat(Arrays.copyOf(parallel.gp, 3 * points))
                    .containsExactly(Arrays.copyOf(sequential.gp, 3 * points));
            assertThat(parallel.maxGradient).isEqualTo(sequential.maxGradient).isPositive();
            // the last point (in the last chunk) moved far behind the cameras, which all look about the same way
            double[] xyz = problem.xyz.clone();
            for (int k = 0; k < 3; k++)
                xyz[3 * (points - 1) + k] = -1e6 * problem.rotation[6 + k];
            assertThat(parallel.cost(problem.rotation, problem.translation, xyz)).isInfinite();
        } finally {
            one.shutdown();
            four.shutdown();
        }
    }

    @Test
    void costIsTheSumOfHuberLossesOfEachComponent() {
        BundleProblem problem = TinyWindow.create(1, 5, 2, 12, 3.0);
        NormalEquationBlocks blocks = setUp(problem);
        double expected = 0;
        for (double r : residuals(problem))
            expected += Math.abs(r) <= HUBER ? 0.5 * r * r : HUBER * (Math.abs(r) - 0.5 * HUBER);
        assertThat(blocks.cost(problem.rotation, problem.translation, problem.xyz))
                .isCloseTo(expected, within(1e-9 * expected));
    }

    @Test
    void blocksAreTheWeightedProductsOfTheJacobian() {
        BundleProblem problem = TinyWindow.create(2, 5, 2, 12, 3.0);
        NormalEquationBlocks blocks = setUp(problem);
        blocks.linearize(problem.rotation, problem.translation, problem.xyz);
        double[] r = residuals(problem);
        double[][] jacobian = numericJacobian(problem);
        int params = jacobian[0].length, free = problem.views() - problem.fixedViews(), pointBase = 6 * free;
        // both branches of the loss are exercised
        assertThat(java.util.Arrays.stream(r).filter(e -> Math.abs(e) > HUBER).count()).isPositive();
        assertThat(java.util.Arrays.stream(r).filter(e -> Math.abs(e) < HUBER).count()).isPositive();

        double[][] h = new double[params][params];
        double[] g = new double[params];
        for (int i = 0; i < r.length; i++) {
            double w = HuberLoss.weight(r[i], HUBER);
            for (int a = 0; a < params; a++) {
                g[a] += jacobian[i][a] * w * r[i];
                for (int c = 0; c < params; c++)
                    h[a][c] += jacobian[i][a] * w * jacobian[i][c];
            }
        }
        double scale = 0;
        for (double[] row : h)
            for (double x : row)
                scale = Math.max(scale, Math.abs(x));
        double tolerance = 1e-6 * scale;

        for (int fv = 0; fv < free; fv++)
            for (int k = 0; k < 6; k++) {
                for (int l = k; l < 6; l++)
                    assertThat(blocks.u[36 * fv + 6 * k + l]).isCloseTo(h[6 * fv + k][6 * fv + l], within(tolerance));
                assertThat(blocks.gc[6 * fv + k]).isCloseTo(g[6 * fv + k], within(tolerance));
            }
        int[][] sym = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}};
        for (int j = 0; j < problem.points(); j++) {
            for (int e = 0; e < 6; e++)
                assertThat(blocks.v[6 * j + e])
                        .isCloseTo(h[pointBase + 3 * j + sym[e][0]][pointBase + 3 * j + sym[e][1]], within(tolerance));
            for (int k = 0; k < 3; k++)
                assertThat(blocks.gp[3 * j + k]).isCloseTo(g[pointBase + 3 * j + k], within(tolerance));
        }
        // the sum of W over the observations of one (view, point) pair is H's off-diagonal block
        for (int j = 0; j < problem.points(); j++)
            for (int fv = 0; fv < free; fv++) {
                double[] sum = new double[18];
                for (int s = blocks.pointStart[j]; s < blocks.pointStart[j + 1]; s++)
                    if (blocks.view[s] == fv + problem.fixedViews())
                        for (int k = 0; k < 6; k++)
                            for (int c = 0; c < 3; c++)
                                sum[3 * k + c] += w(blocks, s, k, c);
                for (int k = 0; k < 6; k++)
                    for (int c = 0; c < 3; c++)
                        assertThat(sum[3 * k + c]).isCloseTo(h[6 * fv + k][pointBase + 3 * j + c], within(tolerance));
            }
        assertThat(blocks.maxGradient).isCloseTo(maxAbs(g), within(tolerance));
    }

    @Test
    void observationsAreGroupedByPointThenView() {
        BundleProblem problem = TinyWindow.create(3, 6, 1, 20, 0.5);
        NormalEquationBlocks blocks = setUp(problem);
        assertThat(blocks.pointStart[problem.points()]).isEqualTo(problem.observations());
        for (int j = 0; j < problem.points(); j++) {
            int count = 0;
            for (int o = 0; o < problem.observations(); o++)
                if (problem.obsPoint[o] == j)
                    count++;
            assertThat(blocks.pointStart[j + 1] - blocks.pointStart[j]).isEqualTo(count);
            for (int s = blocks.pointStart[j] + 1; s < blocks.pointStart[j + 1]; s++)
                assertThat(blocks.view[s]).isGreaterThanOrEqualTo(blocks.view[s - 1]);
        }
    }

    @Test
    void aPointBehindItsCameraIsLeftOutAndAStateThatMovesACountedOneThereCostsInfinity() {
        BundleProblem problem = TinyWindow.create(4, 4, 1, 10, 0.5);
        NormalEquationBlocks counted = setUp(problem);

        // put the point of observation 0 one metre behind its view, along the view's optical axis
        BundleProblem behind = TinyWindow.copy(problem);
        int p = problem.obsPoint[0], v = problem.obsView[0];
        double dz = -(TinyWindow.camera(problem, v, p)[2] + 1);
        for (int k = 0; k < 3; k++)
            behind.xyz[3 * p + k] += problem.rotation[9 * v + 6 + k] * dz;
        assertThat(counted.cost(behind.rotation, behind.translation, behind.xyz)).isEqualTo(Double.POSITIVE_INFINITY);

        NormalEquationBlocks blocks = new NormalEquationBlocks();
        blocks.setUp(behind, HUBER, true);
        int left = blocks.markValid(behind.rotation, behind.translation, behind.xyz);
        assertThat(left).isLessThan(problem.observations());
        double[] r = residuals(behind);
        double expected = 0;
        for (int o = 0; o < behind.observations(); o++)
            if (TinyWindow.camera(behind, behind.obsView[o], behind.obsPoint[o])[2] > 0)
                expected += HuberLoss.cost(r[2 * o], HUBER) + HuberLoss.cost(r[2 * o + 1], HUBER);
        assertThat(blocks.cost(behind.rotation, behind.translation, behind.xyz))
                .isCloseTo(expected, within(1e-9 * expected));
        blocks.linearize(behind.rotation, behind.translation, behind.xyz);
        assertThat(blocks.maxGradient).isFinite();
    }

    /** Element (k, c) of W = J_cᵀ·(Ω·J_p) of ordered observation s, from its stored factors. */
    static double w(NormalEquationBlocks b, int s, int k, int c) {
        return b.jc[12 * s + k] * b.pj[6 * s + c] + b.jc[12 * s + 6 + k] * b.pj[6 * s + 3 + c];
    }

    private static NormalEquationBlocks setUp(BundleProblem problem) {
        NormalEquationBlocks blocks = new NormalEquationBlocks();
        blocks.setUp(problem, HUBER, true);
        assertThat(blocks.markValid(problem.rotation, problem.translation, problem.xyz))
                .isEqualTo(problem.observations());
        return blocks;
    }

    private static double maxAbs(double[] a) {
        double m = 0;
        for (double x : a)
            m = Math.max(m, Math.abs(x));
        return m;
    }
}
