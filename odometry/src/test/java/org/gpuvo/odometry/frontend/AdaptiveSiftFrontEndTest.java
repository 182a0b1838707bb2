package org.gpuvo.odometry.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.odometry.vo.ConfigVisualOdometry;
import org.gpuvo.odometry.vo.FactoryVisualOdometry;
import org.junit.jupiter.api.Test;

/**
 * The CPU SIFT front end on a low-contrast sequence ({@link LowContrastFrames}): with the threshold adapting it
 * steps the threshold down and finds more features, and matches, than with OpenCV's fixed 0.04; a stereo right
 * image is detected with the threshold of the frame before it; the visual odometry's front end adapts by default.
 */
class AdaptiveSiftFrontEndTest {
    private static final int ASKED = 1000, FRAMES = 6;
    private static final ConfigMatch MATCH = new ConfigMatch(0.8, true, ConfigVisualOdometry.SIFT_MAX_DISTANCE);

    private record Run(List<Integer> features, List<Integer> matches, List<Double> thresholds) {
    }

    private static Run run(TrackingFrontEnd frontEnd, List<GrayImage> frames) {
        Run r = new Run(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Matches m = new Matches();
        for (GrayImage frame : frames) {
            r.features.add(frontEnd.process(frame, null, m));
            r.matches.add(m.size());
            r.thresholds.add(frontEnd.contrastThreshold());
        }
        return r;
    }

    @Test
    void theAdaptiveThresholdStepsDownAndFindsMoreThanTheFixedOne() {
        List<GrayImage> frames = LowContrastFrames.frames(FRAMES);
        ConfigSift sift = new ConfigSift(ASKED);
        Run fixed, adaptive;
        try (TrackingFrontEnd f = FactoryTrackingFrontEnd.create("fixed", sift, MATCH, Backend.CPU);
             TrackingFrontEnd a = FactoryTrackingFrontEnd.create("adaptive", sift, MATCH, new ConfigSiftThreshold(),
                     Backend.CPU)) {
            fixed = run(f, frames);
            adaptive = run(a, frames);
        }
        System.out.printf("fixed: features %s matches %s%nadaptive: features %s matches %s thresholds %s%n",
                fixed.features, fixed.matches, adaptive.features, adaptive.matches, adaptive.thresholds);
        assertThat(fixed.thresholds).containsOnly(0.04);
        assertThat(fixed.features).as("a sparse sequence: fewer than 70 %% of %d at 0.04", ASKED)
                .allSatisfy(n -> assertThat(n).isLessThan(ASKED * 7 / 10));
        assertThat(adaptive.features.get(0)).as("the first frame at the configured threshold")
                .isEqualTo(fixed.features.get(0));
        // the rule replayed on the front end's counts gives its thresholds: one step down a frame while sparse
        AdaptiveSiftThreshold rule = new AdaptiveSiftThreshold(0.04, new ConfigSiftThreshold());
        for (int i = 0; i < FRAMES; i++) {
            assertThat(adaptive.thresholds.get(i)).as("threshold of frame %d", i).isEqualTo(rule.threshold());
            rule.update(adaptive.features.get(i), ASKED);
            if (i > 0)
                assertThat(adaptive.thresholds.get(i)).as("frame %d", i).isLessThanOrEqualTo(adaptive.thresholds.get(i - 1));
        }
        assertThat(adaptive.thresholds.get(FRAMES - 1)).isLessThan(0.01);
        int fixedLate = 0, adaptiveLate = 0, fixedMatches = 0, adaptiveMatches = 0;
        for (int i = 2; i < FRAMES; i++) {
            fixedLate += fixed.features.get(i);
            adaptiveLate += adaptive.features.get(i);
            fixedMatches += fixed.matches.get(i);
            adaptiveMatches += adaptive.matches.get(i);
        }
        assertThat(adaptiveLate).as("features of frames 2 on").isGreaterThan(2 * fixedLate + 500);
        assertThat(adaptiveMatches).as("matches of frames 2 on").isGreaterThan(2 * fixedMatches + 200);
        assertThat(adaptive.features.get(FRAMES - 1)).as("the last frame's features")
                .isGreaterThanOrEqualTo(ASKED * 7 / 10);
    }

    @Test
    void aRightImageIsDetectedWithTheThresholdOfTheFrameBeforeIt() {
        List<GrayImage> frames = LowContrastFrames.frames(3);
        try (TrackingFrontEnd a = FactoryTrackingFrontEnd.create("stereo", new ConfigSift(ASKED), MATCH,
                new ConfigSiftThreshold(), Backend.CPU)) {
            Matches m = new Matches();
            KeyPoints tracked = new KeyPoints(), right = new KeyPoints();
            FeatureDescriptors trackedDescriptors = FeatureDescriptors.of(FeatureType.SIFT),
                    rightDescriptors = FeatureDescriptors.of(FeatureType.SIFT);
            for (GrayImage frame : frames) {
                int n = a.process(frame, null, m);
                double used = a.contrastThreshold();
                a.currentFeatures(tracked, trackedDescriptors);
                // the same image as a right image: the same threshold, so the same features
                a.extract(frame, right, rightDescriptors);
                assertThat(right.size()).as("right image at %s", used).isEqualTo(n);
                assertThat(rightDescriptors.size()).isEqualTo(n);
                for (int i = 0; i < n; i++) {
                    assertThat(right.x[i]).isEqualTo(tracked.x[i]);
                    assertThat(right.y[i]).isEqualTo(tracked.y[i]);
                }
                assertThat(a.contrastThreshold()).as("extract leaves the threshold").isEqualTo(used);
            }
            assertThat(a.contrastThreshold()).isLessThan(0.04);
        }
    }

    @Test
    void theVisualOdometrysSiftFrontEndAdaptsByDefaultAndOrbHasNoThreshold() {
        List<GrayImage> frames = LowContrastFrames.frames(3);
        ConfigVisualOdometry config = new ConfigVisualOdometry();
        config.features = FeatureType.SIFT;
        config.sift = new ConfigSift(ASKED);
        assertThat(config.siftThreshold.adaptive).isTrue();
        try (TrackingFrontEnd frontEnd = FactoryVisualOdometry.frontEnd("vo", config, Backend.CPU)) {
            double[] steps = new AdaptiveSiftThreshold(0.04, config.siftThreshold).thresholds();
            assertThat(run(frontEnd, frames).thresholds).containsExactly(steps[0], steps[1], steps[2]);
        }
        config.siftThreshold.adaptive = false;
        try (TrackingFrontEnd frontEnd = FactoryVisualOdometry.frontEnd("vo", config, Backend.CPU)) {
            assertThat(run(frontEnd, frames).thresholds).containsOnly(0.04);
        }
        try (TrackingFrontEnd orb = FactoryTrackingFrontEnd.create("orb", new ConfigOrb(500), new ConfigMatch(),
                Backend.CPU)) {
            assertThat(orb.contrastThreshold()).isNaN();
        }
    }
}
