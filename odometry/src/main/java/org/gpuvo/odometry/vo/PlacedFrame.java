package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;

/**
 * A frame placed after its result was returned: a monocular initialisation, once the map exists, places the frames it
 * waited through against the map (PnP on their tracks), which were reported {@link TrackingState#INITIALIZING} with a
 * held pose.
 *
 * @param frame         the frame's index, counting every frame the pipeline was given from 0
 * @param timestamp     its timestamp
 * @param cameraToWorld its pose, as {@link FrameResult#cameraToWorld}
 */
public record PlacedFrame(int frame, double timestamp, Se3_F64 cameraToWorld) {
    public PlacedFrame {
        cameraToWorld = cameraToWorld.copy();
    }
}
