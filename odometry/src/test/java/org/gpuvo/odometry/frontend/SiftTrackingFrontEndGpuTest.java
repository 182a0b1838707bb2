package org.gpuvo.odometry.frontend;

import org.gpuvo.gpu.cuda.GpuTestSupport;
import org.gpuvo.gpu.features.Backend;
import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FeatureType;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * The SIFT front end on CUDA (the GPU extractor and the tensor-core float matcher, features passing through host
 * arrays) against the CPU one on consecutive KITTI frames. The GPU SIFT follows the CPU reference without being
 * bit-identical to it (the conformance bar asks ≥ 97 % of keypoints within 0.5 px and 0.1 octave), so the front ends
 * are compared by what the pipeline takes from them: feature counts within 3 %, and at least 90 % of the CPU's matches
 * also made on CUDA (both ends within 0.5 px), with and without a search window.
 */
@Tag("gpu")
class SiftTrackingFrontEndGpuTest {
    private static final double SAME_PX = 0.5;

    @Test
    void cudaSiftFrontEndGivesTheCpuFrontEndsFeaturesAndMatches() {
        GpuTestSupport.assumeCuda();
        List<GrayImage> frames = TestFrames.consecutiveKittiFrames(6);
        ConfigSift sift = new ConfigSift(2000);
        ConfigMatch match = new ConfigMatch(0.8, true, 256);
        match.searchRadius = 48;
        // a small rotation about the vertical axis, as the motion prior would give it (KITTI intrinsics)
        double[] window = {1.0, 0, -6.0, 0, 1.0, 0.5, 0, 0, 1};
        try (TrackingFrontEnd cpu = FactoryTrackingFrontEnd.create("cpu", sift, match, Backend.CPU);
             TrackingFrontEnd cuda = FactoryTrackingFrontEnd.create("cuda", sift, match, Backend.CUDA)) {
            assertThat(cuda.backend()).isEqualTo("cuda");
            assertThat(cuda.features()).isEqualTo(FeatureType.SIFT);
            Matches a = new Matches(), b = new Matches();
            int compared = 0;
            for (int frame = 0; frame < frames.size(); frame++) {
                double[] w = frame % 2 == 0 ? null : window;
                int na = cpu.process(frames.get(frame), w, a), nb = cuda.process(frames.get(frame), w, b);
                System.out.printf("frame %d: cpu %d features %d matches, cuda %d features %d matches, %.1f %% shared%n",
                        frame, na, a.size(), nb, b.size(), 100 * shared(a, b));
                assertThat((double) nb).as("features of frame %d", frame).isCloseTo(na, withinPercentage(3));
                if (frame > 0)
                    assertThat(shared(a, b)).as("CPU matches of frame %d made on CUDA too", frame).isGreaterThanOrEqualTo(0.9);
                compared += a.size();
            }
            assertThat(compared).as("matches compared").isGreaterThan(1000);

            KeyPoints keyPoints = new KeyPoints();
            FeatureDescriptors descriptors = FeatureDescriptors.of(FeatureType.SIFT);
            cuda.currentFeatures(keyPoints, descriptors);
            assertThat(keyPoints.size()).isEqualTo(descriptors.size()).isPositive();
            for (int i = 0; i < keyPoints.size(); i++)
                assertThat(keyPoints.diameter[i]).as("SIFT diameter %d", i).isPositive();
            KeyPoints cpuPoints = new KeyPoints();
            FeatureDescriptors cpuDescriptors = FeatureDescriptors.of(FeatureType.SIFT);
            cpu.extract(frames.get(0), cpuPoints, cpuDescriptors);
            cuda.extract(frames.get(0), keyPoints, descriptors);
            assertThat((double) keyPoints.size()).isCloseTo(cpuPoints.size(), withinPercentage(3));
            // extracting another image left the tracking state alone: frame 1 is matched against the last frame
            cpu.process(frames.get(1), null, a);
            cuda.process(frames.get(1), null, b);
            assertThat(shared(a, b)).isGreaterThanOrEqualTo(0.9);
        }
    }

    /** The fraction of {@code a}'s matches that {@code b} also has: both keypoints within {@link #SAME_PX}. */
    private static double shared(Matches a, Matches b) {
        if (a.size() == 0)
            return 1;
        int found = 0;
        for (int m = 0; m < a.size(); m++)
            for (int k = 0; k < b.size(); k++)
                if (Math.abs(a.queryX[m] - b.queryX[k]) <= SAME_PX && Math.abs(a.queryY[m] - b.queryY[k]) <= SAME_PX
                        && Math.abs(a.trainX[m] - b.trainX[k]) <= SAME_PX
                        && Math.abs(a.trainY[m] - b.trainY[k]) <= SAME_PX) {
                    found++;
                    break;
                }
        return (double) found / a.size();
    }
}
