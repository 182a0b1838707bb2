package org.gpuvo.odometry.vo;

import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;

import java.util.Arrays;

/**
 * The points tracking has measured that local mapping has not yet placed: each in the camera frame of the frame that
 * measured it (its host), so that tracking can use it at once, at the position mapping will give it: the host's pose
 * as {@link TrackedPoses} sees it applied to the measurement, which follows the host's anchor as mapping's placement
 * does, scaled as the host's anchor was since ({@link AnchorCorrection}). Without them, a mapping thread busy with a
 * bundle adjustment would hold back a keyframe's new points from tracking until it ends, and a fast camera would run
 * out of tracked points meanwhile.
 */
final class PendingPoints {
    /** entries in the order they were measured: id, the frame whose update carries it, host, camera-frame x, y, z */
    private int count;
    private int[] ids = new int[256], updateFrame = new int[256], host = new int[256];
    private double[] xyz = new double[3 * 256];
    /** by id: its entry, or -1 */
    private int[] entryOf = new int[0];
    private int cachedHost = -1;
    private double hostScale = 1;
    private final Se3_F64 hostPose = new Se3_F64();
    private final Point3D_F64 p = new Point3D_F64();

    /**
     * Records point {@code id}, carried by the update of frame {@code frame} (frames in order), measured at
     * camera-frame (x, y, z) of frame {@code hostFrame}.
     */
    void add(int id, int frame, int hostFrame, double x, double y, double z) {
        if (count > 0 && frame < updateFrame[count - 1])
            throw new IllegalArgumentException("point of frame " + frame + " after one of " + updateFrame[count - 1]);
        if (id >= entryOf.length) {
            int old = entryOf.length;
            entryOf = Arrays.copyOf(entryOf, Math.max(id + 1, 2 * old));
            Arrays.fill(entryOf, old, entryOf.length, -1);
        }
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, 2 * count);
            updateFrame = Arrays.copyOf(updateFrame, 2 * count);
            host = Arrays.copyOf(host, 2 * count);
            xyz = Arrays.copyOf(xyz, 6 * count);
        }
        ids[count] = id;
        updateFrame[count] = frame;
        host[count] = hostFrame;
        xyz[3 * count] = x;
        xyz[3 * count + 1] = y;
        xyz[3 * count + 2] = z;
        entryOf[id] = count++;
    }

    /** Forgets the points of the updates up to frame {@code newestFrame}: mapping's snapshot holds them. */
    void placedThrough(int newestFrame) {
        int drop = 0;
        while (drop < count && updateFrame[drop] <= newestFrame)
            drop++;
        if (drop == 0)
            return;
        for (int i = 0; i < drop; i++)
            entryOf[ids[i]] = -1;
        count -= drop;
        System.arraycopy(ids, drop, ids, 0, count);
        System.arraycopy(updateFrame, drop, updateFrame, 0, count);
        System.arraycopy(host, drop, host, 0, count);
        System.arraycopy(xyz, 3 * drop, xyz, 0, 3 * count);
        for (int i = 0; i < count; i++)
            entryOf[ids[i]] = i;
        cachedHost = -1;
    }

    boolean holds(int id) {
        return id >= 0 && id < entryOf.length && entryOf[id] >= 0;
    }

    /** The world position of pending point {@code id} under the poses as they are now. */
    Point3D_F64 world(int id, TrackedPoses poses, Point3D_F64 out) {
        int i = entryOf[id];
        if (host[i] != cachedHost) {
            poses.get(host[i], hostPose);
            hostScale = poses.scaleSinceTracked(host[i]);
            cachedHost = host[i];
        }
        p.setTo(xyz[3 * i] * hostScale, xyz[3 * i + 1] * hostScale, xyz[3 * i + 2] * hostScale);
        return SePointOps_F64.transformReverse(hostPose, p, out);
    }

    /** Call when the poses may have moved (a new snapshot): cached host poses are stale. */
    void posesChanged() {
        cachedHost = -1;
    }
}
