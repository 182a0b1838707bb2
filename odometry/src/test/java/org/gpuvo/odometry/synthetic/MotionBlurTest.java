package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@link ConfigSynthetic#exposureTime}: the motion blur of a camera moving while its shutter is open. */
class MotionBlurTest {
    private static ConfigSynthetic highway(double exposureTime) {
        ConfigSynthetic c = ConfigSynthetic.highway();
        c.width = 320;
        c.height = 240;
        c.focalLength = 250;
        c.frames = 40;
        c.exposureTime = exposureTime;
        return c;
    }

    /** Without exposure time the images are the renderer's, only rounded: no blur at all. */
    @Test
    void zeroExposureTimeGivesExactlyTheSharpImage() {
        SyntheticSequence seq = new SyntheticSequence(highway(0));
        SceneRenderer renderer = new SceneRenderer(seq.scene(), seq.camera(), false);
        int n = seq.camera().width * seq.camera().height;
        for (int frame : new int[]{3, 30}) {
            Se3_F64 left = seq.scenePose(frame);
            Se3_F64 right = seq.stereo().orElseThrow().rightToLeft().concat(left, null);
            assertThat(seq.left(frame).data).as("left %d", frame).isEqualTo(rounded(renderer, left, n));
            assertThat(seq.right(frame).data).as("right %d", frame).isEqualTo(rounded(renderer, right, n));
        }
    }

