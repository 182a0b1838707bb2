package org.gpuvo.odometry.bundle;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ReducedCameraSystemTest {
    /** The Schur step equals the dense solution of (H + λ·D)·δ = −g assembled from the same blocks. */
    @ParameterizedTest(name = "lambda {0}")
    @ValueSource(doubles = {1e-6, 1e-3, 1.0})
    void stepSolvesTheFullDampedNormalEquations(double lambda) {
        NormalEquationBlocks b = linearized(TinyWindow.create(7, 6, 2, 15, 2.0));
        ReducedCameraSystem system = new ReducedCameraSystem();
        system.setUp(b);
        assertThat(system.solve(b, lambda)).isTrue();

        int free = b.freeViews, base = 6 * free, n = base + 3 * b.points;
        DMatrixRMaj h = new DMatrixRMaj(n, n), g = new DMatrixRMaj(n, 1);
        for (int fv = 0; fv < free; fv++)
            for (int k = 0; k < 6; k++) {
                for (int l = k; l < 6; l++) {
                    h.set(6 * fv + k, 6 * fv + l, b.u[36 * fv + 6 * k + l]);
                    h.set(6 * fv + l, 6 * fv + k, b.u[36 * fv + 6 * k + l]);
                }
                g.set(6 * fv + k, b.gc[6 * fv + k]);
            }
        int[][] sym = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}};
        for (int j = 0; j < b.points; j++) {
            for (int e = 0; e < 6; e++) {
                h.set(base + 3 * j + sym[e][0], base + 3 * j + sym[e][1], b.v[6 * j + e]);
                h.set(base + 3 * j + sym[e][1], base + 3 * j + sym[e][0], b.v[6 * j + e]);
            }
            for (int k = 0; k < 3; k++)
                g.set(base + 3 * j + k, b.gp[3 * j + k]);
            for (int s = b.pointStart[j]; s < b.pointStart[j + 1]; s++) {
                int fv = b.view[s] - b.fixedViews;
                if (fv < 0)
                    continue;
                for (int k = 0; k < 6; k++)
                    for (int c = 0; c < 3; c++) {
                        h.add(6 * fv + k, base + 3 * j + c, NormalEquationBlocksTest.w(b, s, k, c));
                        h.add(base + 3 * j + c, 6 * fv + k, NormalEquationBlocksTest.w(b, s, k, c));
                    }
            }
        }
        DMatrixRMaj damped = h.copy();
        for (int i = 0; i < n; i++)
            damped.add(i, i, lambda * Math.max(h.get(i, i), ReducedCameraSystem.DIAGONAL_MIN));
        DMatrixRMaj minusG = g.copy(), step = new DMatrixRMaj(n, 1);
        CommonOps_DDRM.scale(-1, minusG);
        assertThat(CommonOps_DDRM.solve(damped, minusG, step)).isTrue();

        double scale = CommonOps_DDRM.elementMaxAbs(step);
        for (int i = 0; i < base; i++)
            assertThat(system.poseStep.get(i)).isCloseTo(step.get(i), within(1e-8 * scale));
        for (int i = 0; i < 3 * b.points; i++)
            assertThat(system.pointStep[i]).isCloseTo(step.get(base + i), within(1e-8 * scale));

        // predicted reduction −gᵀδ − ½δᵀHδ
        DMatrixRMaj hStep = new DMatrixRMaj(n, 1);
        CommonOps_DDRM.mult(h, step, hStep);
        double predicted = -CommonOps_DDRM.dot(g, step) - 0.5 * CommonOps_DDRM.dot(step, hStep);
        assertThat(system.predictedReduction).isCloseTo(predicted, within(1e-8 * Math.abs(predicted)));
    }

    /** The points' terms summed in parallel chunks give the step summed one chunk after the other, to the bit. */
    @Test
    void parallelChunksGiveTheSameStepToTheBit() {
        BundleProblem problem = NormalEquationBlocksTest.windowForChunks();
        NormalEquationBlocks b = linearized(problem);
        ForkJoinPool one = new ForkJoinPool(1), four = new ForkJoinPool(4);
        try {
            ReducedCameraSystem sequential = new ReducedCameraSystem(one), parallel = new ReducedCameraSystem(four);
            sequential.setUp(b);
            parallel.setUp(b);
            assertThat(b.points).isGreaterThanOrEqualTo(ReducedCameraSystem.PARALLEL_POINTS);
            assertThat(sequential.solve(b, 1e-3)).isTrue();
            assertThat(parallel.solve(b, 1e-3)).isTrue();
            assertThat(parallel.poseStep.data).containsExactly(sequential.poseStep.data);
            assertThat(Arrays.copyOf(parallel.pointStep, 3 * b.points))
                    .containsExactly(Arrays.copyOf(sequential.pointStep, 3 * b.points));
            assertThat(parallel.predictedReduction).isEqualTo(sequential.predictedReduction);
        } finally {
            one.shutdown();
            four.shutdown();
        }
    }

    /** The problem's blocks at its current state, Huber at 1.5 px. */
    private static NormalEquationBlocks linearized(BundleProblem problem) {
        NormalEquationBlocks b = new NormalEquationBlocks();
        b.setUp(problem, 1.5, true);
        b.markValid(problem.rotation, problem.translation, problem.xyz);
        b.linearize(problem.rotation, problem.translation, problem.xyz);
        return b;
    }
}
