package org.gpuvo.ros.node;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.ros.geometry.PoseMessages;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.gpuvo.ros.msg.Transform;
import org.gpuvo.ros.msg.TransformStamped;
import org.gpuvo.ros.msg.Vector3;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The transform tree of /tf_static, and the camera's motion turned into the base's. */
class CameraMountingTest {
    private static Se3_F64 pose(double x, double y, double z, double yaw, double pitch, double roll) {
        Se3_F64 p = new Se3_F64();
        p.T.setTo(x, y, z);
        ConvertRotation3D_F64.eulerToMatrix(EulerType.ZYX, yaw, pitch, roll, p.R);
        return p;
    }

    private static TransformStamped edge(String parent, String child, Se3_F64 childInParent) {
        return new TransformStamped(new Header(new Time(0, 0), parent), child, PoseMessages.transform(childInParent));
    }

    /** Maps a point with a pose. */
    private static Point3D_F64 apply(Se3_F64 pose, Point3D_F64 p) {
        return SePointOps_F64.transform(pose, p, null);
    }

    private static void assertSameMap(Se3_F64 actual, Se3_F64 expected) {
        for (Point3D_F64 p : List.of(new Point3D_F64(0, 0, 0), new Point3D_F64(1, 2, 3), new Point3D_F64(-4, 0.5, 7)))
            assertThat(apply(actual, p).distance(apply(expected, p))).isLessThan(1e-12);
    }

    @Test
    void chainsAndSiblingsAreJoinedThroughTheirCommonAncestor() {
        Se3_F64 linkInBase = pose(0.2, 0, 1.1, 0.3, 0, 0), cameraInLink = pose(0, -0.05, 0, -1.2, 0.1, -1.5);
        Se3_F64 imuInBase = pose(-0.1, 0.02, 0.3, 0, 0.05, 0);
        StaticTransforms tree = new StaticTransforms();
        tree.add(new TFMessage(List.of(edge("base_link", "camera_link", linkInBase),
                edge("/camera_link", "camera_optical", cameraInLink), edge("base_link", "imu", imuInBase))));
        Se3_F64 cameraInBase = cameraInLink.concat(linkInBase, null);
        assertSameMap(tree.lookup("base_link", "camera_optical"), cameraInBase);
        assertSameMap(tree.lookup("/base_link", "camera_optical"), cameraInBase);
        // the base in the camera: the inverse
        assertSameMap(tree.lookup("camera_optical", "base_link"), cameraInBase.invert(null));
        // siblings: the camera in the IMU's frame, through base_link
        assertSameMap(tree.lookup("imu", "camera_optical"), cameraInBase.concat(imuInBase.invert(null), null));
        assertSameMap(tree.lookup("camera_link", "camera_link"), new Se3_F64());
        assertThat(tree.lookup("base_link", "elsewhere")).isNull();
        assertThat(tree.lookup("map", "camera_optical")).isNull();
    }

    @Test
    void aLoopInTheTransformsEndsTheWalk() {
        StaticTransforms tree = new StaticTransforms();
        tree.add(new TFMessage(List.of(edge("a", "b", pose(1, 0, 0, 0, 0, 0)), edge("b", "a", pose(1, 0, 0, 0, 0, 0)))));
        assertThat(tree.lookup("base_link", "a")).isNull();
    }

    @Test
    void transformsThatAreNoPosesAreRefused() {
        StaticTransforms tree = new StaticTransforms();
        TransformStamped zeroQuaternion = new TransformStamped(new Header(new Time(0, 0), "base_link"), "camera",
                new Transform(Vector3.ZERO, new Quaternion(0, 0, 0, 0)));
        assertThatThrownBy(() -> tree.add(new TFMessage(List.of(zeroQuaternion))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tree.add(new TFMessage(List.of(edge("x", "x", new Se3_F64())))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("joins no two frames");
    }

    @Test
    void theBaseMovesAsTheCameraSeenFromTheBase() {
        // a camera looking forward-right, 1 m up; the camera moves 1 m along its optical axis and turns a little
        Se3_F64 cameraInBase = pose(0.5, -0.2, 1.0, -0.4, 0.1, -Math.PI / 2);
        CameraMounting mounting = new CameraMounting(cameraInBase, "base_link", "");
        Se3_F64 cameraMotion = pose(0.1, 0.05, 1.0, 0.05, -0.02, 0.01);
        Se3_F64 base = mounting.basePose(cameraMotion, "anything");
        // a point fixed on the robot, seen from the odom frame, must be where the camera's motion puts it
        Point3D_F64 onRobot = new Point3D_F64(2, 1, 0.5);
        Point3D_F64 inCameraNow = apply(cameraInBase.invert(null), onRobot);
        Point3D_F64 viaCamera = apply(cameraInBase, apply(cameraMotion, inCameraNow));
        assertThat(apply(base, onRobot).distance(viaCamera)).isLessThan(1e-12);
        assertThat(mounting.source()).isEqualTo(CameraMounting.Source.PARAMETER);
    }

    @Test
    void withoutAMountingTheBaseIsTheCameraExactlyUntilTfStaticJoinsThem() {
        CameraMounting mounting = new CameraMounting(null, "base_link", "");
        Se3_F64 motion = pose(0.1, 0.05, 1.0, 0.05, -0.02, 0.01);
        Se3_F64 base = mounting.basePose(motion, "camera");
        assertThat(base.T.x).isEqualTo(motion.T.x);
        assertThat(base.R.data).isEqualTo(motion.R.data);
        assertThat(mounting.source()).isEqualTo(CameraMounting.Source.UNKNOWN);
        Se3_F64 cameraInBase = pose(0, 0, 1, 0, 0, 0);
        mounting.addStatic(new TFMessage(List.of(edge("base_link", "camera", cameraInBase))));
        assertSameMap(mounting.basePose(motion, "camera"),
                cameraInBase.invert(null).concat(motion, null).concat(cameraInBase, null));
        assertThat(mounting.source()).isEqualTo(CameraMounting.Source.TF_STATIC);
        // a configured camera frame wins over the images' frame id
        CameraMounting named = new CameraMounting(null, "base_link", "camera");
        named.addStatic(new TFMessage(List.of(edge("base_link", "camera", cameraInBase))));
        assertThat(named.cameraInBase("some_other_frame")).isNotNull();
    }
}
