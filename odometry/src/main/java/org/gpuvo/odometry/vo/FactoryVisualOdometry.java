package org.gpuvo.odometry.vo;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;

/** Creates visual odometry pipelines. */
public final class FactoryVisualOdometry {
    private FactoryVisualOdometry() {
    }

    /**
     * A pipeline for {@code config.mode}.
     *
     * @param camera the mono / left / RGB camera
     * @param stereo the rig's calibration in {@link VoMode#STEREO}, else null
     * @throws IllegalArgumentException if the mode needs a calibration that is missing
     */
    public static VisualOdometry create(ConfigVisualOdometry config, CameraModel camera, StereoCalibration stereo) {
        throw new UnsupportedOperationException("not implemented yet");
    }
}
