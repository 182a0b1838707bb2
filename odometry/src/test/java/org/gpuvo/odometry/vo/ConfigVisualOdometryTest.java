package org.gpuvo.odometry.vo;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.geometry.ConfigRansac;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigVisualOdometryTest {
    @Test
    void theRansacsAndTheBundleAdjustmentKeepTheirDefaults() {
        ConfigVisualOdometry config = new ConfigVisualOdometry();
        ConfigRansac tracking = config.ransac, init = config.initRansac;
        assertThat(tracking.inlierThresholdPixels).isEqualTo(1.5);
        assertThat(tracking.maxIterations).isEqualTo(300);
        assertThat(tracking.minIterations).isZero();
        assertThat(tracking.confidence).isEqualTo(0.999);
        assertThat(tracking.seed).isEqualTo(0xC0FFEE);
        assertThat(init.inlierThresholdPixels).isEqualTo(2.0);
        assertThat(init.maxIterations).isEqualTo(300);
        assertThat(init.minIterations).isEqualTo(200);
        assertThat(init.confidence).isEqualTo(0.999);
        assertThat(init.seed).isEqualTo(0xC0FFEE);
        assertThat(config.bundle.huberPixels).isEqualTo(tracking.inlierThresholdPixels);
        assertThat(config.bundle.maxIterations).isEqualTo(10);
    }

    @Test
    void aNestedConfigurationsErrorNamesTheField() {
        ConfigVisualOdometry config = new ConfigVisualOdometry();
        config.initRansac.maxIterations = 0;
        assertThatThrownBy(config::checkValidity).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("initRansac: maxIterations must be at least 1");
        config = new ConfigVisualOdometry();
        config.siftMatch.ratio = 2;
        assertThatThrownBy(config::checkValidity).hasMessageStartingWith("siftMatch: ratio");
    }

    @Test
    void thePipelineIsCheckedAtItsFactory() {
        ConfigVisualOdometry config = new ConfigVisualOdometry();
        config.bundleFixedFrames = config.bundleWindow;
        CameraModel camera = CameraModel.pinhole(640, 480, 500, 500, 320, 240);
        assertThatThrownBy(() -> FactoryVisualOdometry.create(config, camera, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bundleFixedFrames");
    }
}
