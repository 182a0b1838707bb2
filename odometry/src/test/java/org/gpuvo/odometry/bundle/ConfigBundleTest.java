package org.gpuvo.odometry.bundle;

import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigBundleTest {
    @Test
    void defaultsAreValid() {
        ConfigBundle config = new ConfigBundle();
        assertThat(config.checkValidity()).isSameAs(config);
        assertThat(config.huberPixels).isEqualTo(1.5);
        assertThat(config.maxIterations).isEqualTo(10);
        assertThat(config.functionTolerance).isEqualTo(1e-6);
        assertThat(config.gradientTolerance).isEqualTo(1e-10);
        assertThat(config.initialDamping).isEqualTo(1e-4);
        assertThat(config.weightedCurvature).isFalse();
    }

    @Test
    void plainLeastSquaresIsAllowed() {
        ConfigBundle config = new ConfigBundle();
        config.huberPixels = Double.POSITIVE_INFINITY;
        config.checkValidity();
    }

    @Test
    void anInvalidFieldIsNamed() {
        rejects("huberPixels", c -> c.huberPixels = 0);
        rejects("huberPixels", c -> c.huberPixels = Double.NaN);
        rejects("maxIterations", c -> c.maxIterations = -1);
        rejects("functionTolerance", c -> c.functionTolerance = -1e-3);
        rejects("functionTolerance", c -> c.functionTolerance = Double.POSITIVE_INFINITY);
        rejects("gradientTolerance", c -> c.gradientTolerance = Double.NaN);
        rejects("initialDamping", c -> c.initialDamping = 0);
        assertThatThrownBy(() -> {
            ConfigBundle c = new ConfigBundle();
            c.maxIterations = -2;
            new SchurBundleAdjustment(c);
        }).hasMessageContaining("maxIterations");
    }

    @Test
    void copyIsIndependent() {
        ConfigBundle config = new ConfigBundle();
        config.huberPixels = 2;
        config.maxIterations = 7;
        config.functionTolerance = 1e-4;
        config.gradientTolerance = 1e-3;
        config.initialDamping = 1e-2;
        ConfigBundle copy = config.copy();
        assertThat(copy).usingRecursiveComparison().isEqualTo(config);
        copy.maxIterations = 3;
        assertThat(config.maxIterations).isEqualTo(7);
    }

    @Test
    void theSolverKeepsItsOwnCopy() {
        ConfigBundle config = new ConfigBundle();
        SchurBundleAdjustment solver = new SchurBundleAdjustment(config);
        config.maxIterations = 99;
        assertThat(solver.config().maxIterations).isEqualTo(10);
    }

    private static void rejects(String field, Consumer<ConfigBundle> change) {
        ConfigBundle config = new ConfigBundle();
        change.accept(config);
        assertThatThrownBy(config::checkValidity).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(field);
    }
}
