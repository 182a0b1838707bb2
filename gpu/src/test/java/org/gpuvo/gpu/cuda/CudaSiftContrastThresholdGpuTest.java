package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.RandomImages;
import org.gpuvo.gpu.testdata.SameSiftFeatures;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link CudaSiftExtractor#setContrastThreshold} and {@link CudaSiftFrontEnd#setContrastThreshold} on low-contrast
 * images (a KITTI frame at a quarter of its contrast, soft synthetic blocks): after a change the CUDA features are
 * the CPU reference's at the new threshold (the bars of {@link CudaSiftExtractorGpuTest}: ≥ 97 % of keypoints
 * within 0.5 px and 0.1 octave both ways, ≥ 99 % of descriptor cosines ≥ 0.99, counts within 3 %) and, bit for bit,
 * those of an extractor created with it, on the graph path (the struct in the captured graph is rebuilt); setting
 * the first threshold back gives the first features again. The class skips
 * itself without a usable CUDA device.
 */
@Tag("gpu")
class CudaSiftContrastThresholdGpuTest {
    private static final Logger LOG = LoggerFactory.getLogger(CudaSiftContrastThresholdGpuTest.class);
    private static final int ASKED = 2000;
    private static final double LOW = 0.01;

    @BeforeEach
    void assumeCuda() {
        GpuTestSupport.assumeCuda();
    }

    /** KITTI 06 frame 0 at a quarter of its contrast, blurred by 1.5 px (skips where the recordings are absent). */
    private static GrayImage lowContrastKitti() {
        return RandomImages.lowContrast(SharedData.read(SharedData.kittiFrames(1).get(0)), 0.25, 1.5);
    }

    private static GrayImage lowContrastBlocks() {
        return RandomImages.lowContrast(RandomImages.blocks(480, 360, 250, 11), 0.2, 2.0);
    }

    private static SiftFeatures detect(SiftExtractor sift, GrayImage image) {
        SiftFeatures out = new SiftFeatures();
        sift.detect(image, out);
        return out;
    }

    private static SiftFeatures cpu(GrayImage image, double threshold) {
        ConfigSift c = new ConfigSift(ASKED);
        c.contrastThreshold = threshold;
        try (SiftExtractor reference = FactorySift.cpu(c)) {
            return detect(reference, image);
        }
    }

    /** The bars of {@link CudaSiftExtractorGpuTest}, on features already extracted. */
    private static void checkAgainstCpu(String name, SiftFeatures cpu, SiftFeatures gpu) {
        SiftComparison c = SiftComparison.of(cpu, gpu, new ConfigSift().sigma);
        LOG.info("SIFT GPU vs CPU [{}]: {}", name, c.summary());
        assertThat(c.referenceFoundFraction()).as("%s: CPU keypoints found by the GPU; %s; first disagreements %s",
                name, c.summary(), c.firstMismatches()).isGreaterThanOrEqualTo(0.97);
        assertThat(c.otherFoundFraction()).as("%s: GPU keypoints found by the CPU; %s; first disagreements %s", name,
                c.summary(), c.firstMismatches()).isGreaterThanOrEqualTo(0.97);
        assertThat(c.cosineFraction()).as("%s: descriptor cosine >= 0.99; %s", name, c.summary())
                .isGreaterThanOrEqualTo(0.99);
        assertThat(c.countDifference()).as("%s: feature counts; %s", name, c.summary()).isLessThanOrEqualTo(0.03);
    }

    private static void changesAndRestores(String name, GrayImage image) {
        ConfigSift config = new ConfigSift(ASKED);
        ConfigSift low = config.copy();
        low.contrastThreshold = LOW;
        try (CudaSiftExtractor sift = new CudaSiftExtractor(config); CudaSiftExtractor fresh = new CudaSiftExtractor(low)) {
            SiftFeatures first = detect(sift, image);
            SameSiftFeatures.assertSame(detect(sift, image), first, name + ": the graph's replay at 0.04");
            checkAgainstCpu(name + " at 0.04", cpu(image, 0.04), first);
            assertThat(first.size()).as("%s at 0.04: a sparse image", name).isLessThan(ASKED * 7 / 10);

            sift.setContrastThreshold(0.04);
            SameSiftFeatures.assertSame(detect(sift, image), first, name + ": the same value set again");

            sift.setContrastThreshold(LOW);
            assertThat(sift.config().contrastThreshold).isEqualTo(LOW);
            SiftFeatures lowered = detect(sift, image);
            SameSiftFeatures.assertSame(detect(sift, image), lowered, name + ": a rerun at 0.01");
            assertThat(lowered.size()).as("%s at 0.01", name).isGreaterThan(first.size() * 3 / 2);
            checkAgainstCpu(name + " set to 0.01", cpu(image, LOW), lowered);
            detect(fresh, image);
            SameSiftFeatures.assertSame(lowered, detect(fresh, image), name + ": set to 0.01 vs created with 0.01");

            sift.setContrastThreshold(0.04);
            SameSiftFeatures.assertSame(detect(sift, image), first, name + ": back at 0.04");
            SameSiftFeatures.assertSame(detect(sift, image), first, name + ": back at 0.04, replayed");

            // the features left on the device follow the threshold too
            sift.setContrastThreshold(LOW);
            assertThat(sift.detectOnDevice(image).count).isEqualTo(lowered.size());
            sift.setContrastThreshold(0.04);
            assertThat(sift.detectOnDevice(image).count).isEqualTo(first.size());
        }
    }

