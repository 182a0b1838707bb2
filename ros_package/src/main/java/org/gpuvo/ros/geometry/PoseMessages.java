package org.gpuvo.ros.geometry;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Quaternion_F64;
import org.gpuvo.ros.msg.Point;
import org.gpuvo.ros.msg.Pose;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.Transform;
import org.gpuvo.ros.msg.Vector3;

/**
 * Converts between georegression's {@link Se3_F64} (a frame's pose: {@code p_parent = R p_child + T}) and the
 * geometry_msgs Pose and Transform, which mean the same. ROS quaternions are x, y, z, w; georegression's w, x, y, z.
 */
public final class PoseMessages {
    private PoseMessages() {
    }

    public static Pose pose(Se3_F64 pose) {
        return new Pose(new Point(pose.T.x, pose.T.y, pose.T.z), quaternion(pose));
    }

    public static Transform transform(Se3_F64 pose) {
        return new Transform(new Vector3(pose.T.x, pose.T.y, pose.T.z), quaternion(pose));
    }

    public static Se3_F64 se3(Pose pose) {
        return se3(pose.position().x(), pose.position().y(), pose.position().z(), pose.orientation());
    }

    public static Se3_F64 se3(Transform transform) {
        Vector3 t = transform.translation();
        return se3(t.x(), t.y(), t.z(), transform.rotation());
    }

    private static Quaternion quaternion(Se3_F64 pose) {
        Quaternion_F64 q = ConvertRotation3D_F64.matrixToQuaternion(pose.R, null);
        q.normalize();
        // one hemisphere (w ≥ 0), so equal rotations give equal messages
        double sign = q.w < 0 ? -1 : 1;
        return new Quaternion(sign * q.x, sign * q.y, sign * q.z, sign * q.w);
    }

    /**
     * @throws IllegalArgumentException for a quaternion that is not finite or far from unit length (a zero
     *                                  quaternion is what an uninitialised message holds)
     */
    private static Se3_F64 se3(double x, double y, double z, Quaternion q) {
        double norm = Math.sqrt(q.x() * q.x() + q.y() * q.y() + q.z() * q.z() + q.w() * q.w());
        if (!Double.isFinite(norm) || Math.abs(norm - 1) > 1e-3 || !Double.isFinite(x + y + z))
            throw new IllegalArgumentException("not a pose: position (" + x + ", " + y + ", " + z + "), quaternion ("
                    + q.x() + ", " + q.y() + ", " + q.z() + ", " + q.w() + ") of norm " + norm);
        Se3_F64 out = new Se3_F64();
        out.T.setTo(x, y, z);
        ConvertRotation3D_F64.quaternionToMatrix(new Quaternion_F64(q.w() / norm, q.x() / norm, q.y() / norm, q.z() / norm), out.R);
        return out;
    }
}
