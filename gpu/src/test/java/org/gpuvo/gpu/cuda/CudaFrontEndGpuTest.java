package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.SyntheticImages;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.RandomImages;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The front end's CUDA graph and overlapped upload give exactly the results of the plain path (kernels launched
 * one by one, upload on the compute stream), frame after frame, across size changes, without allocating per frame.
 */
@Tag("gpu")
class CudaFrontEndGpuTest {
    private static final Logger LOG = LoggerFactory.getLogger(CudaFrontEndGpuTest.class);

    @BeforeEach
    void assumeCuda() {
        GpuTestSupport.assumeCuda();
    }

    private enum Mode {PLAIN, GRAPH, GRAPH_OVERLAP}

    /** One frame's outcome: feature count and the matches, all arrays cut to size. */
    private record Result(int features, int[] query, int[] train, int[] distance, int[] second, float[] qx, float[] qy,
                          float[] tx, float[] ty) {
        static Result of(int features, Matches m) {
            int n = m.size();
            return new Result(features, Arrays.copyOf(m.query, n), Arrays.copyOf(m.train, n),
                    Arrays.copyOf(m.distance, n), Arrays.copyOf(m.secondDistance, n),
                    m.hasCoordinates() ? Arrays.copyOf(m.queryX, n) : new float[0],
                    m.hasCoordinates() ? Arrays.copyOf(m.queryY, n) : new float[0],
                    m.hasCoordinates() ? Arrays.copyOf(m.trainX, n) : new float[0],
                    m.hasCoordinates() ? Arrays.copyOf(m.trainY, n) : new float[0]);
        }

        void assertSame(Result o, String what) {
            assertThat(o.features).as("%s: features", what).isEqualTo(features);
            assertThat(o.query).as("%s: query", what).isEqualTo(query);
            assertThat(o.train).as("%s: train", what).isEqualTo(train);
            assertThat(o.distance).as("%s: distance", what).isEqualTo(distance);
            assertThat(o.second).as("%s: second distance", what).isEqualTo(second);
            assertThat(o.qx).as("%s: query x", what).isEqualTo(qx);
            assertThat(o.qy).as("%s: query y", what).isEqualTo(qy);
            assertThat(o.tx).as("%s: train x", what).isEqualTo(tx);
            assertThat(o.ty).as("%s: train y", what).isEqualTo(ty);
        }
    }

    private static List<Result> run(Mode mode, List<GrayImage> frames, ConfigOrb orb) {
        List<Result> results = new ArrayList<>();
        try (CudaFrontEnd f = new CudaFrontEnd("test-" + mode, orb, new ConfigMatch())) {
            f.extractor().useGraphs(mode != Mode.PLAIN);
            Matches out = new Matches();
            if (mode == Mode.GRAPH_OVERLAP) {
                for (GrayImage frame : frames) {
                    int n = f.processOverlapped(frame, out);
                    if (n >= 0)
                        results.add(Result.of(n, out));
                }
                results.add(Result.of(f.processOverlapped(null, out), out));
                assertThat(f.hasSubmitted()).isFalse();
            } else {
                for (GrayImage frame : frames)
                    results.add(Result.of(f.process(frame, out), out));
            }
            if (mode != Mode.PLAIN) {
                assertThat(f.extractor().graphsActive()).as("graph capture failed: see the log").isTrue();
                assertThat(f.extractor().graphCaptures()).isPositive();
            } else {
                assertThat(f.extractor().graphCaptures()).isZero();
            }
            LOG.info("front end {}: {} frames, {} graph captures", mode, frames.size(), f.extractor().graphCaptures());
        }
        return results;
    }

    private static void assertAllModesAgree(List<GrayImage> frames, ConfigOrb orb) {
        List<Result> plain = run(Mode.PLAIN, frames, orb);
        assertThat(plain).hasSize(frames.size());
        assertThat(plain.get(1).query.length).as("frames 0 and 1 share features").isPositive();
        for (Mode mode : new Mode[]{Mode.GRAPH, Mode.GRAPH_OVERLAP}) {
            List<Result> other = run(mode, frames, orb);
            assertThat(other).hasSize(frames.size());
            for (int i = 0; i < frames.size(); i++)
                plain.get(i).assertSame(other.get(i), mode + " frame " + i);
        }
    }

