package org.gpuvo.odometry.synthetic;

import georegression.struct.point.Point2D_F64;
import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.LensDistortion;
import org.gpuvo.odometry.dataset.DepthImage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The rendered images and depth are geometrically exact. */
class RenderGeometryTest {
    private static ConfigSynthetic small(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic c = ConfigSynthetic.preset(scene);
        c.width = 320;
        c.height = 240;
        c.focalLength = 250;
        c.frames = 60;
        c.exposureTime = 0; // the geometry of the sharp image (the highway's motion blur is tested on its own)
        return c;
    }

    /** The depth of every sampled pixel is that of the nearest face hit by its ray, found by brute force. */
    @ParameterizedTest
    @EnumSource(ConfigSynthetic.SceneKind.class)
    void depthIsTheNearestRayFaceIntersection(ConfigSynthetic.SceneKind scene) {
        SyntheticSequence seq = new SyntheticSequence(small(scene));
        CameraModel cam = seq.camera();
        SplittableRandom random = new SplittableRandom(3);
        int checked = 0, disagree = 0, sky = 0;
        for (int frame : new int[]{0, 25, 59}) {
            DepthImage depth = seq.depth(frame);
            Se3_F64 pose = seq.scenePose(frame);
            for (int k = 0; k < 1500; k++) {
                int x = random.nextInt(cam.width), y = random.nextInt(cam.height);
                double expected = RayCast.depth(seq.scene(), pose, (x - cam.cx) / cam.fx, (y - cam.cy) / cam.fy);
                float d = depth.metres[y * cam.width + x];
                checked++;
                if (Double.isInfinite(expected)) {
                    sky++;
                    if (d != 0)
                        disagree++;
                } else if (!(Math.abs(d - expected) <= 1e-5 * expected)) {
                    disagree++;
                }
            }
        }
        assertThat(disagree).as("pixels whose depth differs from the ray cast, of %d", checked).isZero();
        if (scene == ConfigSynthetic.SceneKind.ROOM)
            assertThat(sky).as("a closed room has no sky").isZero();
    }

    /**
     * A pixel of frame k, back-projected with its depth and moved by the ground-truth relative pose, lands in frame
     * k + 3 on the same grey level (up to interpolation); with the pose off by 0.3° it does not. (The highway's
     * sparse texture has too few such pixels: HighwaySceneTest checks it.)
     */
    @ParameterizedTest
    @EnumSource(names = {"ROOM", "STREET"})
    void depthAndPosesReprojectConsistently(ConfigSynthetic.SceneKind scene) {
        SyntheticSequence seq = new SyntheticSequence(small(scene));
        double[] exact = RayCast.reprojectionErrors(seq, 20, 23, 0, 8);
        double[] shifted = RayCast.reprojectionErrors(seq, 20, 23, Math.toRadians(0.3), 8);
        int n = (int) exact[exact.length - 1];
        assertThat(n).as("textured, unoccluded sample pixels").isGreaterThan(2000);
        double median = RayCast.percentile(exact, n, 0.5), p90 = RayCast.percentile(exact, n, 0.9);
        double shiftedMedian = RayCast.percentile(shifted, (int) shifted[shifted.length - 1], 0.5);
        System.out.printf("%s reprojection |difference| on textured pixels: median %.2f, p90 %.2f grey levels;"
                + " with the pose 0.3° off: median %.2f%n", scene, median, p90, shiftedMedian);
        assertThat(median).isLessThan(3.0);
        assertThat(p90).isLessThan(10.0);
        assertThat(shiftedMedian).isGreaterThan(2 * median);
    }

    /**
     * The right image is the left one shifted by the disparity f·B/Z, found by block matching along the row. (The
     * highway has too few textured windows on one depth: HighwaySceneTest checks its right image.)
     */
    @ParameterizedTest
    @EnumSource(names = {"ROOM", "STREET"})
    void rightImageDisparityIsFocalTimesBaselineOverDepth(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic config = small(scene);
        config.baseline = 0.12;
        SyntheticSequence seq = new SyntheticSequence(config);
        CameraModel cam = seq.camera();
        int frame = 30, half = 4, maxDisparity = 48;
        GrayImage left = seq.left(frame), right = seq.right(frame);
        DepthImage depth = seq.depth(frame);
        int tried = 0, good = 0;
        for (int y = half + 1; y < cam.height - half - 1; y += 3)
            for (int x = maxDisparity + half + 1; x < cam.width - half - 1; x += 3) {
                float z = depth.at(x, y);
                if (Float.isNaN(z) || RayCast.gradient(left, x, y) < 10 || !flatAround(depth, x, y, half + 1))
                    continue;
                double expected = cam.fx * config.baseline / z;
                double[] cost = new double[maxDisparity + 1];
                int best = 0;
                for (int d = 0; d <= maxDisparity; d++) {
                    double ssd = 0;
                    for (int j = -half; j <= half; j++)
                        for (int i = -half; i <= half; i++) {
                            int diff = left.get(x + i, y + j) - right.get(x + i - d, y + j);
                            ssd += diff * diff;
                        }
                    cost[d] = ssd;
                    if (ssd < cost[best])
                        best = d;
                }
                double found = best;
                if (best > 0 && best < maxDisparity) { // parabola through the three costs around the minimum
                    double denom = cost[best - 1] - 2 * cost[best] + cost[best + 1];
                    if (denom > 0)
                        found += 0.5 * (cost[best - 1] - cost[best + 1]) / denom;
                }
                tried++;
                if (Math.abs(found - expected) <= 0.5)
                    good++;
            }
        System.out.printf("%s stereo: %d of %d block-matched disparities within 0.5 px of f·B/Z%n", scene, good, tried);
        assertThat(tried).isGreaterThan(300);
        assertThat(good).isGreaterThanOrEqualTo((int) (0.9 * tried));
    }

