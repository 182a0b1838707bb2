package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Monocular points tracking has triangulated again ({@link TrackTriangulation#refine}) whose new position local mapping
 * has not yet taken in: each in the camera frame of the frame that triangulated it, whose pose moves with its anchor as
 * mapping's placement of the new position does, so that tracking uses the new position at once, where mapping will
 * put it, as {@link PendingPoints} does for new points. Without them, a point
 * first triangulated from little parallax would be tracked at its old position until mapping caught up, and with
 * mapping a few frames behind a fast forward motion those stale positions cost accuracy (KITTI 06 frames 0–50 without
 * bundle adjustment: 0.40 m with mapping after each frame, 0.94 m with it 2 frames behind).
 */
final class PendingRefinements {
    private record Refinement(int frame, double x, double y, double z) {
    }

    /** the newest refinement of each point, and all in the order of their frames (to forget them in that order) */
    private final Map<Integer, Refinement> byPoint = new HashMap<>();
    private final ArrayDeque<int[]> byFrame = new ArrayDeque<>();
    private final Se3_F64 hostPose = new Se3_F64();
    private final Point3D_F64 p = new Point3D_F64();

    /** Point {@code id}, triangulated again in frame {@code frame}, is at {@code inFrame} in that frame's camera. */
    void add(int id, int frame, Point3D_F64 inFrame) {
        byPoint.put(id, new Refinement(frame, inFrame.x, inFrame.y, inFrame.z));
        byFrame.addLast(new int[]{frame, id});
    }

    /** Forgets the refinements of frames up to {@code newestFrame}: mapping's snapshot holds them. */
    void takenInUpTo(int newestFrame) {
        while (!byFrame.isEmpty() && byFrame.peekFirst()[0] <= newestFrame) {
            int[] e = byFrame.removeFirst();
            Refinement r = byPoint.get(e[1]);
            if (r != null && r.frame() <= newestFrame)
                byPoint.remove(e[1]);
        }
    }

    boolean holds(int id) {
        return byPoint.containsKey(id);
    }

    /** The refined world position of point {@code id} under the poses as they are now. */
    Point3D_F64 world(int id, TrackedPoses poses, Point3D_F64 out) {
        Refinement r = byPoint.get(id);
        poses.get(r.frame(), hostPose);
        p.setTo(r.x(), r.y(), r.z());
        return SePointOps_F64.transformReverse(hostPose, p, out);
    }
}
