package org.gpuvo.ros.output;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.geometry.GeometryMath_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.struct.so.Rodrigues_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.PoseWithCovariance;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Twist;
import org.gpuvo.ros.msg.TwistWithCovariance;
import org.gpuvo.ros.msg.Vector3;

/**
 * The pipeline's per-frame result as ROS messages: nav_msgs/Odometry (pose in the odometry frame, twist in the
 * child frame, REP-105) and the matching TF transform. The covariance is a nominal diagonal while tracking and is
 * inflated when tracking is lost, so that a fusing filter (robot_localization) stops trusting the pose.
 */
public final class OdometryMessages {
    /** Nominal variances while tracking: position (m²) and rotation (rad²). */
    public static final double POSITION_VARIANCE = 1e-4, ROTATION_VARIANCE = 1e-4;
    /** Factor applied to the variances of a frame that was not tracked. */
    public static final double LOST_INFLATION = 1e6;

    private OdometryMessages() {
    }

    /**
     * @param previous the previous frame's result (null for the first): the twist is the motion between them
     */
    public static Odometry odometry(FrameResult frame, FrameResult previous, Time stamp, String odomFrame,
                                    String childFrame) {
        double scale = frame.tracked() ? 1 : LOST_INFLATION;
        double[] poseCovariance = diagonal(POSITION_VARIANCE * scale, ROTATION_VARIANCE * scale);
        Twist twist = new Twist(Vector3.ZERO, Vector3.ZERO);
        double[] twistCovariance = diagonal(POSITION_VARIANCE * scale, ROTATION_VARIANCE * scale);
        if (previous != null && frame.timestamp > previous.timestamp)
            twist = twist(previous.cameraToWorld, frame.cameraToWorld, frame.timestamp - previous.timestamp);
        return new Odometry(new Header(stamp, odomFrame), childFrame,
                new PoseWithCovariance(PoseMessages.pose(frame.cameraToWorld), poseCovariance),
                new TwistWithCovariance(twist, twistCovariance));
    }

    /** The transform odomFrame → childFrame of the frame's pose. */
    public static TransformStamped transform(FrameResult frame, Time stamp, String odomFrame, String childFrame) {
        return new TransformStamped(new Header(stamp, odomFrame), childFrame, PoseMessages.transform(frame.cameraToWorld));
    }

    /**
     * Velocity in the child frame over {@code dt} seconds from pose {@code before} to {@code after} (child-to-odom):
     * linear {@code R_aᵀ (t_a − t_b) / dt}, angular the rotation vector of {@code R_bᵀ R_a} over dt (its axis is the
     * same in both frames).
     */
    static Twist twist(Se3_F64 before, Se3_F64 after, double dt) {
        Vector3D_F64 moved = new Vector3D_F64(after.T.x - before.T.x, after.T.y - before.T.y, after.T.z - before.T.z);
        Vector3D_F64 inChild = new Vector3D_F64();
        GeometryMath_F64.multTran(after.R, moved, inChild);
        DMatrixRMaj relative = new DMatrixRMaj(3, 3);
        CommonOps_DDRM.multTransA(before.R, after.R, relative);
        Rodrigues_F64 w = ConvertRotation3D_F64.matrixToRodrigues(relative, null);
        double rate = w.theta / dt;
        return new Twist(new Vector3(inChild.x / dt, inChild.y / dt, inChild.z / dt),
                new Vector3(w.unitAxisRotation.x * rate, w.unitAxisRotation.y * rate, w.unitAxisRotation.z * rate));
    }

    private static double[] diagonal(double position, double rotation) {
        double[] c = new double[36];
        for (int i = 0; i < 3; i++) {
            c[i * 7] = position;
            c[(i + 3) * 7] = rotation;
        }
        return c;
    }
}
