package org.gpuvo.odometry.synthetic;

import georegression.struct.se.Se3_F64;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.trajectory.Trajectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Frame timing, determinism, ground truth and the sensor degradations of {@link SyntheticSequence}. */
class SyntheticSequenceTest {
    private static ConfigSynthetic tiny(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic c = ConfigSynthetic.preset(scene);
        c.width = 160;
        c.height = 120;
        c.focalLength = 125;
        c.frames = 12;
        return c;
    }

    /** Same configuration: same bytes, whichever order the frames are asked for, on one thread or several. */
    @ParameterizedTest
    @EnumSource(ConfigSynthetic.SceneKind.class)
    void sameConfigurationGivesIdenticalBytesInAnyOrder(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic config = tiny(scene);
        config.noiseSigma = 3;
        SyntheticSequence forward = new SyntheticSequence(config);
        config.parallel = true;
        SyntheticSequence backward = new SyntheticSequence(config);
        int n = forward.size();
        byte[][] left = new byte[n][], right = new byte[n][];
        float[][] depth = new float[n][];
        for (int i = 0; i < n; i++) {
            left[i] = forward.left(i).data;
            right[i] = forward.right(i).data;
            depth[i] = forward.depth(i).metres;
        }
        for (int i = n - 1; i >= 0; i--) {
            assertThat(backward.depth(i).metres).as("depth %d", i).isEqualTo(depth[i]);
            assertThat(backward.right(i).data).as("right %d", i).isEqualTo(right[i]);
            assertThat(backward.left(i).data).as("left %d", i).isEqualTo(left[i]);
        }
        config.seed = 2;
        assertThat(new SyntheticSequence(config).left(0).data).as("another seed").isNotEqualTo(left[0]);
    }

    @Test
    void droppedFramesLeaveGapsInTimestampsAndGroundTruthFollows() {
        ConfigSynthetic config = tiny(ConfigSynthetic.SceneKind.ROOM);
        config.rate = 10;
        config.droppedFrames = new int[]{3, 4, 9};
        SyntheticSequence seq = new SyntheticSequence(config);
        assertThat(seq.size()).isEqualTo(9);
        double[] times = new double[seq.size()];
        for (int i = 0; i < seq.size(); i++)
            times[i] = seq.timestamp(i);
        assertThat(times).containsExactly(new double[]{0, 0.1, 0.2, 0.5, 0.6, 0.7, 0.8, 1.0, 1.1}, within(1e-12));
        assertThat(seq.nominalIndex(3)).isEqualTo(5);

        Trajectory truth = seq.groundTruth().orElseThrow();
        assertThat(truth.size()).isEqualTo(seq.size());
        assertThat(truth.pose(0).T.norm()).isLessThan(1e-12);
        assertThat(truth.pose(0).R.data[0]).isCloseTo(1, within(1e-12));
        // the frame after a gap is where the path is at its time: same pose as the undropped sequence's frame 5
        ConfigSynthetic full = tiny(ConfigSynthetic.SceneKind.ROOM);
        full.rate = 10;
        SyntheticSequence all = new SyntheticSequence(full);
        assertThat(all.groundTruth().orElseThrow().pose(5).T.distance(truth.pose(3).T)).isLessThan(1e-12);
        assertThat(seq.left(3).data).isEqualTo(all.left(5).data);
    }

    /** Ground truth is the left camera's motion: consecutive poses are about speed / rate apart. */
    @ParameterizedTest
    @EnumSource(ConfigSynthetic.SceneKind.class)
    void groundTruthMovesAtTheConfiguredSpeed(ConfigSynthetic.SceneKind scene) {
        ConfigSynthetic config = tiny(scene);
        config.frames = 100;
        SyntheticSequence seq = new SyntheticSequence(config);
        Trajectory truth = seq.groundTruth().orElseThrow();
        double expected = config.speed / config.rate * (truth.size() - 1);
        // the room's ellipse and the street's lane offset in bends make the speed vary around its mean
        assertThat(truth.pathLength()).isCloseTo(expected, within(0.1 * expected));
        Se3_F64 a = seq.scenePose(10), b = truth.pose(10);
        Se3_F64 first = seq.scenePose(0);
        assertThat(a.T.distance(first.T)).isCloseTo(b.T.norm(), within(1e-9));
    }

