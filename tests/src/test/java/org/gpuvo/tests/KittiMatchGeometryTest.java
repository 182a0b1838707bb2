package org.gpuvo.tests;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end through the public API on real frames: ORB features of two KITTI 06 frames, matched with the ratio
 * test, must agree with the epipolar geometry of the ground-truth motion between the frames. This is what the
 * odometry will rely on: matches that are geometrically right, not only descriptors that look alike.
 */
class KittiMatchGeometryTest {
    private static final Path KITTI = Path.of(System.getProperty("gpuvo.data", "../shared/data"), "kitti-06-0050");

    @ParameterizedTest(name = "frames {0} and {1}")
    @CsvSource({"0,1", "10,12", "30,31"})
    void matchesFollowTheGroundTruthEpipolarGeometry(int first, int second) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(KITTI), "real data not available (" + KITTI + "): test skipped");
        double[][] poses = readPoses(KITTI.resolve("poses.txt"));
        double[] k = readIntrinsics(KITTI.resolve("calib.txt"));
        OrbFeatures a = new OrbFeatures(), b = new OrbFeatures();
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(2000))) {
            orb.detect(ImageFiles.readGray(frame(first)), a);
            orb.detect(ImageFiles.readGray(frame(second)), b);
        }
        Matches m = new Matches();
        FactoryMatcher.cpu(new ConfigMatch()).match(a.descriptors, b.descriptors, m);
        double[] f = fundamental(poses[first], poses[second], k);
        int consistent = 0;
        for (int i = 0; i < m.size(); i++) {
            int q = m.query[i], t = m.train[i];
            double e = sampson(f, a.keyPoints.x[q], a.keyPoints.y[q], b.keyPoints.x[t], b.keyPoints.y[t]);
            if (e < 2.0 * 2.0)
                consistent++;
        }
        // seen: 726 / 468 / 796 matches, 96% / 91% / 97% of them consistent
        assertThat(m.size()).as("matches").isGreaterThan(300);
        assertThat((double) consistent / m.size()).as("matches within 2 px of their epipolar line")
                .isGreaterThan(0.88);
    }

    private static Path frame(int i) {
        return KITTI.resolve("image_l").resolve(String.format("%06d.png", i));
    }

    /** KITTI poses: 12 numbers per line, a 3×4 camera-to-world matrix of the left camera, row-major. */
    private static double[][] readPoses(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        double[][] poses = new double[lines.size()][];
        for (int i = 0; i < lines.size(); i++)
            poses[i] = java.util.Arrays.stream(lines.get(i).trim().split("\\s+")).mapToDouble(Double::parseDouble).toArray();
        return poses;
    }

    /** fx, fy, cx, cy from P0, the first 3×4 projection matrix of KITTI's calib.txt ("P0:" prefix optional). */
    private static double[] readIntrinsics(Path file) throws Exception {
        String p0 = Files.readAllLines(file).get(0).replaceFirst("^P0:", "").trim();
        double[] p = java.util.Arrays.stream(p0.split("\\s+")).mapToDouble(Double::parseDouble).toArray();
        return new double[]{p[0], p[5], p[2], p[6]};
    }

    /**
     * F with x_b^T F x_a = 0 for pixels x_a of frame a and x_b of frame b: the motion from camera a to camera b is
     * R = R_b^T R_a, t = R_b^T (t_a − t_b); E = [t]× R; F = K^−T E K^−1.
     */
    private static double[] fundamental(double[] pa, double[] pb, double[] k) {
        double[] r = new double[9], t = new double[3];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double s = 0;
                for (int n = 0; n < 3; n++)
                    s += pb[n * 4 + i] * pa[n * 4 + j];
                r[i * 3 + j] = s;
            }
            double s = 0;
            for (int n = 0; n < 3; n++)
                s += pb[n * 4 + i] * (pa[n * 4 + 3] - pb[n * 4 + 3]);
            t[i] = s;
        }
        double[] tx = {0, -t[2], t[1], t[2], 0, -t[0], -t[1], t[0], 0};
        double[] e = mul(tx, r);
        double fx = k[0], fy = k[1], cx = k[2], cy = k[3];
        double[] kinv = {1 / fx, 0, -cx / fx, 0, 1 / fy, -cy / fy, 0, 0, 1};
        double[] kinvT = {kinv[0], kinv[3], kinv[6], kinv[1], kinv[4], kinv[7], kinv[2], kinv[5], kinv[8]};
        return mul(mul(kinvT, e), kinv);
    }

    private static double[] mul(double[] a, double[] b) {
        double[] c = new double[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                for (int n = 0; n < 3; n++)
                    c[i * 3 + j] += a[i * 3 + n] * b[n * 3 + j];
        return c;
    }

    /** Squared Sampson distance, in pixels², of the pair (x_a, x_b) from F. */
    private static double sampson(double[] f, double xa, double ya, double xb, double yb) {
        double fa0 = f[0] * xa + f[1] * ya + f[2], fa1 = f[3] * xa + f[4] * ya + f[5], fa2 = f[6] * xa + f[7] * ya + f[8];
        double fb0 = f[0] * xb + f[3] * yb + f[6], fb1 = f[1] * xb + f[4] * yb + f[7];
        double r = xb * fa0 + yb * fa1 + fa2;
        return r * r / (fa0 * fa0 + fa1 * fa1 + fb0 * fb0 + fb1 * fb1);
    }
}
