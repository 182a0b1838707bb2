package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;

import java.util.BitSet;
import java.util.function.Consumer;

/**
 * Tracking's book of map point ids. New points get their id here, at once, so that the frame's tracks refer to them
 * before local mapping has placed them ({@link PendingPoints} holds them meanwhile); monocular points keep their
 * first observation ({@link PointAnchors}); points tracking found wrong are remembered, and mapping learns of them
 * with the frame's update. Ids nothing uses any more are given again ({@link PointIds}).
 */
final class TrackingPoints {
    private final PointAnchors anchors = new PointAnchors();
    private final PendingPoints pending = new PendingPoints();
    private final PendingRefinements refinements = new PendingRefinements();
    private final BitSet rejected = new BitSet();
    private final PointIds ids;

    /** @param window the bundle adjustment's window, as tracking fills it */
    TrackingPoints(WindowFrames window) {
        ids = new PointIds(window);
    }

    /** Ids are below this. */
    int idLimit() {
        return ids.limit();
    }

    /**
     * Retires the points the tracking thread no longer refers to: {@code keep} marks those it does, through
     * {@link PointIds#keep}. Pending points and refinements need no mark: an id retired is given again only once
     * mapping has taken in the frame that retired it, by when neither holds it.
     *
     * @return how many were retired
     */
    int retireUnreferenced(Consumer<PointIds> keep) {
        ids.beginSweep();
        keep.accept(ids);
        return ids.endSweep();
    }

    /** Frame {@code frame}'s update is complete and the window has taken it in (call before it goes to mapping). */
    void frameDone(int frame) {
        ids.frameDone(frame);
    }

    /**
     * A new map point at world position {@code at} (in the snapshot's world), added to the update for local mapping
     * to place. Tracking uses it from its measurement {@code inHost} (in the camera frame of frame {@code hostFrame})
     * until mapping has placed it. A monocular point keeps its first observation (frame, normalized x, y) and
     * parallax; others have anchor frame -1.
     *
     * @return the point's id
     */
    int add(FrameUpdate update, Point3D_F64 at, int grey, int anchorFrame, double ax, double ay, double parallax,
            int hostFrame, Point3D_F64 inHost) {
        int id = ids.allocate();
        rejected.clear(id);
        update.addPoint(id, at.x, at.y, at.z, grey);
        anchors.set(id, anchorFrame, ax, ay, parallax);
        pending.add(id, update.frame, hostFrame, inHost.x, inHost.y, inHost.z);
        return id;
    }

    /** Whether the point can be tracked: placed by mapping or pending, and rejected neither there nor here. */
    boolean usable(int id, MapSnapshot map) {
        return id >= 0 && !rejected.get(id) && (map.usable(id) || pending.holds(id));
    }

    /** The point is wrong: it is not tracked again, and mapping learns of it with {@code update}. */
    void reject(int id, FrameUpdate update) {
        rejected.set(id);
        update.rejected.add(id);
    }

    /**
     * The point's world position: where tracking triangulated it again if mapping has not yet taken that in, else
     * for a pending point its measurement, else mapping's; the first two under the poses as they are.
     */
    Point3D_F64 world(int id, MapSnapshot map, TrackedPoses poses, Point3D_F64 out) {
        if (refinements.holds(id))
            return refinements.world(id, poses, out);
        if (pending.holds(id))
            return pending.world(id, poses, out);
        return out.setTo(map.x(id), map.y(id), map.z(id));
    }

    /**
     * Point {@code id} was triangulated again in frame {@code frame}, at {@code inFrame} in that frame's camera and
     * {@code at} in the world; mapping learns of it with {@code update}, tracking uses it at once.
     */
    void refine(FrameUpdate update, int id, int frame, Point3D_F64 inFrame, Point3D_F64 at) {
        update.refine(id, at.x, at.y, at.z);
        refinements.add(id, frame, inFrame);
    }

    /**
     * Call with each new snapshot: the points it holds are no longer pending, the poses may have moved, and the ids
     * whose last frame has left the bundle adjustment's window may be given again.
     */
    void mapChanged(MapSnapshot map) {
        pending.placedThrough(map.newestFrame);
        pending.posesChanged();
        refinements.takenInUpTo(map.newestFrame);
        ids.mappedUpTo(map.newestFrame);
    }

    PointAnchors anchors() {
        return anchors;
    }
}