    private static List<GrayImage> alternating(int width, int height, int count) {
        SyntheticImages.Pair pair = SyntheticImages.pair(width, height, 7, SyntheticImages.Homography.similarity(
                2, 1.01, width / 2.0, height / 2.0, 3, 2));
        List<GrayImage> frames = new ArrayList<>();
        for (int i = 0; i < count; i++)
            frames.add(i % 2 == 0 ? pair.first() : pair.second());
        return frames;
    }

    @Test
    void graphAndOverlapGiveThePlainResultsOver50Frames() {
        assertAllModesAgree(alternating(1280, 720, 50), new ConfigOrb(2000));
    }

    @Test
    void gridDistributionToo() {
        ConfigOrb grid = new ConfigOrb(1000);
        grid.distribution = ConfigOrb.Distribution.GRID;
        assertAllModesAgree(alternating(640, 480, 12), grid);
    }

    @Test
    void sizesChangingMidStreamRecaptureTheGraph() {
        List<GrayImage> frames = new ArrayList<>(alternating(1280, 720, 10));
        frames.addAll(alternating(640, 480, 10));
        frames.add(RandomImages.noise(1241, 376, 5));
        frames.addAll(alternating(1280, 720, 10));
        frames.add(RandomImages.noise(31, 31, 6)); // too small for a detection level
        frames.addAll(alternating(1920, 1080, 6));
        assertAllModesAgree(frames, new ConfigOrb(2000));

        try (CudaFrontEnd f = new CudaFrontEnd("test-recapture", new ConfigOrb(2000), new ConfigMatch())) {
            Matches out = new Matches();
            for (GrayImage g : alternating(1280, 720, 6))
                f.processOverlapped(g, out);
            int captures = f.extractor().graphCaptures();
            for (GrayImage g : alternating(1280, 720, 6))
                f.processOverlapped(g, out);
            assertThat(f.extractor().graphCaptures()).as("no capture while the layout stays").isEqualTo(captures);
            for (GrayImage g : alternating(640, 480, 6))
                f.processOverlapped(g, out);
            assertThat(f.extractor().graphCaptures()).as("a new size captures again").isGreaterThan(captures);
        }
    }

    @Test
    void noAllocationPerFrame() {
        List<GrayImage> frames = alternating(1280, 720, 4);
        frames.add(RandomImages.noise(1280, 720, 9));
        try (CudaFrontEnd f = new CudaFrontEnd("test-alloc", new ConfigOrb(2000), new ConfigMatch())) {
            Matches out = new Matches();
            // two passes of the same mix of overlapped and plain frames: every buffer sized, every graph captured
            mixedPass(f, frames, out);
            mixedPass(f, frames, out);
            CudaContext cuda = f.context();
            int allocations = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            int captures = f.extractor().graphCaptures();
            // captures so far include those a buffer growth (the noise frame) invalidated during the warm-up passes;
            // what matters is that a warmed-up stream captures nothing more
            assertThat(captures).as("graphs captured while warming up").isPositive();
            mixedPass(f, frames, out);
            assertThat(cuda.liveAllocations()).isEqualTo(allocations);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            assertThat(f.extractor().graphCaptures()).isEqualTo(captures);
        }
    }

    private static void mixedPass(CudaFrontEnd f, List<GrayImage> frames, Matches out) {
        for (int i = 0; i < 300; i++) {
            GrayImage g = frames.get(i % frames.size());
            if (i % 50 == 49) {
                f.processOverlapped(null, out);
                f.process(g, out);
                f.process(frames.get((i + 1) % frames.size()), out);
            } else {
                f.processOverlapped(g, out);
            }
        }
        f.processOverlapped(null, out);
    }