    private static byte[] rounded(SceneRenderer renderer, Se3_F64 pose, int n) {
        float[] image = new float[n];
        renderer.render(pose, image, null);
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++)
            out[i] = (byte) Math.max(0, Math.min(255, Math.round(image[i])));
        return out;
    }

    /**
     * A longer exposure smears the road more (the gradient energy of the bottom quarter of the image, the road nearest
     * the car, drops), while depth and ground truth stay those of the frame's time and the sky, at infinity and
     * barely turning, stays as it was.
     */
    @Test
    void longerExposureSmearsTheRoadMoreAndLeavesDepthAndGroundTruth() {
        SyntheticSequence sharp = new SyntheticSequence(highway(0));
        SyntheticSequence[] blurred = {new SyntheticSequence(highway(0.004)), new SyntheticSequence(highway(0.012))};
        int w = sharp.camera().width, h = sharp.camera().height, frame = 25;
        GrayImage a = sharp.left(frame);
        double energy = HighwaySceneTest.gradientEnergy(a, h * 3 / 4, h, 0, w);
        double previous = energy;
        for (SyntheticSequence seq : blurred) {
            GrayImage b = seq.left(frame);
            double e = HighwaySceneTest.gradientEnergy(b, h * 3 / 4, h, 0, w);
            System.out.printf("exposure %.0f ms: road gradient energy %.2f (sharp %.2f)%n",
                    seq.config().exposureTime * 1000, e, energy);
            assertThat(e).isLessThan(0.7 * previous);
            previous = e;
            int skyChange = 0;
            for (int i = 0; i < w * h / 5; i++)
                skyChange = Math.max(skyChange, Math.abs(a.data[i] - b.data[i]));
            assertThat(skyChange).as("largest change in the sky").isLessThanOrEqualTo(1);
            assertThat(seq.depth(frame).metres).isEqualTo(sharp.depth(frame).metres);
            assertThat(seq.groundTruth().orElseThrow().pose(frame).T.distance(
                    sharp.groundTruth().orElseThrow().pose(frame).T)).isZero();
            assertThat(seq.right(frame).data).isNotEqualTo(sharp.right(frame).data);
        }
    }

    /**
     * On the road either side of the lane, the blur lowers the gradient across the radial direction from the focus
     * of expansion (the smear's direction) much more than the gradient along circles about it.
     */
    @Test
    void blurOnTheRoadRunsRadiallyFromTheFocusOfExpansion() {
        SyntheticSequence sharp = new SyntheticSequence(highway(0)), blurred = new SyntheticSequence(highway(0.008));
        CameraModel cam = sharp.camera();
        int frame = 25;
        // the focus of expansion: where the camera's motion over the exposure points, in the frame's camera
        double t = sharp.timestamp(frame);
        Se3_F64 pose = sharp.scenePose(frame);
        Se3_F64 later = sharp.path().cameraToWorld(t + 0.01);
        double mx = later.T.x - pose.T.x, my = later.T.y - pose.T.y, mz = later.T.z - pose.T.z;
        double[] r = pose.R.data;
        double cx = r[0] * mx + r[3] * my + r[6] * mz, cy = r[1] * mx + r[4] * my + r[7] * mz;
        double cz = r[2] * mx + r[5] * my + r[8] * mz;
        double foeX = cam.fx * cx / cz + cam.cx, foeY = cam.fy * cy / cz + cam.cy;
        assertThat(Math.hypot(foeX - cam.cx, foeY - cam.cy)).as("the car drives about where it looks").isLessThan(10);
        GrayImage a = sharp.left(frame), b = blurred.left(frame);
        double[] sharpEnergy = new double[2], blurredEnergy = new double[2]; // radial, tangential
        for (int y = cam.height * 7 / 10; y < cam.height - 1; y++)
            for (int x = 1; x < cam.width - 1; x++) {
                double rx = x - foeX, ry = y - foeY, norm = Math.hypot(rx, ry);
                rx /= norm;
                ry /= norm;
                directional(a, x, y, rx, ry, sharpEnergy);
                directional(b, x, y, rx, ry, blurredEnergy);
            }
        double radial = blurredEnergy[0] / sharpEnergy[0], tangential = blurredEnergy[1] / sharpEnergy[1];
        System.out.printf("blur keeps %.0f %% of the radial gradient energy, %.0f %% of the tangential%n",
                100 * radial, 100 * tangential);
        assertThat(radial).isLessThan(0.7 * tangential);
    }

    /** Adds the squared gradient component along (rx, ry) and across it at (x, y). */
    private static void directional(GrayImage g, int x, int y, double rx, double ry, double[] sums) {
        double gx = (g.get(x + 1, y) - g.get(x - 1, y)) / 2.0, gy = (g.get(x, y + 1) - g.get(x, y - 1)) / 2.0;
        double along = gx * rx + gy * ry, across = -gx * ry + gy * rx;
        sums[0] += along * along;
        sums[1] += across * across;
    }

    /**
     * A single bright point seen at depth 10 m by a camera moving 1 m during the exposure smears into a streak
     * through it, pointing at the focus of expansion and as long as the point's image moves (|p - FOE|·1/10 px),
     * whether the camera moves along its optical axis or obliquely.
     */
    @Test
    void aPointSmearsIntoAStreakAlongTheRayFromTheFocusOfExpansion() {
        CameraModel cam = CameraModel.pinhole(200, 160, 100, 100, 99.5, 79.5);
        int px = 160, py = 120;
        for (double[] motion : new double[][]{{0, 0, 1}, {0.4, -0.2, 1}}) {
            double norm = Math.sqrt(motion[0] * motion[0] + motion[1] * motion[1] + motion[2] * motion[2]);
            double mx = motion[0] / norm, my = motion[1] / norm, mz = motion[2] / norm;
            double foeX = cam.cx + cam.fx * mx / mz, foeY = cam.cy + cam.fy * my / mz;
            float[] image = new float[cam.width * cam.height], depth = new float[image.length];
            Arrays.fill(depth, 10f);
            image[py * cam.width + px] = 1000;
            Se3_F64 frame = new Se3_F64(), start = new Se3_F64(), end = new Se3_F64();
            start.T.setTo(-0.5 * mx, -0.5 * my, -0.5 * mz);
            end.T.setTo(0.5 * mx, 0.5 * my, 0.5 * mz);
            MotionBlur.apply(image, depth, cam, frame, start, end, false);

            // the streak's centroid and principal axes (intensity-weighted second moments)
            double sum = 0, sx = 0, sy = 0;
            for (int y = 0; y < cam.height; y++)
                for (int x = 0; x < cam.width; x++) {
                    double v = image[y * cam.width + x];
                    sum += v;
                    sx += v * x;
                    sy += v * y;
                }
            double mxBar = sx / sum, myBar = sy / sum, cxx = 0, cyy = 0, cxy = 0;
            for (int y = 0; y < cam.height; y++)
                for (int x = 0; x < cam.width; x++) {
                    double v = image[y * cam.width + x], dx = x - mxBar, dy = y - myBar;
                    cxx += v * dx * dx;
                    cyy += v * dy * dy;
                    cxy += v * dx * dy;
                }
            cxx /= sum;
            cyy /= sum;
            cxy /= sum;
            double mean = (cxx + cyy) / 2, spread = Math.sqrt((cxx - cyy) * (cxx - cyy) / 4 + cxy * cxy);
            double major = mean + spread, minor = mean - spread;
            double axis = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
            double radial = Math.atan2(py - foeY, px - foeX);
            double angle = Math.toDegrees(Math.abs(Math.IEEEremainder(axis - radial, Math.PI)));
            // a uniform streak of length L has variance L²/12 along it
            double length = Math.sqrt(12 * major), expected = Math.hypot(px - foeX, py - foeY) * mz / 10;
            System.out.printf("motion (%.1f, %.1f, %.1f): streak %.2f px long (expected %.2f), %.2f° off the ray from"
                    + " the focus of expansion, %.2f px wide%n", motion[0], motion[1], motion[2], length, expected,
                    angle, Math.sqrt(12 * minor));
            assertThat(Math.hypot(mxBar - px, myBar - py)).as("centred on the point").isLessThan(0.5);
            assertThat(angle).isLessThan(3.0);
            assertThat(length).isCloseTo(expected, within(0.15 * expected));
            assertThat(minor).as("thin").isLessThan(0.15 * major);
        }
    }
}
