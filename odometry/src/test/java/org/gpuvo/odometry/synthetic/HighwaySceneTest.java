package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.dataset.DepthImage;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The highway: fast forward motion along a long road, sparse texture under an open sky, and geometry (depth, the
 * right image, the ground truth) as exact as the other scenes'. Determinism for a seed, and the depth against a
 * brute-force ray cast, are checked for every scene by SyntheticSequenceTest and RenderGeometryTest.
 */
class HighwaySceneTest {
    /** The highway at 320×240 without motion blur (MotionBlurTest covers it). */
    private static ConfigSynthetic small(int frames) {
        ConfigSynthetic c = ConfigSynthetic.highway();
        c.width = 320;
        c.height = 240;
        c.focalLength = 250;
        c.frames = frames;
        c.exposureTime = 0;
        return c;
    }

    @Test
    void presetDrivesForwardsOneToTwoMetresAFrameWithSmallPitchAndRoll() {
        ConfigSynthetic c = ConfigSynthetic.highway();
        c.frames = 300;
        c.width = 64;
        c.height = 48;
        c.focalLength = 50;
        SyntheticSequence seq = new SyntheticSequence(c);
        double minStep = Double.POSITIVE_INFINITY, maxStep = 0, maxTilt = 0;
        for (int i = 1; i < seq.size(); i++) {
            Se3_F64 a = seq.scenePose(i - 1), b = seq.scenePose(i);
            double dx = b.T.x - a.T.x, dy = b.T.y - a.T.y, dz = b.T.z - a.T.z;
            double step = Math.sqrt(dx * dx + dy * dy + dz * dz);
            minStep = Math.min(minStep, step);
            maxStep = Math.max(maxStep, step);
            // forwards: along the optical axis (R's third column) of the earlier frame
            double forward = a.R.get(0, 2) * dx + a.R.get(1, 2) * dy + a.R.get(2, 2) * dz;
            assertThat(forward).as("frame %d moves forwards", i).isGreaterThan(0.995 * step);
            // pitch: elevation of the optical axis; roll: elevation of the camera's x axis
            maxTilt = Math.max(maxTilt, Math.max(Math.abs(b.R.get(2, 2)), Math.abs(b.R.get(2, 0))));
        }
        System.out.printf("highway: steps %.3f to %.3f m per frame, pitch and roll within %.2f°%n", minStep, maxStep,
                Math.toDegrees(Math.asin(maxTilt)));
        assertThat(minStep).isGreaterThanOrEqualTo(1.0);
        assertThat(maxStep).isLessThanOrEqualTo(2.0);
        assertThat(Math.toDegrees(Math.asin(maxTilt))).isLessThan(1.0);
        assertThat(seq.groundTruth().orElseThrow().pathLength()).isCloseTo(299 * 1.5, within(3.0));
    }

    /** Over 300 frames the camera never reaches the scene's end: below the horizon every pixel sees a surface. */
    @Test
    void theRoadGoesOnBeyondTheLastOfThreeHundredFrames() {
        ConfigSynthetic c = ConfigSynthetic.highway();
        c.frames = 300;
        c.width = 160;
        c.height = 120;
        c.focalLength = 125;
        SyntheticSequence seq = new SyntheticSequence(c);
        CameraModel cam = seq.camera();
        for (int frame : new int[]{0, 150, 299}) {
            DepthImage depth = seq.depth(frame);
            Se3_F64 pose = seq.scenePose(frame);
            int seen = 0, below = 0;
            for (int y = 0; y < cam.height; y++)
                for (int x = 0; x < cam.width; x++) {
                    // a ray at least 1° below the horizon
                    double[] r = pose.R.data;
                    double xn = (x - cam.cx) / cam.fx, yn = (y - cam.cy) / cam.fy;
                    double up = (r[6] * xn + r[7] * yn + r[8]) / Math.sqrt(xn * xn + yn * yn + 1);
                    if (up > -Math.sin(Math.toRadians(1)))
                        continue;
                    below++;
                    if (!Float.isNaN(depth.at(x, y)))
                        seen++;
                }
            assertThat(below).isGreaterThan(cam.width * cam.height / 3);
            assertThat(seen).as("pixels below the horizon that see a surface, frame %d", frame).isEqualTo(below);
        }
    }

