package org.gpuvo.odometry.vo;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;

/** Creates visual odometry pipelines. */
public final class FactoryVisualOdometry {
    private FactoryVisualOdometry() {
    }

    /**
     * A pipeline for {@code config.mode}: map-based tracking ({@link MapTrackingOdometry}) with features from
     * {@code config.backend}.
     *
     * @param camera the mono / left / RGB camera
     * @param stereo the rig's calibration in {@link VoMode#STEREO}, else ignored (may be null)
     * @throws IllegalArgumentException if the configuration is invalid or the mode needs a calibration that is missing
     */
    public static VisualOdometry create(ConfigVisualOdometry config, CameraModel camera, StereoCalibration stereo) {
        if (config == null || camera == null)
            throw new IllegalArgumentException("a configuration and a camera are needed");
        ConfigVisualOdometry c = config.checkValidity();
        RectifiedStereo rig = null;
        if (c.mode == VoMode.STEREO) {
            if (stereo == null)
                throw new IllegalArgumentException("stereo mode needs a stereo calibration");
            rig = rectified(stereo);
        }
        return new MapTrackingOdometry(c, camera, rig);
    }

    private static RectifiedStereo rectified(StereoCalibration stereo) {
        RectifiedStereo aligned = AlignedStereo.of(stereo);
        if (aligned != null)
            return aligned;
        throw new IllegalArgumentException("the stereo pair is not rectified (rotation, distortion or intrinsics differ)");
    }
}
