package org.gpuvo.odometry.vo;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.frontend.FactoryTrackingFrontEnd;
import org.gpuvo.odometry.frontend.TrackingFrontEnd;

/** Creates visual odometry pipelines. */
public final class FactoryVisualOdometry {
    private FactoryVisualOdometry() {
    }

    /**
     * A pipeline for {@code config.mode}: map-based tracking ({@link MapTrackingOdometry}) with features from
     * {@code config.backend}.
     *
     * @param config checked and copied: later changes to it do not reach the pipeline
     * @param camera the mono / left / RGB camera
     * @param stereo the rig's calibration in {@link VoMode#STEREO}, else ignored (may be null)
     * @throws IllegalArgumentException if the configuration is invalid or the mode needs a calibration that is missing
     */
    public static VisualOdometry create(ConfigVisualOdometry config, CameraModel camera, StereoCalibration stereo) {
        if (config == null || camera == null)
            throw new IllegalArgumentException("a configuration and a camera are needed");
        ConfigVisualOdometry c = config.copy().checkValidity();
        StereoRectification rig = null;
        if (c.mode == VoMode.STEREO) {
            if (stereo == null)
                throw new IllegalArgumentException("stereo mode needs a stereo calibration");
            // keypoints of unrectified rigs are mapped into a rectified virtual pair; images are not resampled
            rig = StereoRectification.compute(stereo);
        }
        return new MapTrackingOdometry(c, camera, rig);
    }

    /**
     * The front end of {@code config}'s feature type ({@link ConfigVisualOdometry#features}) with its extraction and
     * matching settings, on {@code backend} (which may differ from {@code config.backend}, e.g. for a fallback).
     *
     * @param pipeline names the pipeline in messages (e.g. the camera)
     * @throws IllegalArgumentException if the configuration is invalid
     */
    public static TrackingFrontEnd frontEnd(String pipeline, ConfigVisualOdometry config, Backend backend) {
        if (config == null)
            throw new IllegalArgumentException("a configuration is needed");
        return config.features == FeatureType.SIFT
                ? FactoryTrackingFrontEnd.create(pipeline, config.sift, config.siftMatch, config.siftThreshold, backend)
                : FactoryTrackingFrontEnd.create(pipeline, config.orb, config.match, backend);
    }
}