    /**
     * The upper rows are open sky, without depth and almost without gradient; the road below has texture (the
     * preset's motion blur included).
     */
    @Test
    void skyIsNearlyTexturelessWhileTheRoadIsTextured() {
        ConfigSynthetic c = ConfigSynthetic.highway();
        c.width = 320;
        c.height = 240;
        c.focalLength = 250;
        c.frames = 300;
        SyntheticSequence seq = new SyntheticSequence(c);
        int skyRows = c.height / 5;
        for (int frame : new int[]{0, 120, 240}) {
            GrayImage image = seq.left(frame);
            DepthImage depth = seq.depth(frame);
            for (int y = 0; y < skyRows; y++)
                for (int x = 0; x < c.width; x++)
                    assertThat(depth.at(x, y)).as("depth of sky pixel (%d, %d), frame %d", x, y, frame).isNaN();
            double sky = gradientEnergy(image, 0, skyRows, 0, c.width);
            double skyMax = 0;
            for (int y = 1; y < skyRows; y++)
                for (int x = 1; x < c.width - 1; x++)
                    skyMax = Math.max(skyMax, RayCast.gradient(image, x, y));
            // the lanes in front of the car: bottom 30 % of the rows, middle half of the columns
            double road = gradientEnergy(image, c.height * 7 / 10, c.height, c.width / 4, c.width * 3 / 4);
            System.out.printf("highway frame %d: mean squared gradient %.3f in the sky (largest gradient %.1f), %.2f"
                    + " on the road%n", frame, sky, skyMax, road);
            assertThat(sky).isLessThan(0.2);
            assertThat(skyMax).as("no edge in the sky").isLessThan(2.0);
            assertThat(road).isGreaterThan(1.0).isGreaterThan(20 * sky);
        }
    }

    /** Mean squared central-difference gradient over rows [y0, y1) and columns [x0, x1) (borders left out). */
    static double gradientEnergy(GrayImage g, int y0, int y1, int x0, int x1) {
        double sum = 0;
        int n = 0;
        for (int y = Math.max(1, y0); y < Math.min(g.height - 1, y1); y++)
            for (int x = Math.max(1, x0); x < Math.min(g.width - 1, x1); x++) {
                double gradient = RayCast.gradient(g, x, y);
                sum += gradient * gradient;
                n++;
            }
        return sum / n;
    }

    /** Depth on the lanes in front of the car is the distance along the optical axis to the road plane z = 0. */
    @Test
    void roadDepthIsTheDistanceToTheRoadPlane() {
        SyntheticSequence seq = new SyntheticSequence(small(40));
        CameraModel cam = seq.camera();
        int checked = 0;
        for (int frame : new int[]{0, 20, 39}) {
            DepthImage depth = seq.depth(frame);
            Se3_F64 pose = seq.scenePose(frame);
            double[] r = pose.R.data;
            for (int y = cam.height * 3 / 4; y < cam.height; y += 3)
                for (int x = cam.width / 4; x < cam.width * 3 / 4; x += 5) {
                    double xn = (x - cam.cx) / cam.fx, yn = (y - cam.cy) / cam.fy;
                    // the ray (xn, yn, 1) meets z = 0 where its depth λ gives T.z + λ·(R·ray).z = 0
                    double expected = -pose.T.z / (r[6] * xn + r[7] * yn + r[8]);
                    assertThat((double) depth.at(x, y)).as("depth at (%d, %d), frame %d", x, y, frame)
                            .isCloseTo(expected, within(1e-5 * expected));
                    checked++;
                }
        }
        assertThat(checked).isGreaterThan(300);
    }

    /**
     * Each textured pixel of the left image shows in the right image at the disparity f·B/Z its depth gives;
     * one pixel further it does not.
     */
    @Test
    void rightImageIsTheLeftShiftedByFocalTimesBaselineOverDepth() {
        ConfigSynthetic config = small(40);
        SyntheticSequence seq = new SyntheticSequence(config);
        CameraModel cam = seq.camera();
        int frame = 20;
        GrayImage left = seq.left(frame), right = seq.right(frame);
        DepthImage depth = seq.depth(frame);
        double[] exact = new double[cam.width * cam.height], shifted = new double[exact.length];
        int n = 0;
        for (int y = 2; y < cam.height - 2; y++)
            for (int x = 8; x < cam.width - 3; x++) {
                float z = depth.at(x, y);
                if (Float.isNaN(z) || RayCast.gradient(left, x, y) < 3 || !oneSurfaceAlongTheRow(depth, x, y, 4))
                    continue;
                double u = x - cam.fx * config.baseline / z;
                if (u < 2)
                    continue;
                exact[n] = Math.abs(left.get(x, y) - RayCast.bilinear(right, u, y));
                shifted[n++] = Math.abs(left.get(x, y) - RayCast.bilinear(right, u - 1, y));
            }
        double median = RayCast.percentile(exact, n, 0.5), shiftedMedian = RayCast.percentile(shifted, n, 0.5);
        System.out.printf("highway stereo: |left - right at f·B/Z| on %d textured pixels: median %.2f, p90 %.2f;"
                + " a pixel further: median %.2f%n", n, median, RayCast.percentile(exact, n, 0.9), shiftedMedian);
        assertThat(n).isGreaterThan(300);
        assertThat(median).isLessThan(1.5);
        assertThat(shiftedMedian).isGreaterThan(2 * median);
    }

