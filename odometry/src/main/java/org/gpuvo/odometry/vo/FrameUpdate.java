package org.gpuvo.odometry.vo;

import georegression.struct.se.Se3_F64;
import org.ddogleg.struct.DogArray_F64;
import org.ddogleg.struct.DogArray_I32;

/**
 * What tracking hands to local mapping for one frame: the frame's pose, what it observed of the map, and the points
 * it measured. Geometry is expressed in the world as tracking saw it, that of the snapshot it tracked against; the
 * {@link #anchorFrame} pins that world to the map: local mapping moves everything here with the correction the
 * anchor has received since (a bundle adjustment that ran meanwhile), so that a frame and the points it measured
 * always move together with the map they were measured against.
 */
final class FrameUpdate {
    int frame;
    /** the frame's world-to-camera pose */
    final Se3_F64 pose = new Se3_F64();
    /** the newest frame of the snapshot the frame was tracked against (-1: none), its pose and scale there */
    int anchorFrame;
    final Se3_F64 anchorPose = new Se3_F64();
    double anchorScale = 1;

    /** the bundle adjustment's window: forget it (a loss of track, a new initialisation) */
    boolean clearWindow;
    /** an earlier frame that enters the window before this one (a monocular initialisation's reference), or -1 */
    int windowReference;
    /** whether the frame enters the window */
    boolean entersWindow;
    /** whether a bundle adjustment is due after this frame */
    boolean bundleDue;

    /** observations for the window: frame, point id, normalized x, y */
    final DogArray_I32 observedFrame = new DogArray_I32(), observedPoint = new DogArray_I32();
    final DogArray_F64 observedX = new DogArray_F64(), observedY = new DogArray_F64();
    /** new points: their ids (an id may be one given again), world x, y, z triples and grey values */
    final DogArray_I32 newIds = new DogArray_I32();
    final DogArray_F64 newXyz = new DogArray_F64();
    final DogArray_I32 newGrey = new DogArray_I32();
    /**
     * the baseline (metres) of the stereo pair, or the virtual one of a depth camera, that measured the new points'
     * depth: their depth prior in the bundle adjustment; 0 for triangulated (monocular) points, which have none
     */
    double depthBaseline;
    /** points measured again (wider parallax): ids, world x, y, z triples */
    final DogArray_I32 refinedPoint = new DogArray_I32();
    final DogArray_F64 refinedXyz = new DogArray_F64();
    /** points found wrong */
    final DogArray_I32 rejected = new DogArray_I32();

    /** the poses of the frames below this are forgotten ({@link FrameHistory}; 0: none) */
    int forgetBelow;

    /** when tracking submitted it (System.nanoTime) */
    long submittedNanos;

    FrameUpdate reset(int frame) {
        this.frame = frame;
        anchorFrame = -1;
        anchorScale = 1;
        clearWindow = false;
        windowReference = -1;
        entersWindow = false;
        bundleDue = false;
        observedFrame.reset();
        observedPoint.reset();
        observedX.reset();
        observedY.reset();
        depthBaseline = 0;
        newIds.reset();
        newXyz.reset();
        newGrey.reset();
        refinedPoint.reset();
        refinedXyz.reset();
        rejected.reset();
        forgetBelow = 0;
        return this;
    }

    int newPoints() {
        return newGrey.size;
    }

    void observe(int frame, int point, double x, double y) {
        observedFrame.add(frame);
        observedPoint.add(point);
        observedX.add(x);
        observedY.add(y);
    }

    void addPoint(int id, double x, double y, double z, int grey) {
        newIds.add(id);
        newXyz.add(x);
        newXyz.add(y);
        newXyz.add(z);
        newGrey.add(grey);
    }

    void refine(int point, double x, double y, double z) {
        refinedPoint.add(point);
        refinedXyz.add(x);
        refinedXyz.add(y);
        refinedXyz.add(z);
    }
}