    @Test
    void blackFramesAreAllZeroAndOthersAreNot() {
        ConfigSynthetic config = tiny(ConfigSynthetic.SceneKind.STREET);
        config.blackFrames = new int[]{2, 5};
        SyntheticSequence seq = new SyntheticSequence(config);
        for (int i = 0; i < seq.size(); i++) {
            boolean black = i == 2 || i == 5;
            int maxLeft = max(seq.left(i)), maxRight = max(seq.right(i));
            if (black) {
                assertThat(maxLeft).as("left %d", i).isZero();
                assertThat(maxRight).as("right %d", i).isZero();
                assertThat(seq.depth(i).at(80, 100)).as("depth survives a black frame").isPositive();
            } else {
                assertThat(maxLeft).as("left %d", i).isGreaterThan(100);
            }
        }
    }

    @Test
    void noiseHasTheConfiguredSigma() {
        ConfigSynthetic clean = tiny(ConfigSynthetic.SceneKind.ROOM);
        clean.width = 320;
        clean.height = 240;
        clean.focalLength = 250;
        ConfigSynthetic noisy = clean.copy();
        noisy.noiseSigma = 4;
        GrayImage a = new SyntheticSequence(clean).left(3), b = new SyntheticSequence(noisy).left(3);
        double sum = 0, sum2 = 0;
        int n = 0;
        for (int i = 0; i < a.data.length; i++) {
            int va = a.data[i] & 0xFF;
            if (va < 20 || va > 235)
                continue; // clamping would bias the noise
            int d = (b.data[i] & 0xFF) - va;
            sum += d;
            sum2 += d * d;
            n++;
        }
        double mean = sum / n, sigma = Math.sqrt(sum2 / n - mean * mean);
        // rounding both images adds about 1/6 to the variance
        assertThat(n).isGreaterThan(50000);
        assertThat(mean).isCloseTo(0, within(0.1));
        assertThat(sigma).isCloseTo(Math.sqrt(16 + 1.0 / 6), within(0.12));
    }

    @Test
    void exposureScalesIntensityByTheReportedGain() {
        ConfigSynthetic clean = tiny(ConfigSynthetic.SceneKind.ROOM);
        ConfigSynthetic varying = clean.copy();
        varying.exposureAmplitude = 0.4;
        varying.exposurePeriod = 0.2;
        SyntheticSequence a = new SyntheticSequence(clean), b = new SyntheticSequence(varying);
        double minGain = 2, maxGain = 0;
        for (int i = 0; i < a.size(); i++) {
            double gain = b.exposureGain(i);
            minGain = Math.min(minGain, gain);
            maxGain = Math.max(maxGain, gain);
            GrayImage ia = a.left(i), ib = b.left(i);
            double sa = 0, sb = 0;
            for (int k = 0; k < ia.data.length; k++) {
                int va = ia.data[k] & 0xFF;
                if (va * gain > 250)
                    continue;
                sa += va;
                sb += ib.data[k] & 0xFF;
            }
            assertThat(sb / sa).as("frame %d", i).isCloseTo(gain, within(0.01));
        }
        assertThat(maxGain - minGain).as("the gain follows its curve over the frames").isGreaterThan(0.4);
    }

    /** A blurred frame is the clean frame convolved with the configured kernel (up to rounding). */
    @ParameterizedTest
    @EnumSource(ConfigSynthetic.BlurKernel.class)
    void blurConvolvesWithTheKernel(ConfigSynthetic.BlurKernel kind) {
        ConfigSynthetic clean = tiny(ConfigSynthetic.SceneKind.ROOM);
        ConfigSynthetic blurred = clean.copy();
        blurred.blurSize = 5;
        blurred.blurKernel = kind;
        GrayImage a = new SyntheticSequence(clean).left(4), b = new SyntheticSequence(blurred).left(4);
        double[] k = kind == ConfigSynthetic.BlurKernel.BOX ? new double[]{0.2, 0.2, 0.2, 0.2, 0.2}
                : gaussian(5, 1.1); // OpenCV's sigma for size 5: 0.3·(2 - 1) + 0.8
        int maxError = 0;
        double change = 0;
        for (int y = 2; y < a.height - 2; y++)
            for (int x = 2; x < a.width - 2; x++) {
                double s = 0;
                for (int j = -2; j <= 2; j++)
                    for (int i = -2; i <= 2; i++)
                        s += k[i + 2] * k[j + 2] * a.get(x + i, y + j);
                maxError = Math.max(maxError, (int) Math.abs(Math.round(s) - b.get(x, y)));
                change += Math.abs(a.get(x, y) - b.get(x, y));
            }
        assertThat(maxError).isLessThanOrEqualTo(2);
        assertThat(change / ((a.width - 4) * (a.height - 4))).as("mean change").isGreaterThan(3);
    }

