package org.gpuvo.odometry.geometry;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The normal equations solve a small weighted least-squares problem exactly, for a pose's 6 parameters (the path
 * written out) as for other sizes (the general loop).
 */
class NormalEquationsTest {
    @Test
    void bothPathsSolveTheLinearProblem() {
        for (int n : new int[]{3, 5, 6}) {
            Random random = new Random(n);
            double[] truth = new double[n];
            for (int p = 0; p < n; p++)
                truth[p] = random.nextGaussian();
            NormalEquations equations = new NormalEquations(6);
            equations.reset(n);
            double[] j = new double[n];
            for (int i = 0; i < 50; i++) {
                double r = 0;
                for (int p = 0; p < n; p++) {
                    // some exact zeros, which the accumulation skips
                    j[p] = random.nextInt(5) == 0 ? 0 : random.nextGaussian();
                    r -= j[p] * truth[p];
                }
                equations.add(j, r, 0.5 + random.nextDouble());
            }
            double[] step = new double[n];
            assertThat(equations.solve(0, step)).isTrue();
            for (int p = 0; p < n; p++)
                assertThat(step[p]).as("n %d parameter %d", n, p).isCloseTo(truth[p], within(1e-9));
        }
    }
}
