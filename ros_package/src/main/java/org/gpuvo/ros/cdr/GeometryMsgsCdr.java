package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Point;
import org.gpuvo.ros.msg.Pose;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.PoseWithCovariance;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.Transform;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Twist;
import org.gpuvo.ros.msg.TwistWithCovariance;
import org.gpuvo.ros.msg.Vector3;

import java.util.List;

import static org.gpuvo.ros.cdr.StdMsgsCdr.HEADER;

/**
 * The CDR layout of the geometry_msgs the node uses. Field lines from the .msg files of ros2/common_interfaces,
 * comments dropped (defaults such as Quaternion's {@code w 1} and the files' own spacing kept).
 */
final class GeometryMsgsCdr {
    /** Entries of a 6×6 covariance, a fixed {@code float64[36]}. */
    static final int COVARIANCE_SIZE = 36;

    static final RosMessageType<Vector3> VECTOR3 = RosMessageType.of(Vector3.TYPE, Vector3.class, """
                    float64 x
                    float64 y
                    float64 z
                    """, List.of(),
            in -> new Vector3(in.float64("x"), in.float64("y"), in.float64("z")),
            (out, v) -> {
                out.float64(v.x());
                out.float64(v.y());
                out.float64(v.z());
            });

    static final RosMessageType<Point> POINT = RosMessageType.of(Point.TYPE, Point.class, """
                    float64 x
                    float64 y
                    float64 z
                    """, List.of(),
            in -> new Point(in.float64("x"), in.float64("y"), in.float64("z")),
            (out, p) -> {
                out.float64(p.x());
                out.float64(p.y());
                out.float64(p.z());
            });

    static final RosMessageType<Quaternion> QUATERNION = RosMessageType.of(Quaternion.TYPE, Quaternion.class, """
                    float64 x 0
                    float64 y 0
                    float64 z 0
                    float64 w 1
                    """, List.of(),
            in -> new Quaternion(in.float64("x"), in.float64("y"), in.float64("z"), in.float64("w")),
            (out, q) -> {
                out.float64(q.x());
                out.float64(q.y());
                out.float64(q.z());
                out.float64(q.w());
            });

    static final RosMessageType<Pose> POSE = RosMessageType.of(Pose.TYPE, Pose.class, """
                    Point position
                    Quaternion orientation
                    """, List.of(POINT, QUATERNION),
            in -> new Pose(in.struct("position", POINT), in.struct("orientation", QUATERNION)),
            (out, pose) -> {
                out.struct("position", POINT, pose.position());
                out.struct("orientation", QUATERNION, pose.orientation());
            });

    static final RosMessageType<PoseWithCovariance> POSE_WITH_COVARIANCE = RosMessageType.of(
            PoseWithCovariance.TYPE, PoseWithCovariance.class, """
                    Pose pose
                    float64[36] covariance
                    """, List.of(POSE),
            in -> new PoseWithCovariance(in.struct("pose", POSE), in.float64Array("covariance", COVARIANCE_SIZE)),
            (out, pose) -> {
                out.struct("pose", POSE, pose.pose());
                out.float64Array("covariance", pose.covariance(), COVARIANCE_SIZE);
            });

    static final RosMessageType<Twist> TWIST = RosMessageType.of(Twist.TYPE, Twist.class, """
                    Vector3  linear
                    Vector3  angular
                    """, List.of(VECTOR3),
            in -> new Twist(in.struct("linear", VECTOR3), in.struct("angular", VECTOR3)),
            (out, twist) -> {
                out.struct("linear", VECTOR3, twist.linear());
                out.struct("angular", VECTOR3, twist.angular());
            });

    static final RosMessageType<TwistWithCovariance> TWIST_WITH_COVARIANCE = RosMessageType.of(
            TwistWithCovariance.TYPE, TwistWithCovariance.class, """
                    Twist twist
                    float64[36] covariance
                    """, List.of(TWIST),
            in -> new TwistWithCovariance(in.struct("twist", TWIST), in.float64Array("covariance", COVARIANCE_SIZE)),
            (out, twist) -> {
                out.struct("twist", TWIST, twist.twist());
                out.float64Array("covariance", twist.covariance(), COVARIANCE_SIZE);
            });

    static final RosMessageType<PoseStamped> POSE_STAMPED = RosMessageType.of(PoseStamped.TYPE, PoseStamped.class,
            """
                    std_msgs/Header header
                    Pose pose
                    """, List.of(HEADER, POSE),
            in -> new PoseStamped(in.struct("header", HEADER), in.struct("pose", POSE)),
            (out, pose) -> {
                out.struct("header", HEADER, pose.header());
                out.struct("pose", POSE, pose.pose());
            });

    static final RosMessageType<Transform> TRANSFORM = RosMessageType.of(Transform.TYPE, Transform.class, """
                    Vector3 translation
                    Quaternion rotation
                    """, List.of(VECTOR3, QUATERNION),
            in -> new Transform(in.struct("translation", VECTOR3), in.struct("rotation", QUATERNION)),
            (out, transform) -> {
                out.struct("translation", VECTOR3, transform.translation());
                out.struct("rotation", QUATERNION, transform.rotation());
            });

    static final RosMessageType<TransformStamped> TRANSFORM_STAMPED = RosMessageType.of(TransformStamped.TYPE,
            TransformStamped.class, """
                    std_msgs/Header header
                    string child_frame_id
                    Transform transform
                    """, List.of(HEADER, TRANSFORM),
            in -> new TransformStamped(in.struct("header", HEADER), in.string("child_frame_id"),
                    in.struct("transform", TRANSFORM)),
            (out, transform) -> {
                out.struct("header", HEADER, transform.header());
                out.string("child_frame_id", transform.childFrameId());
                out.struct("transform", TRANSFORM, transform.transform());
            });

    private GeometryMsgsCdr() {
    }
}
