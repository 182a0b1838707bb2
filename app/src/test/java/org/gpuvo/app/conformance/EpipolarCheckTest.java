package org.gpuvo.app.conformance;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.se.Se3_F64;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.RadialTangentialDistortion;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class EpipolarCheckTest {
    private static final CameraModel CAMERA = CameraModel.pinhole(1226, 370, 707.0912, 707.0912, 601.8873, 183.1104);

    private static Se3_F64 pose(double rx, double ry, double rz, double tx, double ty, double tz) {
        Se3_F64 p = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, rx, ry, rz, p.R);
        p.T.setTo(tx, ty, tz);
        return p;
    }

    /**
     * Hand-derived: the second camera 1 m to the left of the first, same orientation, so p₂ = p₁ + (1, 0, 0),
     * E = [(1,0,0)]ₓ, and for normalised points x₂ᵀEx₁ = y₁ − y₂, Ex₁ = (0, −1, y₁), Eᵀx₂ = (0, 1, −y₂). With
     * fx = fy = f, F = K⁻ᵀEK⁻¹ gives x₂ᵀFx₁ = (v₁ − v₂)/f and gradient components (0, −1/f), (0, 1/f): the
     * Sampson distance is |v₁ − v₂| / √2 pixels, whatever u₁ and u₂.
     */
    @Test
    void aSidewaysBaselineGivesHalfTheRowDifferenceTimesRootTwo() {
        EpipolarCheck check = EpipolarCheck.fromPoses(CAMERA, new Se3_F64(), pose(0, 0, 0, -1, 0, 0), 1.0);
        assertThat(check.error(100, 50, 90, 50)).isCloseTo(0, within(1e-12));
        assertThat(check.error(100, 50, 400, 53)).isCloseTo(3 / Math.sqrt(2), within(1e-9));
        assertThat(check.error(700, 300.5, 650, 299)).isCloseTo(1.5 / Math.sqrt(2), within(1e-9));
        assertThat(check.isCorrect(100, 50, 90, 51.4)).isTrue();     // 1.4 / √2 = 0.99
        assertThat(check.isCorrect(100, 50, 90, 51.5)).isFalse();    // 1.06
        assertThat(check.criterion()).isEqualTo("sampson_distance");
    }

    /** Exact correspondences of a general motion have distance 0; one displaced has the known distance. */
    @Test
    void synthesisedCorrespondencesHaveTheirKnownDistance() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 20; trial++) {
            Se3_F64 first = pose(random.nextDouble(-0.2, 0.2), random.nextDouble(-0.2, 0.2), random.nextDouble(-0.2, 0.2),
                    random.nextDouble(-5, 5), random.nextDouble(-1, 1), random.nextDouble(-5, 5));
            Se3_F64 second = pose(random.nextDouble(-0.2, 0.2), random.nextDouble(-0.2, 0.2), random.nextDouble(-0.2, 0.2),
                    first.T.x + random.nextDouble(-1, 1), first.T.y + random.nextDouble(-0.2, 0.2),
                    first.T.z + random.nextDouble(0.5, 1.5));
            EpipolarCheck check = EpipolarCheck.fromPoses(CAMERA, first, second, 1.0);
            for (int i = 0; i < 20; i++) {
                // a world point in front of both cameras: along a random pixel's ray of the first camera
                double u = random.nextDouble(50, 1176), v = random.nextDouble(30, 340), depth = random.nextDouble(4, 60);
                double[] world = toWorld(first, (u - CAMERA.cx) / CAMERA.fx * depth, (v - CAMERA.cy) / CAMERA.fy * depth, depth);
                double[] x1 = project(first, world), x2 = project(second, world);
                if (x2 == null)
                    continue;
                assertThat(check.error(x1[0], x1[1], x2[0], x2[1])).isCloseTo(0, within(1e-6));

                // x₂ moved by δ across its epipolar line: d₂ = δ; d₁ from x₂'s epipolar line in the first view,
                // both lines found by projecting two points of a ray into the other view (no F involved)
                double delta = random.nextDouble(0.2, 3);
                double[] l2 = lineThrough(project(second, toWorld(first, ray(x1, 2))), project(second, toWorld(first, ray(x1, 80))));
                double[] moved = {x2[0] + delta * l2[0], x2[1] + delta * l2[1]};
                double[] l1 = lineThrough(project(first, toWorld(second, ray(moved, 2))), project(first, toWorld(second, ray(moved, 80))));
                double d1 = Math.abs(l1[0] * x1[0] + l1[1] * x1[1] + l1[2]);
                double d2 = Math.abs(l2[0] * moved[0] + l2[1] * moved[1] + l2[2]);
                assertThat(d2).isCloseTo(delta, within(1e-6));
                double expected = d1 * d2 / Math.sqrt(d1 * d1 + d2 * d2);
                assertThat(check.error(x1[0], x1[1], moved[0], moved[1])).isCloseTo(expected, within(1e-6 * (1 + expected)));
            }
        }
    }

    @Test
    void badGeometryIsRejected() {
        assertThatThrownBy(() -> EpipolarCheck.fromPoses(CAMERA, pose(0, 0, 0, 1, 2, 3), pose(0.1, 0, 0, 1, 2, 3), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("baseline");
        CameraModel distorted = new CameraModel(640, 480, 400, 400, 320, 240,
                RadialTangentialDistortion.plumbBob(-0.28, 0.07, 0.0002, 0.00002, 0));
        assertThatThrownBy(() -> EpipolarCheck.fromPoses(distorted, new Se3_F64(), pose(0, 0, 0, 1, 0, 0), 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("distortion");
        assertThatThrownBy(() -> EpipolarCheck.fromPoses(CAMERA, new Se3_F64(), pose(0, 0, 0, 1, 0, 0), Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The point at {@code depth} along the first-view ray of pixel {@code px}, in that camera's frame. */
    private static double[] ray(double[] px, double depth) {
        return new double[]{(px[0] - CAMERA.cx) / CAMERA.fx * depth, (px[1] - CAMERA.cy) / CAMERA.fy * depth, depth};
    }

    private static double[] toWorld(Se3_F64 cameraToWorld, double[] p) {
        return toWorld(cameraToWorld, p[0], p[1], p[2]);
    }

    private static double[] toWorld(Se3_F64 cameraToWorld, double x, double y, double z) {
        double[] r = cameraToWorld.R.data;
        return new double[]{r[0] * x + r[1] * y + r[2] * z + cameraToWorld.T.x,
                r[3] * x + r[4] * y + r[5] * z + cameraToWorld.T.y,
                r[6] * x + r[7] * y + r[8] * z + cameraToWorld.T.z};
    }

    /** Pixel of a world point in the camera, or null behind it. */
    private static double[] project(Se3_F64 cameraToWorld, double[] w) {
        double[] r = cameraToWorld.R.data;
        double dx = w[0] - cameraToWorld.T.x, dy = w[1] - cameraToWorld.T.y, dz = w[2] - cameraToWorld.T.z;
        double x = r[0] * dx + r[3] * dy + r[6] * dz, y = r[1] * dx + r[4] * dy + r[7] * dz, z = r[2] * dx + r[5] * dy + r[8] * dz;
        if (z <= 0.1)
            return null;
        return new double[]{CAMERA.fx * x / z + CAMERA.cx, CAMERA.fy * y / z + CAMERA.cy};
    }

    /** The line through two points as (a, b, c) with a² + b² = 1: (a, b) is its unit normal. */
    private static double[] lineThrough(double[] p, double[] q) {
        double a = p[1] - q[1], b = q[0] - p[0];
        double n = Math.hypot(a, b);
        return new double[]{a / n, b / n, -(a * p[0] + b * p[1]) / n};
    }
}
