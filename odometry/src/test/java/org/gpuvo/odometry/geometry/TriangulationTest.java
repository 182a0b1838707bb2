package org.gpuvo.odometry.geometry;

import boofcv.abst.geo.RefineTriangulateMetric;
import boofcv.abst.geo.Triangulate2ViewsMetric;
import boofcv.factory.geo.ConfigTriangulation;
import boofcv.factory.geo.FactoryMultiView;
import boofcv.misc.ConfigConverge;
import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

class TriangulationTest {
    private static final double F = SyntheticScene.FOCAL;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void exactOnNoiseFreeObservations(long seed) {
        SyntheticScene s = SyntheticScene.twoView(seed, 500, 0, 0);
        Point3D_F64 p = new Point3D_F64();
        for (int i = 0; i < s.n; i++) {
            assertThat(Triangulation.triangulate(s.x1[i], s.y1[i], s.x2[i], s.y2[i], s.truth, 0, 1e-9, p)).isTrue();
            double scale = s.wz[i];
            assertThat(p.x).isCloseTo(s.wx[i], offset(1e-9 * scale));
            assertThat(p.y).isCloseTo(s.wy[i], offset(1e-9 * scale));
            assertThat(p.z).isCloseTo(s.wz[i], offset(1e-9 * scale));
        }
    }

    /**
     * With noise, the result minimises the reprojection error in both views: BoofCV's DLT followed by its own
     * non-linear refinement of the same error, an independent implementation, reaches the same point, or (where
     * the error has more than one minimum, Hartley &amp; Sturm 1997) one that is no better.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {4, 5})
    void agreesWithBoofcvsRefinedTriangulation(long seed) {
        SyntheticScene s = SyntheticScene.twoView(seed, 400, 0, 1.0);
        Triangulate2ViewsMetric dlt = FactoryMultiView.triangulate2ViewMetric(ConfigTriangulation.DLT());
        RefineTriangulateMetric refine = FactoryMultiView.triangulateRefineMetric(new ConfigConverge(1e-12, 1e-12, 50));
        Point2D_F64 a = new Point2D_F64(), b = new Point2D_F64();
        Point3D_F64 initial = new Point3D_F64(), oracle = new Point3D_F64(), mine = new Point3D_F64();
        Se3_F64 identity = new Se3_F64();
        int compared = 0, same = 0;
        for (int i = 0; i < s.n; i++) {
            a.setTo(s.x1[i], s.y1[i]);
            b.setTo(s.x2[i], s.y2[i]);
            if (!dlt.triangulate(a, b, s.truth, initial)
                    || !refine.process(List.of(a, b), List.of(identity, s.truth), initial, oracle))
                continue;
            assertThat(Triangulation.triangulate(s.x1[i], s.y1[i], s.x2[i], s.y2[i], s.truth, 0, 1, mine)).isTrue();
            double mineCost = reprojectionCost(mine, s, i), oracleCost = reprojectionCost(oracle, s, i);
            assertThat(mineCost).isLessThanOrEqualTo(oracleCost * (1 + 1e-6) + 1e-20);
            if (mine.distance(oracle) < 1e-5 * oracle.z)
                same++;
            compared++;
        }
        assertThat(compared).isGreaterThan(s.n * 9 / 10);
        assertThat(same).isGreaterThan(compared * 95 / 100);
    }

    /** Sum of squared reprojection errors (normalized units) of p, in view-1 coordinates, in both views. */
    private static double reprojectionCost(Point3D_F64 p, SyntheticScene s, int i) {
        Point3D_F64 q = new Point3D_F64();
        SePointOps_F64.transform(s.truth, p, q);
        double e1x = p.x / p.z - s.x1[i], e1y = p.y / p.z - s.y1[i];
        double e2x = q.x / q.z - s.x2[i], e2y = q.y / q.z - s.y2[i];
        return e1x * e1x + e1y * e1y + e2x * e2x + e2y * e2y;
    }

