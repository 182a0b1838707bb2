package org.gpuvo.ros.node;

import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;

/**
 * The calibration a pipeline is made with: the (left) camera and, in stereo, the rig. {@code version} tells one
 * calibration from the next.
 */
record CameraSetup(long version, CameraModel camera, StereoCalibration stereo) {
}