    /** Depth within 2 % over the {@code half} pixels either side on the row: no occlusion edge nearby. */
    private static boolean oneSurfaceAlongTheRow(DepthImage depth, int x, int y, int half) {
        float z = depth.at(x, y);
        for (int i = -half; i <= half; i++) {
            float d = depth.at(x + i, y);
            if (Float.isNaN(d) || Math.abs(d - z) > 0.02 * z)
                return false;
        }
        return true;
    }

    /**
     * A textured pixel of frame k, back-projected with its depth and moved by the ground-truth motion, lands in
     * frame k + 1 (1.5 m further on) on the same grey level; with the motion turned by 0.5° it does not.
     */
    @Test
    void depthAndPosesReprojectConsistentlyBetweenConsecutiveFrames() {
        SyntheticSequence seq = new SyntheticSequence(small(40));
        double[] exact = RayCast.reprojectionErrors(seq, 20, 21, 0, 3);
        double[] turned = RayCast.reprojectionErrors(seq, 20, 21, Math.toRadians(0.5), 3);
        int n = (int) exact[exact.length - 1];
        double median = RayCast.percentile(exact, n, 0.5), p90 = RayCast.percentile(exact, n, 0.9);
        double turnedMedian = RayCast.percentile(turned, (int) turned[turned.length - 1], 0.5);
        System.out.printf("highway reprojection |difference| on %d textured pixels: median %.2f, p90 %.2f grey"
                + " levels; with the motion 0.5° off: median %.2f%n", n, median, p90, turnedMedian);
        assertThat(n).isGreaterThan(150);
        assertThat(median).isLessThan(1.5);
        assertThat(p90).isLessThan(6.0);
        assertThat(turnedMedian).isGreaterThan(2 * median);
    }

    /**
     * Along the first (straight) stretch, where road coordinates are world coordinates, the ground shows solid
     * edge lines and lane lines dashed 3 m in every 12 m.
     */
    @Test
    void laneLinesAreDashedAtARegularPeriodAndEdgeLinesSolid() {
        Centerline line = new Centerline(1, Centerline.HIGHWAY, 200);
        TexturePattern road = HighwayTextures.road(5, line);
        double texel = 0.03, length = 48;
        int nx = (int) (length / texel);
        double laneLine = -(HighwayTextures.INNER_EDGE + HighwayTextures.LANE);
        double outerLine = -(HighwayTextures.OUTER_EDGE + HighwayTextures.EDGE_LINE / 2);
        // one row of texels centred on each line (rows are 3 cm: the line is 15 or 25 cm wide)
        float[] dashed = road.generate(0, laneLine - texel / 2, nx, 1, texel);
        float[] solid = road.generate(0, outerLine - texel / 2, nx, 1, texel);
        float[] lane = road.generate(0, laneLine + 1.5 - texel / 2, nx, 1, texel);
        int painted = 0, starts = 0, firstStart = -1, lastStart = -1;
        for (int i = 0; i < nx; i++) {
            boolean on = dashed[i] > 160;
            if (on)
                painted++;
            if (on && i > 0 && dashed[i - 1] <= 160) {
                starts++;
                if (firstStart < 0)
                    firstStart = i;
                lastStart = i;
            }
            assertThat(solid[i]).as("edge line at s = %.2f", i * texel).isGreaterThan(160);
            assertThat(lane[i]).as("asphalt at s = %.2f", i * texel).isLessThan(140);
        }
        assertThat(painted * texel / length).as("painted fraction of the lane line").isCloseTo(3 / 12.0, within(0.01));
        assertThat(starts).isBetween(3, 4);
        assertThat((lastStart - firstStart) * texel % HighwayTextures.DASH_PERIOD).isCloseTo(0, within(0.05));
    }
}