    /** No depth edge (a change over 5 %) in the window: the window sees one surface. */
    private static boolean flatAround(DepthImage depth, int x, int y, int half) {
        float z = depth.at(x, y);
        for (int j = -half; j <= half; j++)
            for (int i = -half; i <= half; i++) {
                float d = depth.at(x + i, y + j);
                if (Float.isNaN(d) || Math.abs(d - z) > 0.05 * z)
                    return false;
            }
        return true;
    }

    /**
     * Rendered through a lens distortion, pixel p shows what the pinhole image shows at the undistorted position of
     * p: undistorting the image point by point recovers the pinhole image.
     */
    @Test
    void distortedRenderingMatchesUndistortedPinhole() {
        ConfigSynthetic pinholeConfig = small(ConfigSynthetic.SceneKind.ROOM);
        ConfigSynthetic distortedConfig = pinholeConfig.copy();
        distortedConfig.distortion = new RadialDistortion(-0.25, 0.08);
        SyntheticSequence pinhole = new SyntheticSequence(pinholeConfig), distorted = new SyntheticSequence(distortedConfig);
        CameraModel cam = distorted.camera();
        GrayImage ip = pinhole.left(10), id = distorted.left(10);
        DepthImage dp = pinhole.depth(10), dd = distorted.depth(10);
        Point2D_F64 n = new Point2D_F64();
        double[] errors = new double[cam.width * cam.height];
        int count = 0, depthChecked = 0, moved = 0;
        for (int y = 2; y < cam.height - 2; y += 2)
            for (int x = 2; x < cam.width - 2; x += 2) {
                cam.pixelToNormalized(x, y, n);
                double u = cam.fx * n.x + cam.cx, v = cam.fy * n.y + cam.cy;
                if (Math.hypot(u - x, v - y) > 3)
                    moved++;
                double expected = RayCast.bilinear(ip, u, v);
                if (Double.isNaN(expected) || RayCast.gradient(id, x, y) < 8)
                    continue;
                errors[count++] = Math.abs(id.get(x, y) - expected);
                double depthExpected = RayCast.depth(distorted.scene(), distorted.scenePose(10), n.x, n.y);
                assertThat((double) dd.at(x, y)).isCloseTo(depthExpected, org.assertj.core.data.Offset.offset(1e-5 * depthExpected));
                depthChecked++;
            }
        double median = RayCast.percentile(errors, count, 0.5);
        System.out.printf("distortion: median |difference| %.2f grey levels over %d pixels (%d moved over 3 px)%n",
                median, count, moved);
        assertThat(moved).as("the distortion is strong enough to matter").isGreaterThan(1000);
        assertThat(depthChecked).isGreaterThan(1000);
        assertThat(median).isLessThan(3.0);
        assertThat(dp.at(cam.width / 2, cam.height / 2)).isCloseTo(dd.at(cam.width / 2, cam.height / 2),
                org.assertj.core.data.Offset.offset(1e-3f));
    }

    /** Two-coefficient radial distortion (Brown), undistorted by fixed-point iteration: a test-only lens. */
    private static final class RadialDistortion implements LensDistortion {
        private final double k1, k2;

        RadialDistortion(double k1, double k2) {
            this.k1 = k1;
            this.k2 = k2;
        }

        @Override
        public void distort(double x, double y, Point2D_F64 out) {
            double r2 = x * x + y * y, f = 1 + k1 * r2 + k2 * r2 * r2;
            out.setTo(x * f, y * f);
        }

        @Override
        public void undistort(double x, double y, Point2D_F64 out) {
            double ux = x, uy = y;
            for (int i = 0; i < 50; i++) {
                double r2 = ux * ux + uy * uy, f = 1 + k1 * r2 + k2 * r2 * r2;
                ux = x / f;
                uy = y / f;
            }
            out.setTo(ux, uy);
        }

        @Override
        public String name() {
            return "plumb_bob";
        }

        @Override
        public double[] coefficients() {
            return new double[]{k1, k2, 0, 0, 0};
        }
    }
}
