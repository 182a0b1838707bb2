package org.gpuvo.odometry.camera;

import boofcv.alg.distort.brown.AddBrownNtoN_F64;
import boofcv.alg.distort.brown.RemoveBrownNtoN_F64;
import boofcv.alg.distort.kanbra.KannalaBrandtPtoS_F64;
import boofcv.alg.distort.kanbra.KannalaBrandtStoP_F64;
import boofcv.struct.calib.CameraKannalaBrandt;
import georegression.struct.point.Point2D_F64;
import georegression.struct.point.Point3D_F64;
import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.odometry.dataset.EurocCalibration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class LensDistortionTest {
    /** TUM RGB-D freiburg1 colour camera (benchmark "File Formats" page): strong k3. */
    static final CameraModel TUM_FR1 = new CameraModel(640, 480, 517.3, 516.5, 318.6, 255.3,
            RadialTangentialDistortion.plumbBob(0.2624, -0.9531, -0.0054, 0.0026, 1.1633));
    /** TUM-VI cam0 (512×512 fisheye, equidistant), the calibration shipped with the TUM visual-inertial dataset. */
    static final CameraModel TUM_VI = new CameraModel(512, 512, 190.97847715128717, 190.9733070521226,
            254.93170605935475, 256.8974428996504, new EquidistantDistortion(0.0034823894022493434,
            0.0007150348452162257, -0.0020532361418706202, 0.00020293673591811182));

    /**
     * distort(undistort(p)) = p for a grid of pixels over the whole image (every 4 px and the borders); returns
     * the largest error in normalized units and the number of pixels that had no inverse (NaN).
     */
    static double[] roundTripOverImage(CameraModel c) {
        Point2D_F64 ideal = new Point2D_F64(), back = new Point2D_F64();
        double worst = 0;
        int nan = 0;
        for (int v = 0; v <= c.height; v += (v + 4 > c.height && v != c.height) ? c.height - v : 4)
            for (int u = 0; u <= c.width; u += (u + 4 > c.width && u != c.width) ? c.width - u : 4) {
                double xd = (u - c.cx) / c.fx, yd = (v - c.cy) / c.fy;
                c.distortion.undistort(xd, yd, ideal);
                if (Double.isNaN(ideal.x)) {
                    nan++;
                    continue;
                }
                c.distortion.distort(ideal.x, ideal.y, back);
                worst = Math.max(worst, Math.max(Math.abs(back.x - xd), Math.abs(back.y - yd)));
            }
        return new double[]{worst, nan};
    }

    static CameraModel eurocCam0() {
        return EurocCalibration.read(SharedData.require("euroc-v101-micro").resolve("mav0/cam0/sensor.yaml")).camera;
    }

    @Test
    void radialTangentialRoundTripsOverTheEurocImage() {
        CameraModel cam0 = eurocCam0();
        assertThat(cam0.distortion.coefficients()).containsExactly(-0.28340811, 0.07395907, 0.00019359, 1.76187114e-05, 0);
        double[] r = roundTripOverImage(cam0);
        assertThat(r[1]).as("pixels without inverse").isZero();
        assertThat(r[0]).isLessThan(1e-10);
        // the distortion is strong: the corner moves by tens of pixels
        Point2D_F64 ideal = new Point2D_F64();
        cam0.pixelToNormalized(0, 0, ideal);
        assertThat(Math.abs(ideal.x * cam0.fx + cam0.cx)).isGreaterThan(50);
    }

    @Test
    void radialTangentialRoundTripsOverTheTumImage() {
        double[] r = roundTripOverImage(TUM_FR1);
        assertThat(r[1]).isZero();
        assertThat(r[0]).isLessThan(1e-10);
    }

    @Test
    void undistortInvertsDistortForIdealPoints() {
        Point2D_F64 d = new Point2D_F64(), back = new Point2D_F64();
        for (LensDistortion lens : new LensDistortion[]{TUM_FR1.distortion, TUM_VI.distortion,
                RadialTangentialDistortion.rationalPolynomial(0.6, -0.2, 0.001, -0.0005, 0.01, 0.9, 0.05, 0.001)})
            for (double x = -0.6; x <= 0.6; x += 0.05)
                for (double y = -0.45; y <= 0.45; y += 0.05) {
                    lens.distort(x, y, d);
                    lens.undistort(d.x, d.y, back);
                    assertThat(back.x).as(lens + " at %f %f", x, y).isCloseTo(x, within(1e-10));
                    assertThat(back.y).as(lens + " at %f %f", x, y).isCloseTo(y, within(1e-10));
                }
    }

    @Test
    void radialTangentialAgreesWithBoofCvBrown() {
        double k1 = 0.2624, k2 = -0.9531, p1 = -0.0054, p2 = 0.0026, k3 = 1.1633;
        var add = new AddBrownNtoN_F64().setDistortion(new double[]{k1, k2, k3}, p1, p2);
        var remove = new RemoveBrownNtoN_F64(1e-14).setDistortion(new double[]{k1, k2, k3}, p1, p2);
        LensDistortion ours = RadialTangentialDistortion.plumbBob(k1, k2, p1, p2, k3);
        Point2D_F64 a = new Point2D_F64(), b = new Point2D_F64();
        double worstForward = 0, worstInverse = 0;
        for (double x = -0.6; x <= 0.6; x += 0.03)
            for (double y = -0.5; y <= 0.5; y += 0.03) {
                add.compute(x, y, a);
                ours.distort(x, y, b);
                worstForward = Math.max(worstForward, a.distance(b));
                remove.compute(x, y, a);
                ours.undistort(x, y, b);
                worstInverse = Math.max(worstInverse, a.distance(b));
            }
        assertThat(worstForward).isLessThan(1e-15);
        assertThat(worstInverse).isLessThan(1e-9);
    }

    @Test
    void equidistantAgreesWithBoofCvKannalaBrandt() {
        EquidistantDistortion ours = (EquidistantDistortion) TUM_VI.distortion;
        double[] k = ours.coefficients();
        CameraKannalaBrandt kb = new CameraKannalaBrandt().fsetK(1, 1, 0, 0, 0).fsetSymmetric(1, k[0], k[1], k[2], k[3])
                .fsetRadial().fsetTangent().fsetRadialTrig().fsetTangentTrig();
        var toPixel = new KannalaBrandtStoP_F64(kb);
        var toSphere = new KannalaBrandtPtoS_F64(kb);
        Point2D_F64 a = new Point2D_F64(), b = new Point2D_F64();
        Point3D_F64 ray = new Point3D_F64();
        double worstForward = 0, worstInverse = 0;
        for (double x = -2; x <= 2; x += 0.1)
            for (double y = -2; y <= 2; y += 0.1) {
                toPixel.compute(x, y, 1, a);
                ours.distort(x, y, b);
                worstForward = Math.max(worstForward, a.distance(b));
                // inverse: BoofCV gives a unit ray; its normalized coordinates are x/z, y/z
                ours.undistort(b.x, b.y, a);
                toSphere.compute(b.x, b.y, ray);
                worstInverse = Math.max(worstInverse, Math.hypot(a.x - ray.x / ray.z, a.y - ray.y / ray.z));
            }
        assertThat(worstForward).isLessThan(1e-14);
        assertThat(worstInverse).isLessThan(1e-8);
    }

    @Test
    void equidistantRoundTripsOverTheFisheyeImageAndRefusesRaysBeyond90Degrees() {
        double[] r = roundTripOverImage(TUM_VI);
        assertThat(r[0]).isLessThan(1e-10);
        // the 512x512 TUM-VI image corners see rays more than 90° off axis: they have no normalized coordinates
        assertThat(r[1]).isPositive();
        Point2D_F64 out = new Point2D_F64();
        TUM_VI.pixelToNormalized(0, 0, out);
        assertThat(out.x).isNaN();
        TUM_VI.pixelToNormalized(256 + 150, 256, out); // ~38° off axis
        assertThat(Math.toDegrees(Math.atan(Math.hypot(out.x, out.y)))).isBetween(40.0, 50.0);
    }

    /**
     * The camera's pixelToNormalized (the inversion started from its grid) against the inversion started at the
     * distorted point, at random subpixel positions over the image and just outside it; returns the largest
     * difference in normalized units over 1 + r² (a fisheye's tolerance is on the angle θ, and r = tan θ), after
     * checking that both agree on which pixels have no inverse.
     */
    static double gridStartAgreesWithThePlainInversion(CameraModel c) {
        java.util.Random random = new java.util.Random(7);
        Point2D_F64 fast = new Point2D_F64(), plain = new Point2D_F64();
        double worst = 0;
        for (int i = 0; i < 20_000; i++) {
            double u = -2 + random.nextDouble() * (c.width + 3), v = -2 + random.nextDouble() * (c.height + 3);
            c.pixelToNormalized(u, v, fast);
            c.distortion.undistort((u - c.cx) / c.fx, (v - c.cy) / c.fy, plain);
            assertThat(Double.isNaN(fast.x)).as("no inverse at (%f, %f)", u, v).isEqualTo(Double.isNaN(plain.x));
            if (!Double.isNaN(plain.x))
                worst = Math.max(worst, Math.max(Math.abs(fast.x - plain.x), Math.abs(fast.y - plain.y))
                        / (1 + plain.x * plain.x + plain.y * plain.y));
        }
        return worst;
    }

    @Test
    void theGridStartGivesTheSameNormalizedCoordinates() {
        // both stop within the model's 1e-13 of the distorted point: they differ by about that much
        assertThat(gridStartAgreesWithThePlainInversion(eurocCam0())).isLessThan(1e-12);
        assertThat(gridStartAgreesWithThePlainInversion(TUM_FR1)).isLessThan(1e-12);
        assertThat(gridStartAgreesWithThePlainInversion(TUM_VI)).isLessThan(1e-12);
        // a lens whose radial polynomial folds inside the image: the pixels beyond have no inverse either way
        CameraModel folded = new CameraModel(640, 480, 300, 300, 320, 240,
                RadialTangentialDistortion.plumbBob(-0.5, 0, 0, 0, 0));
        assertThat(gridStartAgreesWithThePlainInversion(folded)).isLessThan(1e-12);
        Point2D_F64 out = new Point2D_F64();
        folded.pixelToNormalized(0, 0, out);
        assertThat(out.x).isNaN();
    }

    @Test
    void closedFormValues() {
        Point2D_F64 out = new Point2D_F64();
        // zero-coefficient Kannala-Brandt is the pure equidistant projection θd = θ: (1, 0) is 45° off axis
        new EquidistantDistortion(0, 0, 0, 0).distort(1, 0, out);
        assertThat(out.x).isCloseTo(Math.PI / 4, within(1e-15));
        assertThat(out.y).isZero();
        // radial only: x' = x (1 + k1 r²)
        RadialTangentialDistortion.plumbBob(-0.2, 0, 0, 0, 0).distort(0.5, 0.2, out);
        assertThat(out.x).isCloseTo(0.5 * (1 - 0.2 * 0.29), within(1e-15));
        assertThat(out.y).isCloseTo(0.2 * (1 - 0.2 * 0.29), within(1e-15));
        // tangential only, OpenCV's formula: x' = x + 2 p1 x y + p2 (r² + 2x²), y' = y + p1 (r² + 2y²) + 2 p2 x y
        RadialTangentialDistortion.plumbBob(0, 0, 0.01, 0.02, 0).distort(0.5, 0.2, out);
        assertThat(out.x).isCloseTo(0.5 + 2 * 0.01 * 0.1 + 0.02 * (0.29 + 0.5), within(1e-15));
        assertThat(out.y).isCloseTo(0.2 + 0.01 * (0.29 + 0.08) + 2 * 0.02 * 0.1, within(1e-15));
        // the rational model with k4..k6 = 0 is plumb_bob
        Point2D_F64 other = new Point2D_F64();
        RadialTangentialDistortion.rationalPolynomial(0.26, -0.95, -0.005, 0.003, 1.16, 0, 0, 0).distort(0.4, -0.3, out);
        RadialTangentialDistortion.plumbBob(0.26, -0.95, -0.005, 0.003, 1.16).distort(0.4, -0.3, other);
        assertThat(out.distance(other)).isZero();
    }

    @Test
    void aPointBeyondTheFoldOfTheRadialPolynomialHasNoInverse() {
        // x' = x (1 - 0.5 x²) peaks at x = 0.816, x' = 0.544: nothing maps to 0.6
        Point2D_F64 out = new Point2D_F64();
        RadialTangentialDistortion.plumbBob(-0.5, 0, 0, 0, 0).undistort(0.6, 0, out);
        assertThat(out.x).isNaN();
        RadialTangentialDistortion.plumbBob(-0.5, 0, 0, 0, 0).undistort(0.5, 0, out);
        assertThat(out.x * (1 - 0.5 * out.x * out.x)).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void factoryNamesAndChecks() {
        assertThat(FactoryLensDistortion.create("plumb_bob", new double[]{0.1, 0.2, 0.3, 0.4, 0.5}).coefficients())
                .containsExactly(0.1, 0.2, 0.3, 0.4, 0.5);
        assertThat(FactoryLensDistortion.create("radial-tangential", new double[]{0.1, 0.2, 0.3, 0.4}).name())
                .isEqualTo("plumb_bob");
        assertThat(FactoryLensDistortion.create("rational_polynomial", new double[8]))
                .isSameAs(LensDistortion.NONE);
        assertThat(FactoryLensDistortion.create("plumb_bob", new double[5])).isSameAs(LensDistortion.NONE);
        assertThat(FactoryLensDistortion.create("equidistant", new double[4]).name()).isEqualTo("equidistant");
        assertThat(FactoryLensDistortion.create("", new double[0])).isSameAs(LensDistortion.NONE);
        assertThatThrownBy(() -> FactoryLensDistortion.create("unified", new double[]{1}))
                .hasMessageContaining("unknown distortion model 'unified'").hasMessageContaining("plumb_bob");
        assertThatThrownBy(() -> FactoryLensDistortion.create("equidistant", new double[5]))
                .hasMessageContaining("takes 4 coefficients, got 5");
        assertThatThrownBy(() -> FactoryLensDistortion.create("plumb_bob", new double[]{0, Double.NaN, 0, 0, 0}))
                .hasMessageContaining("finite");
    }
}
