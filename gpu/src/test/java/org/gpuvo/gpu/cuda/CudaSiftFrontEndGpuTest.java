package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link CudaSiftFrontEnd} keeps the features on the device and matches them there: its matches must be those of
 * the same extractor and matcher run through host arrays (the features are the same, in the same order, and the
 * matcher the same kernels), and the features it downloads those that {@code detect} returns.
 */
@Tag("gpu")
class CudaSiftFrontEndGpuTest {
    private static final ConfigSift SIFT = new ConfigSift(1500);
    private static final ConfigMatch MATCH = new ConfigMatch(0.8, true, Integer.MAX_VALUE);

    @Test
    void deviceHeldFeaturesMatchAsTheHostPathDoes() {
        GpuTestSupport.assumeCuda();
        List<Path> frames = SharedData.kittiFrames(1).subList(0, 4);
        try (CudaSiftFrontEnd frontEnd = new CudaSiftFrontEnd("test", SIFT, MATCH);
             CudaSiftExtractor extractor = new CudaSiftExtractor(SIFT);
             CudaFloatMatcher matcher = CudaFloatMatcher.open(MATCH)) {
            SiftFeatures previous = null;
            int compared = 0;
            for (Path file : frames) {
                GrayImage image = SharedData.read(file);
                Matches onDevice = new Matches();
                int n = frontEnd.process(image, onDevice);
                SiftFeatures current = new SiftFeatures();
                extractor.detect(image, current);
                assertThat(n).as("features of %s", file.getFileName()).isEqualTo(current.size());

                SiftFeatures downloaded = new SiftFeatures();
                frontEnd.downloadCurrent(downloaded);
                assertThat(downloaded.size()).isEqualTo(n);
                for (int i = 0; i < n; i++) {
                    assertThat(downloaded.keyPoints.x[i]).isEqualTo(current.keyPoints.x[i]);
                    assertThat(downloaded.keyPoints.y[i]).isEqualTo(current.keyPoints.y[i]);
                    assertThat(downloaded.keyPoints.diameter[i]).isEqualTo(current.keyPoints.diameter[i]);
                    assertThat(downloaded.keyPoints.angle[i]).isEqualTo(current.keyPoints.angle[i]);
                }
                assertThat(downloaded.descriptors.row(n / 2)).containsExactly(current.descriptors.row(n / 2));

                if (previous == null) {
                    assertThat(onDevice.size()).as("the first frame has nothing to match").isZero();
                } else {
                    Matches onHost = new Matches();
                    matcher.match(current.descriptors, previous.descriptors, onHost);
                    assertThat(onDevice.size()).as("matches of %s", file.getFileName()).isEqualTo(onHost.size())
                            .isGreaterThan(100);
                    for (int i = 0; i < onHost.size(); i++) {
                        assertThat(onDevice.query[i]).isEqualTo(onHost.query[i]);
                        assertThat(onDevice.train[i]).isEqualTo(onHost.train[i]);
                        assertThat(onDevice.distance[i]).isEqualTo(onHost.distance[i]);
                    }
                    // coordinates come from the device features: those of the matched keypoints
                    int q = onDevice.query[0], t = onDevice.train[0];
                    assertThat(onDevice.queryX[0]).isEqualTo(current.keyPoints.x[q]);
                    assertThat(onDevice.trainY[0]).isEqualTo(previous.keyPoints.y[t]);
                    compared += onHost.size();
                }
                previous = current;
            }
            assertThat(compared).isGreaterThan(500);
        }
    }

    @Test
    void aSearchWindowNarrowsTheMatchesAndResetForgetsThePreviousFrame() {
        GpuTestSupport.assumeCuda();
        List<Path> frames = SharedData.kittiFrames(1).subList(0, 2);
        GrayImage a = SharedData.read(frames.get(0)), b = SharedData.read(frames.get(1));
        ConfigMatch narrow = MATCH.copy();
        narrow.searchRadius = 8;
        try (CudaSiftFrontEnd frontEnd = new CudaSiftFrontEnd("test", SIFT, narrow)) {
            Matches all = new Matches(), windowed = new Matches(), afterReset = new Matches();
            frontEnd.process(a, all);
            frontEnd.process(b, all);
            frontEnd.setSearchWindow(new double[]{1, 0, 0, 0, 1, 0, 0, 0, 1});
            frontEnd.process(a, windowed);
            frontEnd.process(b, windowed);
            assertThat(windowed.size()).isPositive().isLessThanOrEqualTo(all.size());
            for (int i = 0; i < windowed.size(); i++)
                assertThat(Math.hypot(windowed.queryX[i] - windowed.trainX[i], windowed.queryY[i] - windowed.trainY[i]))
                        .isLessThanOrEqualTo(8.0 + 1e-3);
            frontEnd.reset();
            frontEnd.process(b, afterReset);
            assertThat(afterReset.size()).isZero();
            assertThatThrownBy(() -> frontEnd.setSearchWindow(new double[4])).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> frontEnd.process(null, afterReset)).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
