package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.NavPath;
import org.gpuvo.ros.msg.Odometry;

import java.util.List;

import static org.gpuvo.ros.cdr.GeometryMsgsCdr.POSE_STAMPED;
import static org.gpuvo.ros.cdr.GeometryMsgsCdr.POSE_WITH_COVARIANCE;
import static org.gpuvo.ros.cdr.GeometryMsgsCdr.TWIST_WITH_COVARIANCE;
import static org.gpuvo.ros.cdr.StdMsgsCdr.HEADER;

/** The CDR layout of the nav_msgs the node publishes. Field lines from ros2/common_interfaces, comments dropped. */
final class NavMsgsCdr {
    static final RosMessageType<Odometry> ODOMETRY = RosMessageType.of(Odometry.TYPE, Odometry.class, """
                    std_msgs/Header header
                    string child_frame_id
                    geometry_msgs/PoseWithCovariance pose
                    geometry_msgs/TwistWithCovariance twist
                    """, List.of(HEADER, POSE_WITH_COVARIANCE, TWIST_WITH_COVARIANCE),
            in -> new Odometry(in.struct("header", HEADER), in.string("child_frame_id"),
                    in.struct("pose", POSE_WITH_COVARIANCE), in.struct("twist", TWIST_WITH_COVARIANCE)),
            (out, odometry) -> {
                out.struct("header", HEADER, odometry.header());
                out.string("child_frame_id", odometry.childFrameId());
                out.struct("pose", POSE_WITH_COVARIANCE, odometry.pose());
                out.struct("twist", TWIST_WITH_COVARIANCE, odometry.twist());
            });

    static final RosMessageType<NavPath> PATH = RosMessageType.of(NavPath.TYPE, NavPath.class, """
                    std_msgs/Header header
                    geometry_msgs/PoseStamped[] poses
                    """, List.of(HEADER, POSE_STAMPED),
            in -> new NavPath(in.struct("header", HEADER), in.sequence("poses", POSE_STAMPED)),
            (out, path) -> {
                out.struct("header", HEADER, path.header());
                out.sequence("poses", POSE_STAMPED, path.poses());
            });

    private NavMsgsCdr() {
    }
}