    @Test
    void depthErrorMatchesTheNoise() {
        // baseline 1 along x, points 10 m ahead: the depth error of 0.5 px noise is about z²·σ/(f·b) = 0.1 m
        Se3_F64 motion = new Se3_F64();
        motion.T.setTo(-1, 0, 0);
        Random random = new Random(7);
        Point3D_F64 p = new Point3D_F64();
        double sum2 = 0;
        int n = 2000;
        for (int i = 0; i < n; i++) {
            double x = random.nextDouble() * 4 - 2, y = random.nextDouble() * 2 - 1, z = 10;
            double s = 0.5 / F;
            assertThat(Triangulation.triangulate(x / z + random.nextGaussian() * s, y / z + random.nextGaussian() * s,
                    (x - 1) / z + random.nextGaussian() * s, y / z + random.nextGaussian() * s, motion, 0, 1, p)).isTrue();
            sum2 += (p.z - z) * (p.z - z);
        }
        double rms = Math.sqrt(sum2 / n);
        // the depth depends on the disparity x1 − x2, whose noise is √2·σ: rms ≈ √2 · 100 · 0.5/700 / 1 = 0.101 m
        assertThat(rms).isBetween(0.085, 0.12);
    }

    @Test
    void parallelRaysAreRejected() {
        Se3_F64 rotationOnly = SyntheticScene.motion(new Random(8), 10, 1, 0, 0);
        rotationOnly.T.setTo(0, 0, 0);
        Point3D_F64 ray = new Point3D_F64(0.1, -0.2, 1), rotated = new Point3D_F64();
        SePointOps_F64.transform(rotationOnly, ray, rotated);
        Point3D_F64 p = new Point3D_F64(7, 7, 7);
        assertThat(Triangulation.parallaxDeg(0.1, -0.2, rotated.x / rotated.z, rotated.y / rotated.z, rotationOnly))
                .isLessThan(1e-10);
        assertThat(Triangulation.triangulate(0.1, -0.2, rotated.x / rotated.z, rotated.y / rotated.z, rotationOnly,
                0, 1, p)).isFalse();
        assertThat(p.z).isEqualTo(7); // untouched
    }

    @Test
    void parallaxBelowTheMinimumIsRejected() {
        // point 10 m ahead on the axis between two cameras 0.2 m apart: parallax = 2·atan(0.1/10) = 1.1459°
        Se3_F64 motion = new Se3_F64();
        motion.T.setTo(-0.2, 0, 0);
        double x1 = 0.1 / 10, x2 = -0.1 / 10;
        assertThat(Triangulation.parallaxDeg(x1, 0, x2, 0, motion))
                .isCloseTo(Math.toDegrees(2 * Math.atan(0.01)), offset(1e-9));
        Point3D_F64 p = new Point3D_F64();
        assertThat(Triangulation.triangulate(x1, 0, x2, 0, motion, 1.0, 1e-6, p)).isTrue();
        assertThat(p.z).isCloseTo(10, offset(1e-9));
        assertThat(Triangulation.triangulate(x1, 0, x2, 0, motion, 1.2, 1e-6, p)).isFalse();
    }

    @Test
    void pointBehindACameraIsRejected() {
        Se3_F64 motion = new Se3_F64();
        motion.T.setTo(-0.2, 0, 0);
        Point3D_F64 p = new Point3D_F64();
        // rays that diverge: they meet (extended backwards) behind both cameras, at z = −10
        assertThat(Triangulation.triangulate(-0.01, 0, 0.01, 0, motion, 0, 1, p)).isFalse();
        // in front of camera 1 but behind camera 2: camera 2 ten metres ahead of a point 5 m away
        Se3_F64 forward = new Se3_F64();
        forward.T.setTo(0, 0, -10);
        double x1 = 1 / 5.0, x2 = 1 / -5.0; // (1, 0, 5) seen from camera 2 at (1, 0, −5): projects to −0.2
        assertThat(Triangulation.triangulate(x1, 0, x2, 0, forward, 0, 1, p)).isFalse();
    }

    @Test
    void largeReprojectionErrorIsRejected() {
        Se3_F64 motion = new Se3_F64();
        motion.T.setTo(-0.5, 0, 0);
        Point3D_F64 p = new Point3D_F64();
        // (1, 1, 10): consistent pair, then view 2 moved 3 px off the epipolar line (vertically)
        double x1 = 0.1, y1 = 0.1, x2 = 0.05, y2 = 0.1 + 3 / F;
        assertThat(Triangulation.triangulate(x1, y1, x2, y2, motion, 0, 1.4 / F, p)).isFalse();
        // the error is split between the views: about 1.5 px each
        assertThat(Triangulation.triangulate(x1, y1, x2, y2, motion, 0, 1.6 / F, p)).isTrue();
        assertThat(p.y / p.z).isCloseTo(0.1 + 1.5 / F, offset(0.05 / F));
    }
}