    private static double[] gaussian(int size, double sigma) {
        double[] g = new double[size];
        double sum = 0;
        for (int i = 0; i < size; i++) {
            double d = i - (size - 1) / 2.0;
            sum += g[i] = Math.exp(-d * d / (2 * sigma * sigma));
        }
        for (int i = 0; i < size; i++)
            g[i] /= sum;
        return g;
    }

    @Test
    void cameraAndStereoCalibrationFollowTheConfiguration() {
        ConfigSynthetic config = tiny(ConfigSynthetic.SceneKind.STREET);
        config.baseline = 0.3;
        SyntheticSequence seq = new SyntheticSequence(config);
        assertThat(seq.camera().fx).isEqualTo(125);
        assertThat(seq.camera().cx).isEqualTo(79.5);
        assertThat(seq.stereo().orElseThrow().baseline()).isCloseTo(0.3, within(1e-12));
        assertThat(seq.stereo().orElseThrow().rightToLeft().T.x).isCloseTo(0.3, within(1e-12));
        assertThat(seq.hasDepth()).isTrue();
        assertThat(seq.hasRight()).isTrue();
        assertThat(seq.name()).isEqualTo("synthetic-street-1");
        assertThatThrownBy(() -> seq.left(12)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void invalidConfigurationsAreRejectedNamingTheParameter() {
        rejects(c -> c.frames = 0, "frames");
        rejects(c -> c.rate = Double.NaN, "rate");
        rejects(c -> c.speed = -1, "speed");
        rejects(c -> c.focalLength = 0, "focalLength");
        rejects(c -> c.width = 8, "image size");
        rejects(c -> c.baseline = 0, "baseline");
        rejects(c -> c.noiseSigma = -1, "noiseSigma");
        rejects(c -> c.blurSize = 4, "blurSize");
        rejects(c -> c.exposureAmplitude = 1, "exposureAmplitude");
        rejects(c -> c.blackFrames = new int[]{12}, "blackFrames");
        rejects(c -> c.droppedFrames = new int[]{1, 1}, "droppedFrames");
        rejects(c -> c.droppedFrames = java.util.stream.IntStream.range(0, 12).toArray(), "droppedFrames");
        rejects(c -> c.distortion = null, "distortion");
        rejects(c -> c.exposureTime = -0.001, "exposureTime");
        rejects(c -> c.exposureTime = 1 / c.rate, "exposureTime");
        rejects(c -> c.exposureTime = Double.NaN, "exposureTime");
    }

    @Test
    void presetsMatchTheirSceneAndTheExposureTimeIsCopiedAndShown() {
        for (ConfigSynthetic.SceneKind kind : ConfigSynthetic.SceneKind.values())
            assertThat(ConfigSynthetic.preset(kind).scene).isEqualTo(kind);
        ConfigSynthetic highway = ConfigSynthetic.highway();
        assertThat(highway.speed / highway.rate).as("metres per frame").isBetween(1.0, 2.0);
        assertThat(highway.exposureTime).isPositive();
        assertThat(ConfigSynthetic.street().exposureTime).isZero();
        assertThat(highway.copy().exposureTime).isEqualTo(highway.exposureTime);
        assertThat(highway.toString()).contains("HIGHWAY", "motion blur over 4.0 ms");
        assertThat(ConfigSynthetic.room().toString()).doesNotContain("motion blur");
        assertThat(new SyntheticSequence(tiny(ConfigSynthetic.SceneKind.HIGHWAY)).name()).isEqualTo("synthetic-highway-1");
    }

    private static void rejects(Consumer<ConfigSynthetic> change, String name) {
        ConfigSynthetic c = tiny(ConfigSynthetic.SceneKind.ROOM);
        change.accept(c);
        assertThatThrownBy(() -> new SyntheticSequence(c)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(name);
    }

    private static int max(GrayImage g) {
        int m = 0;
        for (byte b : g.data)
            m = Math.max(m, b & 0xFF);
        return m;
    }

}
