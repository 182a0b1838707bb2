package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;

/**
 * A smooth camera motion through a scene, exact at any time: the pose is a closed-form function of time, so the
 * ground truth of a frame is the very pose it was rendered from.
 */
public interface CameraPath {
    /**
     * The camera's pose at {@code time} seconds: camera-to-world in the scene frame (z up), the camera looking along
     * its z axis with x right and y down (OpenCV, KITTI).
     */
    Se3_F64 cameraToWorld(double time);
}
