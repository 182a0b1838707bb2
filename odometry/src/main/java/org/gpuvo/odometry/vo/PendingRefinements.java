package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;

import java.util.Arrays;

/**
 * Monocular points tracking has triangulated again ({@link TrackTriangulation#refine}) whose new position local mapping
 * has not yet taken in: each in the camera frame of the frame that triangulated it, whose pose moves (and scales) with
 * its anchor as mapping's placement of the new position does, so that tracking uses the new position at once, where
 * mapping will put it, as {@link PendingPoints} does for new points. Without them, a point first triangulated from little parallax
 * would be tracked at its old position until mapping caught up, and with mapping a few frames behind a fast forward
 * motion those stale positions cost accuracy (KITTI 06 frames 0–50 without bundle adjustment: 0.40 m with mapping
 * after each frame, 0.94 m with it 2 frames behind).
 */
final class PendingRefinements {
    /** by point id: the frame of its newest refinement not yet taken in (-1: none), and the position in its camera */
    private int[] frame = new int[0];
    private double[] xyz = new double[0];
    /** the refinements in the order of their frames, as (frame, point id) pairs from {@code head} to {@code tail} */
    private int[] queue = new int[64];
    private int head, tail;
    private final Se3_F64 framePose = new Se3_F64();
    private final Point3D_F64 p = new Point3D_F64();

    /** Point {@code id}, triangulated again in frame {@code frame}, is at {@code inFrame} in that frame's camera. */
    void add(int id, int frame, Point3D_F64 inFrame) {
        if (id >= this.frame.length) {
            int n = Math.max(id + 1, 2 * this.frame.length);
            int old = this.frame.length;
            this.frame = Arrays.copyOf(this.frame, n);
            Arrays.fill(this.frame, old, n, -1);
            xyz = Arrays.copyOf(xyz, 3 * n);
        }
        this.frame[id] = frame;
        xyz[3 * id] = inFrame.x;
        xyz[3 * id + 1] = inFrame.y;
        xyz[3 * id + 2] = inFrame.z;
        if (tail + 2 > queue.length) {
            // drop what was taken in, then grow if still full
            System.arraycopy(queue, head, queue, 0, tail - head);
            tail -= head;
            head = 0;
            if (tail + 2 > queue.length)
                queue = Arrays.copyOf(queue, 2 * queue.length);
        }
        queue[tail++] = frame;
        queue[tail++] = id;
    }

    /** Forgets the refinements of frames up to {@code newestFrame}: mapping's snapshot holds them. */
    void takenInUpTo(int newestFrame) {
        while (head < tail && queue[head] <= newestFrame) {
            int id = queue[head + 1];
            // a newer refinement of the same point stays
            if (frame[id] <= newestFrame)
                frame[id] = -1;
            head += 2;
        }
    }

    boolean holds(int id) {
        return id >= 0 && id < frame.length && frame[id] >= 0;
    }

    /** The refined world position of point {@code id} under the poses as they are now. */
    Point3D_F64 world(int id, TrackedPoses poses, Point3D_F64 out) {
        poses.get(frame[id], framePose);
        double scale = poses.scaleSinceTracked(frame[id]);
        p.setTo(xyz[3 * id] * scale, xyz[3 * id + 1] * scale, xyz[3 * id + 2] * scale);
        return SePointOps_F64.transformReverse(framePose, p, out);
    }
}
