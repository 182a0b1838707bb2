package org.gpuvo.odometry.geometry;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.FactoryOrb;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real data: consecutive frames of KITTI odometry sequence 06 (about 1.2 m apart, driving forward), CPU ORB
 * features matched by Hamming distance with Lowe's ratio test, normalized with the sequence's calibration; the
 * estimated relative pose is compared with the ground truth of {@code poses.txt}. Skipped where the data is absent.
 *
 * <p>These pairs have little parallax (median 0.3–0.8°), so the stopping rule alone stops on wrong motions: the
 * estimator runs at least 200 samples here. Of the pairs (k, k+1), k = 0, 5, …, 45, the four below meet 0.1° / 2°
 * for eight seeds out of eight; the others stay within 0.2° / 4.3° except 15→16 (one seed in eight wrong), which is
 * why they are not asserted.
 */
class KittiRelativePoseTest {
    private static final double FX = 707.0912, FY = 707.0912, CX = 601.8873, CY = 183.1104;

    @ParameterizedTest(name = "frames {0} → {1}")
    @CsvSource({"5, 6", "30, 31", "35, 36", "45, 46"})
    void relativePoseAgreesWithGroundTruth(int first, int second) throws IOException {
        Path dir = SharedData.require("kitti-06-0050");
        List<Se3_F64> cameraToWorld = readKittiPoses(dir.resolve("poses.txt"));
        double[][] pairs = normalizedMatches(dir, first, second);
        double[] x1 = pairs[0], y1 = pairs[1], x2 = pairs[2], y2 = pairs[3];
        int n = x1.length;

        RelativePoseEstimator alg = new RelativePoseEstimator(initRansac(new ConfigRansac().seed), FX);
        Se3_F64 found = new Se3_F64();
        assertThat(alg.process(x1, y1, x2, y2, n, found)).as("status " + alg.status()).isTrue();

        // view1ToView2 = (camera 2 → world)⁻¹ ∘ (camera 1 → world)
        Se3_F64 truth = cameraToWorld.get(first).concat(cameraToWorld.get(second).invert(null), null);
        double rotationError = SyntheticScene.rotationErrorDeg(found, truth);
        double directionError = SyntheticScene.translationAngleDeg(found, truth);
        System.out.printf("KITTI 06 %d→%d: %d matches, %d inliers, %d iterations, rotation error %.4f°, "
                        + "translation direction error %.3f°%n", first, second, n, alg.inlierCount(),
                alg.iterations(), rotationError, directionError);
        assertThat(rotationError).isLessThan(0.1);
        assertThat(directionError).isLessThan(2.0);
        assertThat(alg.inlierCount()).isGreaterThan(n / 3);
    }

    /**
     * The minimal samples are solved in batches on a pool: four threads must give one thread's result to the bit
     * (pose, inliers, samples drawn), on pairs with much and with little parallax, for several seeds.
     */
    @ParameterizedTest(name = "frames {0} → {1}")
    @CsvSource({"5, 6", "15, 16", "20, 23"})
    void fourThreadsGiveOneThreadsResult(int first, int second) throws IOException {
        double[][] pairs = normalizedMatches(SharedData.require("kitti-06-0050"), first, second);
        int n = pairs[0].length;
        ForkJoinPool one = new ForkJoinPool(1), four = new ForkJoinPool(4);
        try {
            for (long seed = 1; seed <= 4; seed++) {
                RelativePoseEstimator alone = new RelativePoseEstimator(initRansac(seed), FX, one);
                RelativePoseEstimator shared = new RelativePoseEstimator(initRansac(seed), FX, four);
                Se3_F64 a = new Se3_F64(), b = new Se3_F64();
                boolean foundAlone = alone.process(pairs[0], pairs[1], pairs[2], pairs[3], n, a);
                boolean foundShared = shared.process(pairs[0], pairs[1], pairs[2], pairs[3], n, b);
                assertThat(foundShared).isEqualTo(foundAlone);
                assertThat(shared.status()).isEqualTo(alone.status());
                assertThat(shared.iterations()).isEqualTo(alone.iterations()).isGreaterThanOrEqualTo(200);
                assertThat(b.R.data).containsExactly(a.R.data);
                assertThat(new double[]{b.T.x, b.T.y, b.T.z}).containsExactly(a.T.x, a.T.y, a.T.z);
                assertThat(shared.inlierCount()).isEqualTo(alone.inlierCount()).isGreaterThan(n / 3);
                for (int k = 0; k < alone.inlierCount(); k++)
                    assertThat(shared.inlier(k)).isEqualTo(alone.inlier(k));
            }
        } finally {
            one.shutdown();
            four.shutdown();
        }
    }

    /** A monocular start's RANSAC: at least 200 samples (see the class comment). */
    private static ConfigRansac initRansac(long seed) {
        ConfigRansac ransac = new ConfigRansac();
        ransac.minIterations = 200;
        ransac.seed = seed;
        return ransac;
    }

    /** CPU ORB matches of frames {@code first} and {@code second}, normalized: x1, y1, x2, y2. */
    private static double[][] normalizedMatches(Path dir, int first, int second) throws IOException {
        Path images = dir.resolve("image_l");
        OrbFeatures f1 = new OrbFeatures(), f2 = new OrbFeatures();
        try (OrbExtractor orb = FactoryOrb.cpu(new ConfigOrb(2000))) {
            orb.detect(SharedData.read(images.resolve(String.format("%06d.png", first))), f1);
            orb.detect(SharedData.read(images.resolve(String.format("%06d.png", second))), f2);
        }
        DescriptorMatcher matcher = FactoryMatcher.cpu(new ConfigMatch());
        Matches matches = new Matches();
        matcher.match(f1.descriptors, f2.descriptors, matches);
        int n = matches.size();
        assertThat(n).as("matches").isGreaterThan(200);
        double[][] pairs = new double[4][n];
        for (int k = 0; k < n; k++) {
            int q = matches.query[k], t = matches.train[k];
            pairs[0][k] = (f1.keyPoints.x[q] - CX) / FX;
            pairs[1][k] = (f1.keyPoints.y[q] - CY) / FY;
            pairs[2][k] = (f2.keyPoints.x[t] - CX) / FX;
            pairs[3][k] = (f2.keyPoints.y[t] - CY) / FY;
        }
        return pairs;
    }

    /** KITTI odometry poses: one 3×4 row-major camera-to-world matrix per line. */
    static List<Se3_F64> readKittiPoses(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        java.util.ArrayList<Se3_F64> poses = new java.util.ArrayList<>();
        for (int line = 0; line < lines.size(); line++) {
            String text = lines.get(line).trim();
            if (text.isEmpty())
                continue;
            String[] v = text.split("\\s+");
            if (v.length != 12)
                throw new IOException(file + ":" + (line + 1) + ": expected 12 numbers, found " + v.length);
            Se3_F64 pose = new Se3_F64();
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++)
                    pose.R.set(r, c, Double.parseDouble(v[4 * r + c]));
            }
            pose.T.setTo(Double.parseDouble(v[3]), Double.parseDouble(v[7]), Double.parseDouble(v[11]));
            poses.add(pose);
        }
        return poses;
    }
}
