package org.gpuvo.ros.output;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.vo.FrameResult;
import org.gpuvo.odometry.vo.TrackingState;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.Twist;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class OdometryMessagesTest {
    @Test
    void twistIsTheMotionInTheChildFrame() {
        // a camera yawed 90° about z that moves 0.5 m along world x and turns 0.1 rad about its own z in 0.5 s
        Se3_F64 before = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.ZYX, Math.PI / 2, 0, 0, before.R);
        Se3_F64 step = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.ZYX, 0.1, 0, 0, step.R);
        Se3_F64 after = step.concat(before, null);
        after.T.setTo(0.5, 0, 0);
        Twist twist = OdometryMessages.twist(before, after, 0.5);
        double yaw = Math.PI / 2 + 0.1; // velocity (1, 0, 0) m/s in the world is R_aᵀ (1, 0, 0) in the camera
        assertThat(twist.linear().x()).isCloseTo(Math.cos(yaw) * 1.0, within(1e-12));
        assertThat(twist.linear().y()).isCloseTo(-Math.sin(yaw) * 1.0, within(1e-12));
        assertThat(twist.angular().z()).isCloseTo(0.2, within(1e-12));
        assertThat(twist.angular().x()).isCloseTo(0, within(1e-12));
    }

    @Test
    void lostFramesHaveInflatedCovarianceAndThePoseRoundTrips() {
        Se3_F64 pose = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.3, -0.2, 1.1, pose.R);
        pose.T.setTo(1, 2, 3);
        FrameResult tracked = new FrameResult(1.0, pose, TrackingState.TRACKING, 2000, 900, 800, false, 850, 40, 1, 1);
        FrameResult lost = new FrameResult(1.1, pose, TrackingState.LOST, 2000, 10, 0, false, 0, 0, 1, 1);
        Odometry a = OdometryMessages.odometry(tracked, null, Time.ofSeconds(1.0), "odom", "camera");
        Odometry b = OdometryMessages.odometry(lost, tracked, Time.ofSeconds(1.1), "odom", "camera");
        assertThat(a.header().frameId()).isEqualTo("odom");
        assertThat(a.childFrameId()).isEqualTo("camera");
        assertThat(b.pose().covariance()[0]).isEqualTo(a.pose().covariance()[0] * OdometryMessages.LOST_INFLATION);
        assertThat(b.pose().covariance()[35]).isGreaterThan(a.pose().covariance()[35]);
        Se3_F64 back = PoseMessages.se3(a.pose().pose());
        for (int i = 0; i < 9; i++)
            assertThat(back.R.data[i]).isCloseTo(pose.R.data[i], within(1e-14));
        assertThat(a.pose().pose().orientation().w()).isGreaterThanOrEqualTo(0);
    }
}