    @Test
    void theExtractorFollowsTheThresholdOnALowContrastKittiFrame() {
        changesAndRestores("KITTI 06 frame 0, contrast 0.25", lowContrastKitti());
    }

    @Test
    void theExtractorFollowsTheThresholdOnLowContrastBlocks() {
        changesAndRestores("soft blocks", lowContrastBlocks());
    }

    @Test
    void theThresholdCannotChangeWhileADetectionIsEnqueued() {
        GrayImage image = lowContrastBlocks();
        long bytes = (long) image.width * image.height;
        try (CudaSiftExtractor sift = new CudaSiftExtractor(new ConfigSift(ASKED));
             DeviceBuffer frame = sift.context().deviceBuffer("test", bytes);
             PinnedBuffer staging = sift.context().pinnedBuffer("test", bytes)) {
            staging.putRows(0, image.data, image.offset, image.stride, image.width, image.height);
            frame.uploadAsync(staging, bytes);
            sift.enqueueOnDevice(frame, image.width, image.height);
            assertThatThrownBy(() -> sift.setContrastThreshold(LOW)).isInstanceOf(IllegalStateException.class);
            sift.finishOnDevice();
            sift.setContrastThreshold(LOW);
            assertThatThrownBy(() -> sift.setContrastThreshold(1.5)).isInstanceOf(IllegalArgumentException.class);
            assertThat(sift.config().contrastThreshold).isEqualTo(LOW);
        }
    }

    /**
     * The device front end: after a change its features are those of an extractor created with the new threshold
     * (downloaded and counted), it still matches against the previous frame's features, and the first threshold
     * back gives the first features.
     */
    @Test
    void theDeviceFrontEndFollowsTheThreshold() {
        GrayImage a = lowContrastBlocks();
        GrayImage b = RandomImages.lowContrast(RandomImages.blocks(480, 360, 250, 11), 0.2, 2.1);
        ConfigSift config = new ConfigSift(ASKED);
        ConfigSift low = config.copy();
        low.contrastThreshold = LOW;
        ConfigMatch match = new ConfigMatch(0.8, true, Integer.MAX_VALUE);
        try (CudaSiftFrontEnd frontEnd = new CudaSiftFrontEnd("test", config, match);
             CudaSiftExtractor reference = new CudaSiftExtractor(config);
             CudaSiftExtractor lowReference = new CudaSiftExtractor(low)) {
            Matches matches = new Matches();
            int n0 = frontEnd.process(a, matches);
            SiftFeatures first = new SiftFeatures();
            frontEnd.downloadCurrent(first);
            SameSiftFeatures.assertSame(first, detect(reference, a), "front end at 0.04");
            assertThat(frontEnd.contrastThreshold()).isEqualTo(0.04);

            frontEnd.setContrastThreshold(LOW);
            assertThat(frontEnd.contrastThreshold()).isEqualTo(LOW);
            int n1 = frontEnd.process(b, matches);
            SiftFeatures lowered = new SiftFeatures();
            frontEnd.downloadCurrent(lowered);
            SameSiftFeatures.assertSame(lowered, detect(lowReference, b), "front end set to 0.01");
            assertThat(n1).isEqualTo(lowered.size()).isGreaterThan(n0 * 3 / 2);
            assertThat(matches.size()).as("matched against the frame at 0.04").isPositive();
            LOG.info("front end: {} features at 0.04, {} at 0.01, {} matches between them", n0, n1, matches.size());

            frontEnd.setContrastThreshold(0.04);
            int n2 = frontEnd.process(a, matches);
            SiftFeatures back = new SiftFeatures();
            frontEnd.downloadCurrent(back);
            SameSiftFeatures.assertSame(back, first, "front end back at 0.04");
            assertThat(n2).isEqualTo(n0);
            assertThat(matches.size()).isPositive();
            assertThat(Arrays.stream(matches.query, 0, matches.size()).max().getAsInt()).isLessThan(n2);
            assertThat(Arrays.stream(matches.train, 0, matches.size()).max().getAsInt()).as("indices of the frame at 0.01")
                    .isLessThan(n1);
        }
    }
}