    @Test
    void detectWithTheGraphIsBitIdentical() {
        GrayImage a = RandomImages.blocks(1280, 720, 1200, 3), b = RandomImages.noise(1280, 720, 4);
        OrbFeatures plainA = new OrbFeatures(), plainB = new OrbFeatures();
        try (CudaOrbExtractor orb = new CudaOrbExtractor(new ConfigOrb(2000))) {
            orb.useGraphs(false);
            orb.detect(a, plainA);
            orb.detect(b, plainB);
        }
        try (CudaOrbExtractor orb = new CudaOrbExtractor(new ConfigOrb(2000))) {
            OrbFeatures out = new OrbFeatures();
            for (int i = 0; i < 8; i++) {
                orb.detect(i % 2 == 0 ? a : b, out);
                OrbFeatures expected = i % 2 == 0 ? plainA : plainB;
                int n = expected.size();
                assertThat(out.size()).isEqualTo(n);
                assertThat(Arrays.copyOf(out.keyPoints.x, n)).isEqualTo(Arrays.copyOf(expected.keyPoints.x, n));
                assertThat(Arrays.copyOf(out.keyPoints.y, n)).isEqualTo(Arrays.copyOf(expected.keyPoints.y, n));
                assertThat(Arrays.copyOf(out.keyPoints.angle, n)).isEqualTo(Arrays.copyOf(expected.keyPoints.angle, n));
                assertThat(Arrays.copyOf(out.descriptors.data, 32 * n))
                        .isEqualTo(Arrays.copyOf(expected.descriptors.data, 32 * n));
            }
            assertThat(orb.graphCaptures()).isPositive();
        }
    }

    @Test
    void frameTimingKeepsTheGraphAndStageTimingStillReportsStages() {
        List<GrayImage> frames = alternating(1280, 720, 6);
        try (CudaFrontEnd f = new CudaFrontEnd("test-timing", new ConfigOrb(2000), new ConfigMatch())) {
            f.extractor().enableFrameTiming();
            Matches out = new Matches();
            for (GrayImage g : frames)
                f.processOverlapped(g, out);
            f.processOverlapped(null, out);
            assertThat(f.extractor().graphCaptures()).isPositive();
            float ms = f.extractor().lastFrameMillis();
            LOG.info("detection kernels as a graph, GPU time of one 1280x720 frame: {} ms", ms);
            assertThat(ms).isPositive();

            f.enableStageTiming();
            assertThat(f.extractor().graphsActive()).isFalse();
            for (GrayImage g : frames)
                f.processOverlapped(g, out);
            f.processOverlapped(null, out);
            Map<String, Float> stages = f.lastStageMillis();
            LOG.info("stages, overlapped: {}", stages);
            assertThat(stages.keySet()).containsAll(CudaOrbExtractor.STAGES).contains(CudaFrontEnd.STAGE_MATCH);
            assertThat(stages.values()).allSatisfy(t -> assertThat(t).isGreaterThanOrEqualTo(0f));
            f.process(frames.get(0), out);
            assertThat(f.lastStageMillis().values()).allSatisfy(t -> assertThat(t).isGreaterThanOrEqualTo(0f));
        }
    }

    @Test
    void misuseIsRejected() {
        GrayImage g = RandomImages.noise(320, 240, 1);
        try (CudaFrontEnd f = new CudaFrontEnd("test-misuse", new ConfigOrb(500), new ConfigMatch())) {
            Matches out = new Matches();
            assertThatThrownBy(() -> f.collect(out)).isInstanceOf(IllegalStateException.class);
            f.submit(g);
            assertThatThrownBy(() -> f.submit(g)).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> f.process(g, out)).isInstanceOf(IllegalStateException.class);
            assertThatCode(() -> f.processOverlapped(null, out)).doesNotThrowAnyException();
            assertThat(f.hasSubmitted()).isFalse();
            assertThatThrownBy(() -> f.submit(null)).isInstanceOf(IllegalArgumentException.class);
            f.submit(g);
            assertThat(f.collect(out)).isPositive();
            assertThat(f.process(g, out)).isPositive();
            assertThat(out.size()).isPositive();
            try (DeviceBuffer small = f.context().deviceBuffer("test", 100)) {
                assertThatThrownBy(() -> f.extractor().detectOnDevice(small, 320, 240))
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }
}
