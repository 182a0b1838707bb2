package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FactorySift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.testdata.RandomImages;
import org.gpuvo.gpu.testdata.SharedData;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CUDA SIFT against the CPU reference ({@code FactorySift.cpu}) on the real frames of {@code ../shared/data} (KITTI
 * 06 and EuRoC V1_01), with the conformance bars: at least 97 % of the CPU's keypoints have a GPU keypoint within 0.5
 * px and 0.1 octave and the other way round, descriptors of those pairs that also agree in angle have a cosine of at
 * least 0.99 for at least 99 % of them, and the counts are within 3 %. Every comparison logs its figures ("SIFT GPU vs
 * CPU"), with the first disagreements and their values. Also: reruns give the same bits, the features left on the
 * device are those {@code detect} returns, small and odd sizes, lists that overflow, bad input. The class skips itself
 * without a usable CUDA device.
 */
@Tag("gpu")
class CudaSiftExtractorGpuTest extends SharedContextGpuTest {
    private static final Logger LOG = LoggerFactory.getLogger(CudaSiftExtractorGpuTest.class);
    /** features kept when a test wants every feature (the counts then measure detection, not the selection) */
    private static final int ALL = 30_000;

    /**
     * {@code n} frames spread evenly over a folder's frames (all of them where there are fewer), so that the test
     * takes the same share of the full recordings or of a subset copied for a GPU machine.
     */
    private static List<Path> spread(List<Path> all, int n) {
        if (all.size() <= n)
            return all;
        if (n == 1)
            return List.of(all.get(0));
        List<Path> picked = new ArrayList<>();
        for (int i = 0; i < n; i++)
            picked.add(all.get((int) ((long) i * (all.size() - 1) / (n - 1))));
        return picked;
    }

    private static List<Path> kitti(int n) {
        return spread(SharedData.kittiFrames(1), n);
    }

    private static List<Path> euroc(int n) {
        return spread(SharedData.eurocFrames(1), n);
    }

    private static ConfigSift config(int firstOctave, int maxFeatures) {
        ConfigSift c = new ConfigSift(maxFeatures);
        c.firstOctave = firstOctave;
        return c;
    }

    private static SiftFeatures cpu(GrayImage image, ConfigSift config) {
        SiftFeatures out = new SiftFeatures();
        try (SiftExtractor reference = FactorySift.cpu(config)) {
            reference.detect(image, out);
        }
        return out;
    }

    /** Runs both backends on {@code image}, checks the conformance bars and returns the figures. */
    private static SiftComparison compare(String name, GrayImage image, ConfigSift config) {
        SiftFeatures gpu = new SiftFeatures();
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config)) {
            sift.detect(image, gpu);
            LOG.info("SIFT GPU [{}]: scale-space extrema, refined, oriented, ranked, output {}; refined per octave {}",
                    name, java.util.Arrays.toString(sift.lastCounts()), java.util.Arrays.toString(sift.lastOctaveCounts()));
        }
        return check(name + " " + image.width + "x" + image.height + " firstOctave " + config.firstOctave
                + " maxFeatures " + config.maxFeatures, cpu(image, config), gpu, config);
    }

    private static SiftComparison check(String name, SiftFeatures cpu, SiftFeatures gpu, ConfigSift config) {
        SiftComparison c = SiftComparison.of(cpu, gpu, config.sigma);
        LOG.info("SIFT GPU vs CPU [{}]: {}", name, c.summary());
        c.firstMismatches().stream().limit(6).forEach(m -> LOG.info("  [{}] {}", name, m));
        assertThat(gpu.descriptors.size()).isEqualTo(gpu.size());
        assertThat(c.referenceFoundFraction()).as("%s: CPU keypoints found by the GPU; %s; first disagreements %s",
                name, c.summary(), c.firstMismatches()).isGreaterThanOrEqualTo(0.97);
        assertThat(c.otherFoundFraction()).as("%s: GPU keypoints found by the CPU; %s; first disagreements %s", name,
                c.summary(), c.firstMismatches()).isGreaterThanOrEqualTo(0.97);
        assertThat(c.cosineFraction()).as("%s: descriptor cosine >= 0.99; %s; first disagreements %s", name,
                c.summary(), c.firstMismatches()).isGreaterThanOrEqualTo(0.99);
        assertThat(c.countDifference()).as("%s: feature counts; %s", name, c.summary()).isLessThanOrEqualTo(0.03);
        assertThat(featuresTwice(gpu)).as("%s: GPU features that come out twice (an extremum refined from two "
                + "candidates is kept once, SIFT.md section 4: sift_claim_sample)", name).isZero();
        return c;
    }

    /** Features equal to an earlier one in position, diameter and angle. */
    private static int featuresTwice(SiftFeatures f) {
        Set<String> seen = new HashSet<>();
        int twice = 0;
        for (int i = 0; i < f.size(); i++)
            if (!seen.add(f.keyPoints.x[i] + "," + f.keyPoints.y[i] + "," + f.keyPoints.diameter[i] + ","
                    + f.keyPoints.angle[i]))
                twice++;
        return twice;
    }

    private static void compareFrames(String dataset, List<Path> frames, int firstOctave) {
        assertThat(frames).as("frames of %s", dataset).hasSizeGreaterThanOrEqualTo(4);
        int identical = 0, runs = 0;
        for (Path frame : frames) {
            GrayImage image = SharedData.read(frame);
            for (int n : new int[]{ALL, 1000}) {
                SiftComparison c = compare(dataset + " " + frame.getFileName(), image, config(firstOctave, n));
                runs++;
                if (c.indexIdentical() == c.referenceCount() && c.referenceCount() == c.otherCount())
                    identical++;
            }
        }
        LOG.info("SIFT GPU vs CPU on {} {} frames, firstOctave {}: {} of {} runs with every keypoint identical index"
                + " by index", frames.size(), dataset, firstOctave, identical, runs);
    }

    @ParameterizedTest(name = "firstOctave {0}")
    @ValueSource(ints = {0, -1})
    void matchesTheCpuOnKittiFrames(int firstOctave) {
        compareFrames("KITTI 06", kitti(6), firstOctave);
    }

    @ParameterizedTest(name = "firstOctave {0}")
    @ValueSource(ints = {0, -1})
    void matchesTheCpuOnEurocFrames(int firstOctave) {
        compareFrames("EuRoC V1_01", euroc(5), firstOctave);
    }

    @Test
    void otherParametersMatchTheCpu() {
        GrayImage image = SharedData.read(kitti(3).get(1));
        ConfigSift root = config(0, 1500);
        root.rootSift = true;
        compare("RootSIFT", image, root);
        ConfigSift c = config(-1, ALL);
        c.levelsPerOctave = 4;
        c.contrastThreshold = 0.02;
        c.edgeThreshold = 5;
        c.maxOrientations = 2;
        c.magnification = 4;
        c.octaves = 3;
        compare("S 4, contrast 0.02, edge 5, 2 orientations, magnification 4, 3 octaves", image, c);
        ConfigSift wide = config(0, ALL);
        wide.levelsPerOctave = 1;
        wide.sigma = 7.5; // blur kernels too large to fuse: the row and column launches
        compare("S 1, sigma 7.5", image, wide);
    }

    @ParameterizedTest(name = "{0}x{1} firstOctave {2}")
    @CsvSource({"37,23,0", "37,23,-1", "23,37,-1", "16,16,0", "17,31,0", "641,479,0", "641,479,-1", "15,15,0",
            "8,8,-1", "1,1,0", "4097,3,0", "100,16,0", "1226,17,0", "40,24,0", "12,12,-1", "11,40,-1"})
    void smallAndOddSizesMatchTheCpu(int width, int height, int firstOctave) {
        GrayImage frame = SharedData.read(kitti(1).get(0));
        GrayImage image = width <= frame.width && height <= frame.height ? SiftEmulation.crop(frame, width, height)
                : RandomImages.blocks(width, height, Math.max(4, width * height / 300), width + 7L * height);
        SiftComparison c = compare("small", image, config(firstOctave, ALL));
        if (Math.min(width, height) * (firstOctave < 0 ? 2 : 1) < config(firstOctave, ALL).minOctaveSide())
            assertThat(c.otherCount()).as("no octave, no feature").isZero();
    }

    @Test
    void sizesChangingFromFrameToFrameMatchTheCpu() {
        GrayImage frame = SharedData.read(euroc(1).get(0));
        ConfigSift config = config(0, 800);
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config)) {
            for (int[] size : new int[][]{{752, 480}, {300, 200}, {15, 15}, {751, 479}, {64, 48}, {752, 480}}) {
                GrayImage image = SiftEmulation.crop(frame, size[0], size[1]);
                SiftFeatures gpu = new SiftFeatures();
                sift.detect(image, gpu);
                check("size sequence " + size[0] + "x" + size[1], cpu(image, config), gpu, config);
            }
        }
    }

    private static void assertSame(SiftFeatures a, SiftFeatures b, String what) {
        assertThat(b.size()).as(what).isEqualTo(a.size());
        KeyPoints p = a.keyPoints, q = b.keyPoints;
        for (int i = 0; i < a.size(); i++) {
            String at = what + ", feature " + i;
            assertThat(new float[]{q.x[i], q.y[i], q.diameter[i], q.angle[i], q.response[i]}).as(at)
                    .containsExactly(p.x[i], p.y[i], p.diameter[i], p.angle[i], p.response[i]);
            assertThat(q.level[i]).as(at).isEqualTo(p.level[i]);
        }
        for (int k = 0; k < a.size() * FloatDescriptors.SIFT_LENGTH; k++)
            if (Float.floatToIntBits(a.descriptors.data[k]) != Float.floatToIntBits(b.descriptors.data[k]))
                throw new AssertionError(what + ": descriptor " + k / FloatDescriptors.SIFT_LENGTH + " component "
                        + k % FloatDescriptors.SIFT_LENGTH + " is " + b.descriptors.data[k] + ", was "
                        + a.descriptors.data[k]);
    }

    @Test
    void repeatedDetectionsGiveTheSameBits() {
        GrayImage image = SharedData.read(kitti(3).get(2));
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config(-1, 3000))) {
            SiftFeatures first = new SiftFeatures();
            sift.detect(image, first);
            assertThat(first.size()).isPositive();
            for (int run = 1; run < 5; run++) { // run 2 captures the CUDA graph, later runs replay it
                SiftFeatures again = new SiftFeatures();
                sift.detect(image, again);
                assertSame(first, again, "run " + run);
            }
            assertThat(sift.graphsActive()).isTrue();
            assertThat(sift.graphCaptures()).isPositive();
            sift.enableStageTiming(); // kernels launched one by one between events
            SiftFeatures timed = new SiftFeatures();
            sift.detect(image, timed);
            assertSame(first, timed, "with stage timing");
            Map<String, Float> ms = sift.lastStageMillis();
            LOG.info("SIFT GPU stage times of one 1226x370 frame, firstOctave -1 (ms): {}", ms);
            assertThat(ms.keySet()).containsExactlyElementsOf(CudaSiftExtractor.STAGES);
            assertThat(ms.values()).allSatisfy(v -> assertThat(v).isGreaterThanOrEqualTo(0f));
            sift.disableStageTiming();
            sift.enableFrameTiming();
            sift.detect(image, timed);
            assertSame(first, timed, "with frame timing");
            assertThat(sift.lastFrameMillis()).isPositive();
        }
    }

    /** The first {@code count} floats of a device buffer. */
    private static float[] download(DeviceBuffer buffer, int count) {
        float[] out = new float[count];
        if (count == 0)
            return out;
        try (PinnedBuffer host = cuda.pinnedBuffer("test", 4L * count)) {
            buffer.downloadAsync(host, 4L * count);
            host.getFloats(0, out, 0, count);
        }
        return out;
    }

    private static int[] downloadInts(DeviceBuffer buffer, int count) {
        int[] out = new int[count];
        if (count == 0)
            return out;
        try (PinnedBuffer host = cuda.pinnedBuffer("test", 4L * count)) {
            buffer.downloadAsync(host, 4L * count);
            host.getInts(0, out, 0, count);
        }
        return out;
    }

    private static void assertDeviceHolds(DeviceFloatFeatures df, SiftFeatures expected, String what) {
        int n = expected.size();
        assertThat(df.count).as(what + ": count").isEqualTo(n);
        float[] xy = download(df.positions, 2 * n), d = download(df.descriptors, n * FloatDescriptors.SIFT_LENGTH);
        int[] levels = downloadInts(df.levels, n);
        for (int i = 0; i < n; i++) {
            assertThat(new float[]{xy[2 * i], xy[2 * i + 1]}).as(what + ": position " + i)
                    .containsExactly(expected.keyPoints.x[i], expected.keyPoints.y[i]);
            assertThat(levels[i]).as(what + ": octave " + i).isEqualTo(expected.keyPoints.level[i]);
        }
        float[] host = java.util.Arrays.copyOf(expected.descriptors.data, n * FloatDescriptors.SIFT_LENGTH);
        assertThat(d).as(what + ": descriptors").containsExactly(host);
    }

    @Test
    void featuresLeftOnTheDeviceAreThoseDetectReturns() {
        List<Path> frames = euroc(2);
        assertThat(frames).as("EuRoC frames").hasSize(2);
        GrayImage a = SharedData.read(frames.get(0)), b = SharedData.read(frames.get(1));
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config(0, 2000))) {
            SiftFeatures fa = new SiftFeatures(), fb = new SiftFeatures();
            sift.detect(a, fa);
            sift.detect(b, fb);
            DeviceFloatFeatures da = sift.detectOnDevice(a);
            assertDeviceHolds(da, fa, "detectOnDevice(image)");
            DeviceFloatFeatures db = sift.detectOnDevice(b);
            assertThat(db).isNotSameAs(da);
            assertDeviceHolds(db, fb, "next frame");
            assertDeviceHolds(da, fa, "the previous frame's features, still valid");
            // a frame already on the device
            try (DeviceBuffer frame = cuda.deviceBuffer("test", (long) a.width * a.height);
                 PinnedBuffer staging = cuda.pinnedBuffer("test", (long) a.width * a.height)) {
                staging.putRows(0, a.data, a.offset, a.stride, a.width, a.height);
                frame.uploadAsync(staging, (long) a.width * a.height);
                assertDeviceHolds(sift.detectOnDevice(frame, a.width, a.height), fa, "detectOnDevice(buffer)");
            }
            DeviceFloatFeatures none = sift.detectOnDevice(RandomImages.noise(15, 15, 1));
            assertThat(none.count).isZero();
        }
    }

    @Test
    void listsThatOverflowGrowAndTheFrameRunsAgain() {
        GrayImage image = SharedData.read(kitti(4).get(3));
        ConfigSift config = config(0, 1500);
        SiftFeatures expected = new SiftFeatures(), got = new SiftFeatures();
        int[] counts;
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config)) {
            sift.detect(image, expected);
            counts = sift.lastCounts();
        }
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config,
                CudaSiftExtractor.Tuning.DEFAULT.withLists(16, 16))) {
            sift.detect(image, got);
            assertSame(expected, got, "after the lists grew");
            assertThat(sift.listCapacities()[0]).isGreaterThanOrEqualTo(counts[1]);
            assertThat(sift.listCapacities()[1]).isGreaterThanOrEqualTo(counts[2]);
        }
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config,
                CudaSiftExtractor.Tuning.DEFAULT.withLists(counts[1], 8))) { // the extrema fit, the features do not
            DeviceFloatFeatures df = sift.detectOnDevice(image);
            assertDeviceHolds(df, expected, "detectOnDevice after the feature list grew");
        }
        check("after growing", cpu(image, config), got, config);
    }

    /**
     * The same frame where a CUDA graph captured with short lists (on a frame without extrema) meets a frame whose
     * extrema overflow them: both branches of the graph append past the capacity at once, the two ends of the extrema
     * list meet, and the frame must run again with longer lists and give the bits of a frame that fitted.
     */
    @Test
    void overflowInsideTheForkedGraphGrowsTheListsAndRunsAgain() {
        GrayImage image = SharedData.read(kitti(4).get(1));
        GrayImage flat = GrayImage.create(image.width, image.height);
        ConfigSift config = config(0, 1500);
        SiftFeatures expected = new SiftFeatures(), got = new SiftFeatures(), none = new SiftFeatures();
        int[] counts;
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config)) {
            sift.detect(image, expected);
            counts = sift.lastCounts();
            int small = sift.lastSmallStart();
            int[] octaves = sift.lastOctaveCounts();
            int smallExtrema = 0;
            for (int oi = small; oi < octaves.length; oi++)
                smallExtrema += octaves[oi];
            LOG.info("SIFT GPU overflow in the graph: small branch from octave {} of {}, refined extrema per octave {}",
                    small, octaves.length, java.util.Arrays.toString(octaves));
            assertThat(small).as("a small octaves' branch").isLessThan(octaves.length);
            assertThat(smallExtrema).as("extrema on the small branch").isGreaterThan(16);
            assertThat(counts[1] - smallExtrema).as("extrema on the large branch").isGreaterThan(16);
        }
        for (int[] caps : new int[][]{{16, 16}, {counts[1], 8}}) {
            try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config,
                    CudaSiftExtractor.Tuning.DEFAULT.withLists(caps[0], caps[1]))) {
                // the two output sets alternate, each with its graph: run directly, then captured with these lists
                for (int i = 0; i < 4; i++)
                    sift.detect(flat, none);
                assertThat(none.size()).isZero();
                assertThat(sift.graphsActive()).isTrue();
                int captures = sift.graphCaptures();
                sift.detect(image, got); // a graph replayed overflows the lists: they grow and the frame runs again
                assertThat(sift.graphCaptures()).as("the overflowing frame ran as a replayed graph")
                        .isEqualTo(captures);
                assertSame(expected, got, "after overflowing lists of " + caps[0] + " extrema and " + caps[1]
                        + " features in the graph");
                assertThat(sift.listCapacities()[0]).isGreaterThanOrEqualTo(counts[1]);
                assertThat(sift.listCapacities()[1]).isGreaterThanOrEqualTo(counts[2]);
            }
        }
    }

    /**
     * Every place where the small octaves' branch may start, and none (one chain, the launches as before the
     * branches), give the same bits, launched one by one and as a CUDA graph with two branches.
     */
    @ParameterizedTest(name = "firstOctave {0}")
    @ValueSource(ints = {0, -1})
    void everySplitOfTheOctavesGivesTheSameBits(int firstOctave) {
        GrayImage image = SharedData.read(kitti(3).get(0));
        ConfigSift config = config(firstOctave, 3000);
        SiftOctaveTable table = new SiftOctaveTable(config, image.width, image.height);
        int tail = SiftLaunchPlan.tailStart(table);
        CudaSiftExtractor.Tuning tuning = CudaSiftExtractor.Tuning.DEFAULT;
        SiftFeatures reference = new SiftFeatures();
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config, tuning.withSmallStart(table.count))) {
            sift.detect(image, reference);
            assertThat(reference.size()).isPositive();
            assertThat(sift.lastSmallStart()).isEqualTo(table.count);
        }
        List<Integer> splits = new ArrayList<>();
        for (int k = 1; k <= tail; k++)
            splits.add(k);
        splits.add(-1); // the default
        int captures = 0, chosen = -1;
        boolean priorities = false;
        for (int k : splits) {
            try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config, tuning.withSmallStart(k))) {
                // two output sets alternate, each with its graph: runs 0 and 1 launch one by one, 2 and 3 capture the
                // graphs, 4 replays one
                for (int run = 0; run < 5; run++) {
                    SiftFeatures got = new SiftFeatures();
                    sift.detect(image, got);
                    assertSame(reference, got, "small branch from octave " + sift.lastSmallStart() + " of "
                            + table.count + ", run " + run);
                }
                assertThat(sift.graphsActive()).as("graphs on after split %d", k).isTrue();
                int expected = k >= 0 ? k : SiftLaunchPlan.smallStart(table, cuda.multiprocessorCount());
                assertThat(sift.lastSmallStart()).isEqualTo(expected);
                captures += sift.graphCaptures();
                chosen = sift.lastSmallStart();
                priorities = sift.graphPrioritiesActive();
            }
        }
        // both branches of the graph at the pipeline stream's priority
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config, tuning.withGraphPriorities(false))) {
            for (int run = 0; run < 5; run++) {
                SiftFeatures got = new SiftFeatures();
                sift.detect(image, got);
                assertSame(reference, got, "graph branches of one priority, run " + run);
            }
            assertThat(sift.graphsActive()).isTrue();
            captures += sift.graphCaptures();
        }
        LOG.info("SIFT GPU splits of {} octaves (tail from {}), firstOctave {}: all give the bits of one chain; {}"
                        + " graphs captured; the default starts the small branch at octave {} ({} multiprocessors);"
                        + " graph node priorities {}", table.count, tail, firstOctave, captures, chosen,
                cuda.multiprocessorCount(), priorities ? "on" : "REFUSED");
    }

    @Test
    void twoExtractorsShareOneContext() {
        GrayImage image = SharedData.read(kitti(5).get(4));
        ConfigSift a = config(0, 700), b = config(-1, 2500);
        b.rootSift = true;
        SiftFeatures fa = new SiftFeatures(), fb = new SiftFeatures();
        try (CudaSiftExtractor sa = new CudaSiftExtractor(cuda, a); CudaSiftExtractor sb = new CudaSiftExtractor(cuda, b)) {
            for (int i = 0; i < 3; i++) {
                sa.detect(image, fa);
                sb.detect(image, fb);
            }
        }
        check("shared context A", cpu(image, a), fa, a);
        check("shared context B", cpu(image, b), fb, b);
        assertThat(cuda.isClosed()).isFalse();
    }

    @Test
    void ownContextOpensAndCloses() {
        GrayImage image = RandomImages.blocks(320, 240, 300, 5);
        ConfigSift config = config(0, 500);
        SiftFeatures gpu = new SiftFeatures();
        try (SiftExtractor sift = FactorySift.cuda(config)) {
            assertThat(sift.backend()).isEqualTo("cuda");
            sift.detect(image, gpu);
        }
        check("own context", cpu(image, config), gpu, config);
    }

    private static void assertSameRejection(Runnable cpu, Runnable gpu) {
        Throwable expected = catchThrowable(cpu::run);
        assertThat(expected).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(gpu::run).isInstanceOf(IllegalArgumentException.class).hasMessage(expected.getMessage());
    }

    @Test
    void badInputIsRejectedLikeTheCpu() {
        try (SiftExtractor cpu = FactorySift.cpu(new ConfigSift());
             CudaSiftExtractor gpu = new CudaSiftExtractor(cuda, new ConfigSift())) {
            GrayImage wide = new GrayImage(ImageLimits.MAX_SIDE + 1, 1, new byte[ImageLimits.MAX_SIDE + 1]);
            GrayImage small = RandomImages.noise(40, 30, 1);
            assertSameRejection(() -> cpu.detect(wide, new SiftFeatures()), () -> gpu.detect(wide, new SiftFeatures()));
            assertSameRejection(() -> cpu.detect(null, new SiftFeatures()), () -> gpu.detect(null, new SiftFeatures()));
            assertSameRejection(() -> cpu.detect(small, null), () -> gpu.detect(small, null));
            SiftFeatures shortDescriptors = new SiftFeatures(new KeyPoints(), new FloatDescriptors(64));
            assertSameRejection(() -> cpu.detect(small, shortDescriptors), () -> gpu.detect(small, shortDescriptors));
            assertThatThrownBy(() -> gpu.detectOnDevice((GrayImage) null)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("image is null");
            assertThatThrownBy(() -> gpu.detectOnDevice(wide)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("larger than SIFT accepts");
            assertThatThrownBy(() -> gpu.detectOnDevice(null, 10, 10)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("frame is null");
            try (DeviceBuffer frame = cuda.deviceBuffer("test", 100)) {
                assertThatThrownBy(() -> gpu.detectOnDevice(frame, 20, 10))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not fit");
                assertThatThrownBy(() -> gpu.detectOnDevice(frame, 0, 10))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0x10");
                assertThatThrownBy(() -> gpu.detectOnDevice(frame, ImageLimits.MAX_SIDE + 1, 1))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a size SIFT accepts");
            }
            try (CudaContext other = CudaContext.open("other"); DeviceBuffer foreign = other.deviceBuffer("test", 100)) {
                assertThatThrownBy(() -> gpu.detectOnDevice(foreign, 10, 10))
                        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another CUDA context");
            }
            // still usable after the rejections
            SiftFeatures out = new SiftFeatures();
            gpu.detect(SharedData.read(kitti(1).get(0)), out);
            assertThat(out.size()).isPositive();
        }
        CudaSiftExtractor closed = new CudaSiftExtractor(cuda, new ConfigSift());
        closed.close();
        closed.close();
        assertThatThrownBy(() -> closed.detect(RandomImages.noise(40, 30, 1), new SiftFeatures()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("after close");
    }

    @Test
    void invalidConfigurationsAreRejectedBeforeAnyDeviceWork() {
        ConfigSift bad = new ConfigSift();
        bad.levelsPerOctave = 0;
        String expected = catchThrowable(() -> FactorySift.cpu(bad)).getMessage();
        int allocations = cuda.liveAllocations();
        assertThatThrownBy(() -> new CudaSiftExtractor(cuda, bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(expected);
        assertThat(cuda.liveAllocations()).isEqualTo(allocations);
    }

    @Test
    void noAllocationPerFrame() {
        GrayImage image = SharedData.read(kitti(2).get(1));
        try (CudaSiftExtractor sift = new CudaSiftExtractor(cuda, config(0, 2000))) {
            SiftFeatures out = new SiftFeatures();
            sift.detect(image, out);
            sift.detectOnDevice(image);
            int live = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            List<Integer> counts = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                sift.detect(image, out);
                counts.add(sift.detectOnDevice(image).count);
            }
            assertThat(cuda.liveAllocations()).isEqualTo(live);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            LOG.info(String.format(Locale.ROOT, "SIFT GPU: %d device and pinned allocations, %.1f MiB, for 1226x370",
                    live, bytes / 1048576.0));
            assertThat(counts).containsOnly(out.size());
        }
    }
}
