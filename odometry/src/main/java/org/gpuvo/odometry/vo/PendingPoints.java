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
    /** ids from {@code base} on; hosts and camera-frame coordinates, by id − base */
    private int base, count;
    private int[] host = new int[256];
    private double[] xyz = new double[3 * 256];
    private int cachedHost = -1;
    private double hostScale = 1;
    private final Se3_F64 hostPose = new Se3_F64();
    private final Point3D_F64 p = new Point3D_F64();

    /** Records point {@code id} (the next id), measured at camera-frame (x, y, z) of frame {@code hostFrame}. */
    void add(int id, int hostFrame, double x, double y, double z) {
        if (count == 0)
            base = id;
        if (id != base + count)
            throw new IllegalArgumentException("point " + id + " after " + (base + count - 1));
        if (count == host.length) {
            host = Arrays.copyOf(host, 2 * count);
            xyz = Arrays.copyOf(xyz, 6 * count);
        }
        host[count] = hostFrame;
        xyz[3 * count] = x;
        xyz[3 * count + 1] = y;
        xyz[3 * count + 2] = z;
        count++;
    }

    /** Forgets the points below {@code placed}: mapping's snapshot holds them. */
    void placedBelow(int placed) {
        int drop = Math.min(count, Math.max(0, placed - base));
        if (drop == 0)
            return;
        System.arraycopy(host, drop, host, 0, count - drop);
        System.arraycopy(xyz, 3 * drop, xyz, 0, 3 * (count - drop));
        count -= drop;
        base += drop;
        cachedHost = -1;
    }

    boolean holds(int id) {
        return id >= base && id < base + count;
    }

    /** The world position of pending point {@code id} under the poses as they are now. */
    Point3D_F64 world(int id, TrackedPoses poses, Point3D_F64 out) {
        int i = id - base;
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
