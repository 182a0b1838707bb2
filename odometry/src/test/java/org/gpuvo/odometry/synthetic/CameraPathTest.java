package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point3D_F64;
import georegression.struct.point.Vector3D_F64;
import georegression.struct.se.Se3_F64;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The paths give proper, smooth poses and keep the camera clear of the scene's surfaces. */
class CameraPathTest {
    @ParameterizedTest
    @EnumSource(ConfigSynthetic.SceneKind.class)
    void posesAreRotationsMovingSmoothlyAndClearOfEveryFace(ConfigSynthetic.SceneKind kind) {
        ConfigSynthetic c = ConfigSynthetic.preset(kind);
        c.frames = 600;
        c.width = 32;
        c.height = 24;
        c.focalLength = 25;
        SyntheticSequence seq = new SyntheticSequence(c);
        double minClearance = Double.POSITIVE_INFINITY, maxStep = 0, maxTurn = 0;
        Se3_F64 previous = null;
        for (int i = 0; i < seq.size(); i++) {
            Se3_F64 pose = seq.scenePose(i);
            DMatrixRMaj rtr = new DMatrixRMaj(3, 3);
            CommonOps_DDRM.multTransA(pose.R, pose.R, rtr);
            assertThat(CommonOps_DDRM.det(pose.R)).isCloseTo(1, within(1e-9));
            for (int k = 0; k < 9; k++)
                assertThat(rtr.data[k]).isCloseTo(k % 4 == 0 ? 1 : 0, within(1e-9));
            // the camera looks roughly level: its y axis (down) points down in the z-up world
            assertThat(pose.R.get(2, 1)).isLessThan(-0.9);
            for (Face f : seq.scene().faces())
                minClearance = Math.min(minClearance, distance(f, pose.T));
            if (previous != null) {
                maxStep = Math.max(maxStep, pose.T.distance(previous.T));
                Se3_F64 delta = pose.concat(previous.invert(null), null);
                double trace = delta.R.get(0, 0) + delta.R.get(1, 1) + delta.R.get(2, 2);
                maxTurn = Math.max(maxTurn, Math.acos(Math.min(1, (trace - 1) / 2)));
            }
            previous = pose;
        }
        double nominalStep = c.speed / c.rate;
        System.out.printf("%s: clearance %.2f m, largest step %.3f m (nominal %.3f), largest turn %.2f deg per frame%n",
                kind, minClearance, maxStep, nominalStep, Math.toDegrees(maxTurn));
        assertThat(minClearance).as("closest approach to a surface").isGreaterThan(kind == ConfigSynthetic.SceneKind.ROOM ? 0.8 : 1.5);
        assertThat(maxStep).isLessThan(1.5 * nominalStep);
        assertThat(Math.toDegrees(maxTurn)).isLessThan(kind == ConfigSynthetic.SceneKind.ROOM ? 2.5 : 3.0);
    }

    /** Distance from a point to a face's rectangle. */
    private static double distance(Face f, Vector3D_F64 p) {
        Point3D_F64 o = f.origin();
        Vector3D_F64 u = f.axisU(), v = f.axisV();
        double dx = p.x - o.x, dy = p.y - o.y, dz = p.z - o.z;
        double s = Math.max(0, Math.min(f.width, u.x * dx + u.y * dy + u.z * dz));
        double t = Math.max(0, Math.min(f.height, v.x * dx + v.y * dy + v.z * dz));
        double qx = o.x + s * u.x + t * v.x, qy = o.y + s * u.y + t * v.y, qz = o.z + s * u.z + t * v.z;
        return Math.sqrt((p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy) + (p.z - qz) * (p.z - qz));
    }
}
