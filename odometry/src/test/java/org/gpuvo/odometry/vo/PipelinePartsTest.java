package org.gpuvo.odometry.vo;

import georegression.geometry.ConvertRotation3D_F64;
import georegression.struct.EulerType;
import georegression.struct.point.Point3D_F64;
import georegression.struct.se.Se3_F64;
import georegression.transform.se.SePointOps_F64;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.odometry.camera.CameraModel;
import org.gpuvo.odometry.camera.StereoCalibration;
import org.gpuvo.odometry.camera.StereoRectification;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.odometry.frontend.FeatureDescriptors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The pipeline's small parts, each against what it must compute. */
class PipelinePartsTest {
    private static final CameraModel CAMERA = CameraModel.pinhole(640, 480, 500, 500, 320, 240);

    @Test
    void rotationPriorMapsNewPixelsOntoWhereDistantPointsWereBefore() {
        Se3_F64 previous = new Se3_F64(), current = new Se3_F64();
        ConvertRotation3D_F64.eulerToMatrix(EulerType.XYZ, 0.01, -0.03, 0.005, current.R);
        MotionPrior prior = new MotionPrior();
        prior.update(previous, current);
        double[] h = prior.rotationHomography(CAMERA);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 50; i++) {
            // a point at infinity (direction only): where each frame sees it
            Point3D_F64 d = new Point3D_F64(random.nextDouble(-0.5, 0.5), random.nextDouble(-0.4, 0.4), 1);
            Point3D_F64 inCurrent = new Point3D_F64();
            SePointOps_F64.transform(new Se3_F64(current.R, new georegression.struct.point.Vector3D_F64()), d, inCurrent);
            double u = 500 * inCurrent.x / inCurrent.z + 320, v = 500 * inCurrent.y / inCurrent.z + 240;
            double w = h[6] * u + h[7] * v + h[8];
            assertThat((h[0] * u + h[1] * v + h[2]) / w).isCloseTo(500 * d.x / d.z + 320, within(1e-9));
            assertThat((h[3] * u + h[4] * v + h[5]) / w).isCloseTo(500 * d.y / d.z + 240, within(1e-9));
        }
        assertThat(new MotionPrior().rotationHomography(CAMERA)).as("no velocity yet: no window").isNull();
    }

    @ParameterizedTest
    @ValueSource(doubles = {4.0, 7.3, 12.65, 20.5})
    void subpixelDisparityRecoversAFractionalShift(double shift) {
        int w = 160, h = 60;
        GrayImage left = GrayImage.create(w, h), right = GrayImage.create(w, h);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                left.set(x, y, texture(x, y));
                right.set(x, y, texture(x + shift, y)); // the right camera sees each point `shift` px further left
            }
        double refined = new SubpixelDisparity(3, 2).refine(left, right, 80, 30, Math.round(shift));
        assertThat(refined).isCloseTo(shift, within(0.15));
    }

    private static int texture(double x, double y) {
        return (int) Math.round(128 + 60 * Math.sin(0.37 * x + 0.11 * y) + 40 * Math.cos(0.23 * x - 0.31 * y + 1));
    }

    /** A rectified pair with a 10 cm baseline. */
    private static final StereoRectification RIG = rectifiedRig();

    private static StereoRectification rectifiedRig() {
        Se3_F64 rightToLeft = new Se3_F64();
        rightToLeft.T.setTo(0.1, 0, 0);
        return StereoRectification.compute(new StereoCalibration(CAMERA, CAMERA, rightToLeft));
    }

    /**
     * n random ORB keypoints on the left and each on its row on the right at a random disparity ({@code truth}), the
     * right descriptors the left ones with a few bits flipped.
     */
    private record OrbPair(KeyPoints left, KeyPoints right, Descriptors dl, Descriptors dr, double[] truth) {
        static OrbPair random(long seed, int n) {
            SplittableRandom random = new SplittableRandom(seed);
            KeyPoints left = new KeyPoints(), right = new KeyPoints();
            Descriptors dl = Descriptors.orb(), dr = Descriptors.orb();
            dl.resize(n);
            dr.resize(n);
            random.nextBytes(dl.data);
            double[] truth = new double[n];
            for (int i = 0; i < n; i++) {
                float x = (float) random.nextDouble(100, 600), y = (float) random.nextDouble(5, 475);
                truth[i] = random.nextDouble(1, 90);
                left.add(x, y, 0, 31, 0, 1);
                right.add((float) (x - truth[i]), y, 0, 31, 0, 1);
            }
            System.arraycopy(dl.data, 0, dr.data, 0, dl.data.length);
            for (int i = 0; i < n; i++)
                dr.data[32 * i + i % 32] ^= 0x5;
            return new OrbPair(left, right, dl, dr, truth);
        }

        int match(StereoPointMatcher matcher) {
            return matcher.match(left, new FeatureDescriptors.Binary(dl), right, new FeatureDescriptors.Binary(dr),
                    480, 200);
        }
    }

    @Test
    void stereoMatcherFindsRowMatchesAndTheirDisparity() {
        int n = 300;
        OrbPair pair = OrbPair.random(11, n);
        // the last 20 keypoints are moved off their row
        for (int i = n - 20; i < n; i++)
            pair.right.y[i] += 6;
        StereoPointMatcher matcher = new StereoPointMatcher(RIG, 1.5, KeyPointScale.orb(1.2), 64, 0.9);
        assertThat(pair.match(matcher)).isEqualTo(n - 20);
        for (int i = 0; i < n - 20; i++)
            assertThat(matcher.disparity[i]).isCloseTo(pair.truth[i], within(1e-3));
        for (int i = n - 20; i < n; i++)
            assertThat(matcher.disparity[i]).isNaN();
    }

    /**
     * The matcher searches its keypoints in chunks on several threads; the mutual check after it keeps, of left
     * keypoints that want the same right one at the same distance, the first, as one loop would: the matches are the
     * same on one thread and on four, also where the rivals fall into different chunks.
     */
    @Test
    void stereoMatchesAreTheSameOnOneThreadAndOnFour() {
        int n = 400;
        OrbPair pair = OrbPair.random(5, n);
        // left keypoints 300..309 are copies of 10..19, three chunks apart: rivals for the same right keypoints
        for (int i = 0; i < 10; i++) {
            pair.left.x[300 + i] = pair.left.x[10 + i];
            pair.left.y[300 + i] = pair.left.y[10 + i];
            System.arraycopy(pair.dl.data, 32 * (10 + i), pair.dl.data, 32 * (300 + i), 32);
        }
        StereoPointMatcher one = new StereoPointMatcher(RIG, 1.5, KeyPointScale.orb(1.2), 64, 0.9,
                new java.util.concurrent.ForkJoinPool(1));
        StereoPointMatcher four = new StereoPointMatcher(RIG, 1.5, KeyPointScale.orb(1.2), 64, 0.9,
                new java.util.concurrent.ForkJoinPool(4));
        int matchedOne = pair.match(one), matchedFour = pair.match(four);
        assertThat(matchedFour).isEqualTo(matchedOne).isEqualTo(n - 10);
        for (int i = 0; i < n; i++)
            assertThat(Double.doubleToLongBits(four.disparity[i])).as("keypoint %d", i)
                    .isEqualTo(Double.doubleToLongBits(one.disparity[i]));
        for (int i = 0; i < 10; i++) {
            assertThat(four.disparity[10 + i]).isNotNaN();
            assertThat(four.disparity[300 + i]).isNaN();
        }
    }

    /**
     * SIFT keypoints: float descriptors compared by Euclidean distance, the row tolerance grown with the keypoint's
     * σ / σ0, and keypoints more than one scale level apart kept apart.
     */
    @Test
    void stereoMatcherPairsSiftKeypointsOfTheirScale() {
        StereoRectification rig = RIG;
        SplittableRandom random = new SplittableRandom(12);
        int n = 200;
        KeyPoints left = new KeyPoints(), right = new KeyPoints();
        FloatDescriptors dl = FloatDescriptors.sift(), dr = FloatDescriptors.sift();
        dl.resize(n);
        dr.resize(n);
        for (int i = 0; i < n; i++) {
            double norm = 0;
            for (int k = 0; k < 128; k++) {
                float v = (float) random.nextDouble();
                dl.data[128 * i + k] = v;
                dr.data[128 * i + k] = v + (float) random.nextDouble(-0.02, 0.02);
                norm += v * v;
            }
            for (int k = 0; k < 128; k++) {
                dl.data[128 * i + k] /= (float) Math.sqrt(norm);
                dr.data[128 * i + k] /= (float) Math.sqrt(norm);
            }
        }
        double[] truth = new double[n];
        double sigma = 1.6;
        for (int i = 0; i < n; i++) {
            float x = (float) random.nextDouble(100, 600), y = (float) random.nextDouble(10, 470);
            truth[i] = random.nextDouble(1, 90);
            // σ / σ0 = 4 (octave 2): 2.5 pixels off the row is within 1.5 × 4
            float diameter = (float) (2 * sigma * (i % 2 == 0 ? 1 : 4));
            left.add(x, y, i % 2 == 0 ? 0 : 2, diameter, 0, 1);
            right.add((float) (x - truth[i]), y + (i % 2 == 0 ? 0.5f : 2.5f), i % 2 == 0 ? 0 : 2, diameter * 1.1f, 0, 1);
        }
        // the last 10 right keypoints are half an octave larger than their left ones: more than one level of 3
        for (int i = n - 10; i < n; i++)
            right.diameter[i] = left.diameter[i] * 1.42f;
        // unrelated descriptors are about 0.7 apart (360 units): 200 (0.39) keeps a lone wrong candidate out
        StereoPointMatcher matcher = new StereoPointMatcher(rig, 1.5, KeyPointScale.sift(sigma, 3), 200, 0.8);
        int matched = matcher.match(left, new FeatureDescriptors.Real(dl), right, new FeatureDescriptors.Real(dr),
                480, 200);
        assertThat(matched).isEqualTo(n - 10);
        for (int i = 0; i < n - 10; i++)
            assertThat(matcher.disparity[i]).isCloseTo(truth[i], within(1e-3));
        for (int i = n - 10; i < n; i++)
            assertThat(matcher.disparity[i]).isNaN();

        // at scale 1 the tolerance is 1.5 pixels: the larger keypoints' 2.5-pixel offset is too much
        KeyPointScale unscaled = KeyPointScale.sift(sigma, 3);
        for (int i = 0; i < n; i++) {
            left.diameter[i] = (float) (2 * sigma);
            right.diameter[i] = (float) (2 * sigma);
        }
        assertThat(new StereoPointMatcher(rig, 1.5, unscaled, 200, 0.8).match(left, new FeatureDescriptors.Real(dl),
                right, new FeatureDescriptors.Real(dr), 480, 200)).isEqualTo(n / 2);
    }

    @Test
    void siftDescriptorDistancesAreInTheScaledUnitAndTypesDoNotMix() {
        FloatDescriptors a = FloatDescriptors.sift(), b = FloatDescriptors.sift();
        a.resize(1);
        b.resize(2);
        a.data[0] = 1;
        b.data[128] = 0.6f;
        b.data[128 + 1] = 0.8f;
        FeatureDescriptors real = new FeatureDescriptors.Real(a);
        assertThat(real.distancesTo(new FeatureDescriptors.Real(b)).applyAsInt(0, 1))
                .isEqualTo((int) Math.round(Math.sqrt(0.4 * 0.4 + 0.8 * 0.8) * FloatDescriptors.DISTANCE_SCALE));
        assertThat(real.distancesTo(new FeatureDescriptors.Real(b)).applyAsInt(0, 0))
                .isEqualTo(FloatDescriptors.DISTANCE_SCALE);
        FeatureDescriptors binary = FeatureDescriptors.of(FeatureType.ORB);
        assertThatThrownBy(() -> real.distancesTo(binary)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("orb");
        assertThatThrownBy(() -> binary.setTo(real)).isInstanceOf(IllegalArgumentException.class);
        FeatureDescriptors copy = FeatureDescriptors.of(FeatureType.SIFT);
        copy.setTo(new FeatureDescriptors.Real(b));
        assertThat(copy.size()).isEqualTo(2);
        assertThat(FeatureDescriptors.floatRows(copy).data[129]).isEqualTo(0.8f);
    }

    @Test
    void depthOnASilhouetteIsNotTrusted() {
        float[] metres = new float[20 * 10];
        for (int y = 0; y < 10; y++)
            for (int x = 0; x < 20; x++)
                metres[y * 20 + x] = x < 10 ? 1.0f : 4.0f; // an object's edge at x = 10
        DepthImage depth = new DepthImage(20, 10, metres);
        assertThat(DepthSampling.depthAt(depth, 5, 5)).isEqualTo(1.0);
        assertThat(DepthSampling.depthAt(depth, 15.2, 4.8)).isEqualTo(4.0);
        assertThat(DepthSampling.depthAt(depth, 9.6, 5)).isNaN();
        assertThat(DepthSampling.depthAt(depth, 0, 5)).as("at the border the neighbourhood is incomplete").isNaN();
        metres[5 * 20 + 5] = 0;
        assertThat(DepthSampling.depthAt(depth, 5, 5)).as("no measurement").isNaN();
    }

    @Test
    void tracksChainThroughFramesAndRestart() {
        FeatureTracks tracks = new FeatureTracks();
        tracks.nextFrame(3);                       // frame 0: features 0..2, no tracks yet
        tracks.nextFrame(2);                       // frame 1
        tracks.continueTrack(0, 2, 0, 0.1, 0.2);   // feature 0 of frame 1 continues feature 2 of frame 0
        tracks.landmark[0] = 7;
        tracks.nextFrame(2);                       // frame 2
        tracks.continueTrack(1, 0, 1, 0.3, 0.4);
        assertThat(tracks.firstFrame[1]).isZero();
        assertThat(tracks.firstX[1]).isEqualTo(0.1);
        assertThat(tracks.landmark[1]).isEqualTo(7);
        assertThat(tracks.firstFrame[0]).as("unmatched").isEqualTo(FeatureTracks.NONE);
        tracks.restart(1, 2, 0.5, 0.6);
        assertThat(tracks.landmark[1]).isEqualTo(FeatureTracks.NONE);
        assertThat(tracks.firstFrame[1]).isEqualTo(2);
    }

    @Test
    void inputsThatContradictTheSetupAreRejected() {
        ConfigVisualOdometry config = new ConfigVisualOdometry(VoMode.MONO);
        config.backend = org.gpuvo.gpu.features.Backend.CPU;
        try (VisualOdometry vo = FactoryVisualOdometry.create(config, CAMERA, null)) {
            GrayImage image = GrayImage.create(640, 480);
            vo.process(1.0, image, null, null);
            assertThatThrownBy(() -> vo.process(1.0, image, null, null)).hasMessageContaining("timestamps must increase");
            assertThatThrownBy(() -> vo.process(2.0, GrayImage.create(320, 240), null, null))
                    .hasMessageContaining("320x240");
            // a black frame is no error: it is lost
            assertThat(vo.process(3.0, image, null, null).state).isNotEqualTo(TrackingState.TRACKING);
        }
        ConfigVisualOdometry stereo = new ConfigVisualOdometry(VoMode.STEREO);
        assertThatThrownBy(() -> FactoryVisualOdometry.create(stereo, CAMERA, null))
                .hasMessageContaining("stereo calibration");
    }
}
