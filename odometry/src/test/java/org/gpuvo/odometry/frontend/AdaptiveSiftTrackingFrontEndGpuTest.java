package org.gpuvo.odometry.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.List;

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

/**
 * The CUDA SIFT front end with the adaptive contrast threshold against the CPU one on a low-contrast sequence
 * ({@link LowContrastFrames}). The GPU SIFT follows the CPU reference within 3 % in count, so the two front ends go
 * through the same thresholds wherever a count is not within 5 % of a bound of the rule (70 % of the asked count,
 * the count itself); on equal thresholds the counts agree within 3 %. The CUDA front end's thresholds are those
 * the rule gives for its own counts, and a right image is detected with the threshold of the frame before it. The
 * class skips itself without a usable CUDA device.
 */
@Tag("gpu")
class AdaptiveSiftTrackingFrontEndGpuTest {
    private static final int ASKED = 1500, FRAMES = 10;

    private static boolean nearABound(int count) {
        return Math.abs(count - 0.7 * ASKED) <= 0.05 * ASKED || count >= 0.95 * ASKED;
    }

    @Test
    void cudaGoesThroughTheCpusThresholds() {
        GpuTestSupport.assumeCuda();
        List<GrayImage> frames = LowContrastFrames.frames(FRAMES);
        ConfigSift sift = new ConfigSift(ASKED);
        ConfigMatch match = new ConfigMatch(0.8, true, 256);
        ConfigSiftThreshold adaptation = new ConfigSiftThreshold();
        AdaptiveSiftThreshold rule = new AdaptiveSiftThreshold(sift.contrastThreshold, adaptation);
        try (TrackingFrontEnd cpu = FactoryTrackingFrontEnd.create("cpu", sift, match, adaptation, Backend.CPU);
             TrackingFrontEnd cuda = FactoryTrackingFrontEnd.create("cuda", sift, match, adaptation, Backend.CUDA)) {
            assertThat(cuda.backend()).isEqualTo("cuda");
            Matches a = new Matches(), b = new Matches();
            boolean agree = true;
            for (int i = 0; i < FRAMES; i++) {
                double expected = rule.threshold();
                int na = cpu.process(frames.get(i), null, a), nb = cuda.process(frames.get(i), null, b);
                System.out.printf("frame %d: cpu %d features at %.6f, cuda %d features at %.6f%n", i, na,
                        cpu.contrastThreshold(), nb, cuda.contrastThreshold());
                assertThat(cuda.contrastThreshold()).as("the rule on CUDA's own counts, frame %d", i)
                        .isEqualTo(expected);
                rule.update(nb, ASKED);
                if (agree) {
                    assertThat(cuda.contrastThreshold()).as("frame %d", i).isEqualTo(cpu.contrastThreshold());
                    assertThat((double) nb).as("features of frame %d", i).isCloseTo(na, withinPercentage(3));
                    agree = !nearABound(na);
                }
            }
            assertThat(cuda.contrastThreshold()).isLessThan(0.04);

            KeyPoints tracked = new KeyPoints(), right = new KeyPoints();
            FeatureDescriptors trackedDescriptors = FeatureDescriptors.of(FeatureType.SIFT),
                    rightDescriptors = FeatureDescriptors.of(FeatureType.SIFT);
            int n = cuda.process(frames.get(0), null, b);
            cuda.currentFeatures(tracked, trackedDescriptors);
            cuda.extract(frames.get(0), right, rightDescriptors);
            assertThat(right.size()).as("the same image as a right image, at the frame's threshold").isEqualTo(n);
            for (int i = 0; i < n; i++) {
                assertThat(right.x[i]).isEqualTo(tracked.x[i]);
                assertThat(right.y[i]).isEqualTo(tracked.y[i]);
            }
        }
    }
}
