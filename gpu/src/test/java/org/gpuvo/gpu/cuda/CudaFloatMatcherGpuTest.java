package org.gpuvo.gpu.cuda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.Matches;
import org.gpuvo.gpu.testdata.RandomDescriptors;
import org.gpuvo.gpu.testdata.RandomSiftDescriptors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tensor-core float matcher against the FP32 CPU reference ({@link FactoryMatcher#floatCpu}) on a real device;
 * the whole class skips itself without one. Agreement is counted per query (same train, distance and second
 * distance, or no match in both): the FP16 search may miss a true neighbour, so the bar is 99.9 % of queries (no
 * difference at all below 1000 queries); every test prints its figure and the first differences.
 */
@Tag("gpu")
class CudaFloatMatcherGpuTest extends SharedContextGpuTest {
    /** a distance limit that keeps everything: the match list is then every query's nearest neighbour */
    private static final int NO_LIMIT = 1 << 30;
    private static CudaFloatMatcher matcher;

    @BeforeAll
    static void openMatcher() {
        if (cuda != null) {
            matcher = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, false, NO_LIMIT));
            System.out.println("CudaFloatMatcher: " + matcher.tileStages() + " tile pipeline stage(s), "
                    + matcher.tileBlocksPerMultiprocessor() + " tile block(s) per multiprocessor");
        }
    }

    @AfterAll
    static void closeMatcher() {
        if (matcher != null)
            matcher.close();
        matcher = null;
    }

    static List<ConfigMatch> configs() {
        return List.of(new ConfigMatch(0.8, false, NO_LIMIT), new ConfigMatch(1.0, false, NO_LIMIT),
                new ConfigMatch(0.8, true, NO_LIMIT), new ConfigMatch(0.9, true, 300),
                new ConfigMatch(0.7, false, 250), new ConfigMatch(1.0, true, NO_LIMIT));
    }

    /** A real-like train set and queries of which 60 % are noisy copies of train descriptors. */
    static FloatDescriptors[] sets(Random random, int nq, int nt) {
        FloatDescriptors train = RandomSiftDescriptors.realLike(random, nt, Math.max(1, nt / 40), 0.5);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, nq, 0.25, 0.6);
        return new FloatDescriptors[]{query, train};
    }

    /**
     * Asserts that at least 99.9 % of the queries have the same outcome in both lists (all of them below 1000
     * queries), printing the figure and the first differences.
     */
    static double assertAgreement(Matches cpu, Matches gpu, int queries, String what) {
        return assertAgreement(cpu, gpu, queries, queries / 1000, what);
    }

    /** As {@link #assertAgreement(Matches, Matches, int, String)} with at most {@code maxDiffering} queries differing. */
    static double assertAgreement(Matches cpu, Matches gpu, int queries, int maxDiffering, String what) {
        double agreement = MatchTestData.agreement(cpu, gpu, queries);
        long differing = Math.round((1 - agreement) * queries);
        List<String> differences = MatchTestData.differences(cpu, gpu, queries);
        System.out.printf(Locale.ROOT, "%s: %.4f %% of %d queries agree (%d differ)%s%n", what, 100 * agreement,
                queries, differing, differences.isEmpty() ? "" : "; first: " + differences.subList(0,
                        Math.min(5, differences.size())));
        assertThat(differing).as(what + ": queries differing from the FP32 reference; " + differences)
                .isLessThanOrEqualTo(maxDiffering);
        assertThat(differences.stream().filter(d -> d.startsWith("not in increasing"))).as(what).isEmpty();
        return agreement;
    }

    static Stream<Arguments> sizesAndConfigs() {
        // around the 128 tile, fewer trains than candidates, a single row, the two-block compaction (>256 queries)
        int[][] sizes = {{1, 1}, {1, 7}, {7, 1}, {3, 3}, {127, 255}, {128, 128}, {129, 130}, {257, 9}, {300, 5000},
                {2000, 1500}, {1500, 2000}, {9000, 700}};
        List<Arguments> all = new ArrayList<>();
        for (int[] s : sizes)
            for (ConfigMatch c : configs())
                all.add(Arguments.of(s[0], s[1], c));
        return all.stream();
    }

    /** Device features in, compact matches with coordinates out: the CPU reference's matches. */
    @ParameterizedTest(name = "{0}x{1} {2}")
    @MethodSource("sizesAndConfigs")
    void deviceMatchEqualsCpu(int nq, int nt, ConfigMatch config) {
        Random random = new Random(31L * nq + nt);
        FloatDescriptors[] s = sets(random, nq, nt);
        KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        Matches gpu = new Matches(), cpu = new Matches();
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, s[0], qk, nq);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], tk, nt)) {
            matcher.match(q, t, config, gpu);
        }
        FactoryMatcher.floatCpu(config).match(s[0], s[1], cpu);
        assertAgreement(cpu, gpu, nq, nq + "x" + nt + " " + config + " [" + matcher.lastPlan() + "]");
        MatchTestData.assertCoordinates(gpu, qk, tk);
    }

    /**
     * The conformance measure on real-like sets of 4096² and 16384²: the nearest neighbour equals the FP32 brute
     * force for at least 99.9 % of the queries (ratio 1, no limit: every query is listed with its nearest), and
     * so does the whole match list with the ratio test and the mutual check.
     */
    @ParameterizedTest(name = "{0}x{0}")
    @CsvSource({"4096", "16384"})
    void realLikeSetsAgreeWithFp32(int n) {
        Random random = new Random(n);
        FloatDescriptors train = RandomSiftDescriptors.realLike(random, n, n / 40, 0.5);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, n, 0.25, 0.5);
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, query, null, n);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, train, null, n)) {
            for (ConfigMatch config : List.of(new ConfigMatch(1.0, false, NO_LIMIT),
                    new ConfigMatch(0.8, true, NO_LIMIT))) {
                Matches gpu = new Matches(), cpu = new Matches();
                matcher.match(q, t, config, gpu);
                FactoryMatcher.floatCpu(config).match(query, train, cpu);
                String what = config.ratio == 1 ? n + "² nearest neighbour" : n + "² ratio 0.8 + mutual match list";
                assertAgreement(cpu, gpu, n, what + " [" + matcher.lastPlan() + "]");
                if (config.ratio == 1)
                    assertThat(gpu.size()).as("every query has a nearest neighbour").isEqualTo(n);
            }
        }
    }

    /** Independent descriptors (no true matches: the nearest few are close together, the FP16 worst case). */
    @ParameterizedTest(name = "{0}x{1} mutual={2}")
    @CsvSource({"2000,1500,false", "2000,1500,true", "4000,4000,true", "100,30000,false"})
    void independentDescriptorsAgreeWithFp32(int nq, int nt, boolean mutual) {
        Random random = new Random(nq * 7L + nt);
        FloatDescriptors train = RandomSiftDescriptors.siftLike(random, nt);
        FloatDescriptors query = RandomSiftDescriptors.siftLike(random, nq);
        ConfigMatch config = new ConfigMatch(1.0, mutual, NO_LIMIT);
        Matches cpu = new Matches(), gpu = new Matches();
        FactoryMatcher.floatCpu(config).match(query, train, cpu);
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, query, null, nq);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, train, null, nt)) {
            matcher.match(q, t, config, gpu);
        }
        assertAgreement(cpu, gpu, nq, "independent " + nq + "x" + nt + " mutual " + mutual);
    }

    /**
     * 8-bit-like descriptors (multiples of 1/512) with duplicated rows: many exactly equal distances, which only
     * the lower-index rules decide (the FP16 search is exact on them, so the candidate lists must break ties
     * exactly as the CPU does).
     */
    @Test
    void tiesAndDuplicatesGoToTheLowerIndex() {
        Random random = new Random(5);
        FloatDescriptors base = RandomSiftDescriptors.quantised(RandomSiftDescriptors.realLike(random, 300, 10, 0.8));
        FloatDescriptors train = FloatDescriptors.sift();
        train.resize(1200);
        for (int i = 0; i < 1200; i++)  // each descriptor four times, at i, i+300, i+600, i+900
            System.arraycopy(base.data, (i % 300) * 128, train.data, i * 128, 128);
        FloatDescriptors query = RandomSiftDescriptors.quantised(
                RandomSiftDescriptors.noisyCopies(random, base, 500, 0.1, 0.8));
        for (int i = 0; i < 100; i++)
            System.arraycopy(base.data, random.nextInt(300) * 128, query.data, random.nextInt(500) * 128, 128);
        for (ConfigMatch config : List.of(new ConfigMatch(1.0, false, NO_LIMIT), new ConfigMatch(1.0, true, NO_LIMIT),
                new ConfigMatch(0.9, false, NO_LIMIT))) {
            Matches cpu = new Matches(), gpu = new Matches();
            FactoryMatcher.floatCpu(config).match(query, train, cpu);
            try (DeviceFloatFeatures q = MatchTestData.upload(cuda, query, null, 500);
                 DeviceFloatFeatures t = MatchTestData.upload(cuda, train, null, 1200)) {
                matcher.match(q, t, config, gpu);
            }
            assertAgreement(cpu, gpu, 500, "ties " + config);
        }
    }

    /**
     * The tile grid is planned for as many blocks per multiprocessor as the driver finds resident: two where the
     * shared memory holds two double-buffered blocks (sm_80, sm_87, sm_90: the registers allow two everywhere), one
     * on GPUs with 100 KB or less per multiprocessor.
     */
    @Test
    void tileBlocksPerMultiprocessorFollowTheDevice() {
        int resident = matcher.tileBlocksPerMultiprocessor();
        assertThat(resident).isBetween(1, CudaFloatMatcher.TILE_BLOCKS_PER_SM);
        String cc = CudaProbe.status().computeCapability();
        if (cc.equals("8.0") || cc.equals("8.7") || cc.equals("9.0"))
            assertThat(resident).as("compute %s", cc).isEqualTo(CudaFloatMatcher.TILE_BLOCKS_PER_SM);
        Matches out = new Matches();
        Random random = new Random(3);
        FloatDescriptors train = RandomSiftDescriptors.realLike(random, 700, 20, 0.5);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, 600, 0.25, 0.5);
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, query, null, 600);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, train, null, 700)) {
            matcher.match(q, t, new ConfigMatch(0.8, false, NO_LIMIT), out);
        }
        assertThat(matcher.lastPlan()).contains(", " + resident + " per SM)");
    }

    /** Any split of the columns merges to exactly the same lists, so the matches do not depend on it. */
    @Test
    void forcedSplitsGiveIdenticalMatches() {
        Random random = new Random(17);
        FloatDescriptors[] s = sets(random, 2000, 3000);
        ConfigMatch config = new ConfigMatch(0.85, true, NO_LIMIT);
        Matches cpu = new Matches();
        FactoryMatcher.floatCpu(config).match(s[0], s[1], cpu);
        Matches first = null;
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, s[0], null, 2000);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], null, 3000)) {
            for (int splits : new int[]{1, 2, 3, 7, 16, 24, 64}) {
                try (CudaFloatMatcher tuned = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, false, NO_LIMIT),
                        new CudaFloatMatcher.Tuning(splits, null))) {
                    Matches gpu = new Matches();
                    tuned.match(q, t, config, gpu);
                    assertAgreement(cpu, gpu, 2000, "splits " + splits + " [" + tuned.lastPlan() + "]");
                    if (first == null)
                        first = gpu;
                    else
                        assertThat(MatchTestData.differences(first, gpu, 2000)).as("splits " + splits).isEmpty();
                }
            }
        }
    }

    /** Search window through the FloatDescriptorMatcher interface (host upload of predictions and keypoints). */
    @ParameterizedTest(name = "radius {0} mutual {1}")
    @CsvSource({"20,false", "20,true", "64,false", "64,true", "500,false", "500,true"})
    void windowEqualsCpu(double radius, boolean mutual) {
        Random random = new Random((long) radius * 3 + (mutual ? 1 : 0));
        int nq = 2000, nt = 1800;
        FloatDescriptors[] s = sets(random, nq, nt);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        float[] px = new float[nq], py = new float[nq];
        for (int i = 0; i < nq; i++) {
            px[i] = random.nextFloat() * 1280;
            py[i] = random.nextFloat() * 720;
        }
        px[3] = Float.NaN;
        py[5] = Float.POSITIVE_INFINITY;
        tk.x[7] = Float.NaN;
        px[10] = 100;  // exactly on the circle: inside (inclusive)
        py[10] = 100;
        tk.x[11] = 100 + (float) radius;
        tk.y[11] = 100;
        ConfigMatch config = new ConfigMatch(0.8, mutual, NO_LIMIT);
        config.searchRadius = radius;
        Matches cpu = new Matches(), gpu = new Matches();
        FactoryMatcher.floatCpu(config).matchWithin(s[0], px, py, s[1], tk, cpu);
        try (CudaFloatMatcher host = new CudaFloatMatcher(cuda, config)) {
            host.matchWithin(s[0], px, py, s[1], tk, gpu);
        }
        assertAgreement(cpu, gpu, nq, "window radius " + radius + " mutual " + mutual);
        assertThat(gpu.size()).as("the window test leaves matches to compare").isPositive();
    }

    /** Window predicted on the device from a homography, and from a caller's prediction buffer. */
    @ParameterizedTest(name = "mutual {0}")
    @CsvSource({"false", "true"})
    void homographyWindowEqualsCpu(boolean mutual) {
        Random random = new Random(mutual ? 11 : 12);
        int nq = 1500, nt = 1700;
        double[] h = {1.02, 0.01, 12.5, -0.015, 0.99, -7.25, 1e-5, -2e-5, 1.0};
        FloatDescriptors[] s = sets(random, nq, nt);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
        float[][] p = MatchTestData.predictions(h, qk);
        float[] px = p[0], py = p[1];
        ConfigMatch config = new ConfigMatch(0.8, mutual, NO_LIMIT);
        config.searchRadius = 48;
        Matches cpu = new Matches(), gpu = new Matches();
        FactoryMatcher.floatCpu(config).matchWithin(s[0], px, py, s[1], tk, cpu);
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, s[0], qk, nq);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], tk, nt)) {
            matcher.matchWithin(q, h, t, config, gpu);
            assertAgreement(cpu, gpu, nq, "homography window mutual " + mutual);
            assertThat(gpu.hasCoordinates()).isTrue();
            Matches viaBuffer = MatchTestData.matchWithinUploaded(cuda, matcher, q, t, px, py, config);
            assertThat(MatchTestData.differences(gpu, viaBuffer, nq)).isEmpty();
        }
    }

    /**
     * The drop-in FloatDescriptorMatcher for any length: padded to 128 on the GPU, the CPU above. Lengths from 32 on:
     * below about 25 components (1/0.2²) the SIFT-like clipping at 0.2 collapses most vectors onto the same point, and
     * see {@link #degenerateShortDescriptorsAgreeAlmostEverywhere}.
     */
    @ParameterizedTest(name = "length {0}")
    @CsvSource({"128", "64", "32", "100", "131"})
    void factoryMatcherEqualsCpuForAnyLength(int length) throws Exception {
        agreeWithCpu(length, 1);
    }

    /**
     * Length 5, clipped at 0.2 and renormalised: most vectors become (nearly) the same point, so queries have several
     * trains at distances the FP16 products cannot order (below 1e-3), and the FP16 top-4 may miss the exact nearest
     * (docs/measurements.md has how many). The bar is 1 % here, 0.1 % above.
     */
    @Test
    void degenerateShortDescriptorsAgreeAlmostEverywhere() throws Exception {
        agreeWithCpu(5, 10);
    }

    private void agreeWithCpu(int length, int maxDiffering) throws Exception {
        Random random = new Random(length);
        FloatDescriptors train = RandomSiftDescriptors.siftLike(random, 900, length);
        FloatDescriptors query = RandomSiftDescriptors.noisyCopies(random, train, 1000, 0.2, 0.5);
        for (ConfigMatch config : configs()) {
            Matches[] gc = MatchTestData.cudaAndCpu(FactoryMatcher.floatCuda(config), FactoryMatcher.floatCpu(config),
                    query, train);
            assertAgreement(gc[1], gc[0], 1000, maxDiffering, "length " + length + " " + config);
            assertThat(gc[0].hasCoordinates()).isEqualTo(gc[0].isEmpty());
        }
    }

    @Test
    void emptySetsGiveNoMatches() {
        Random random = new Random(1);
        FloatDescriptors some = RandomSiftDescriptors.siftLike(random, 10), none = FloatDescriptors.sift();
        DeviceMatcherChecks.emptySetsGiveNoMatches(cuda, matcher, some, none, MatchTestData::upload);
    }

    @Test
    void oneTrainDescriptorIsKeptWithoutSecond() {
        Random random = new Random(2);
        FloatDescriptors train = RandomSiftDescriptors.siftLike(random, 1);
        FloatDescriptors query = RandomSiftDescriptors.siftLike(random, 50);
        Matches gpu = new Matches(), cpu = new Matches();
        matcher.match(query, train, gpu);
        FactoryMatcher.floatCpu(matcher.config()).match(query, train, cpu);
        assertThat(gpu.size()).isEqualTo(50);
        assertThat(gpu.secondDistance[0]).isEqualTo(Matches.NO_SECOND);
        assertThat(MatchTestData.differences(cpu, gpu, 50)).isEmpty();
    }

    @Test
    void capacitiesGrowAndResultsStayRight() {
        Random random = new Random(3);
        try (CudaFloatMatcher own = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, true, NO_LIMIT))) {
            for (int n : new int[]{10, 100, 3000, 50, 5000, 1, 4096}) {
                FloatDescriptors[] s = sets(random, n, n + 3);
                Matches gpu = new Matches(), cpu = new Matches();
                own.match(s[0], s[1], gpu);
                FactoryMatcher.floatCpu(own.config()).match(s[0], s[1], cpu);
                assertAgreement(cpu, gpu, n, "growing, n=" + n);
            }
        }
    }

    @Test
    void repeatedCallsAllocateNothingAndRepeatTheResult() {
        Random random = new Random(4);
        FloatDescriptors[] s = sets(random, 3000, 3000);
        KeyPoints qk = RandomDescriptors.keyPoints(random, 3000, 640, 480);
        KeyPoints tk = RandomDescriptors.keyPoints(random, 3000, 640, 480);
        ConfigMatch mutual = new ConfigMatch(0.8, true, NO_LIMIT);
        mutual.searchRadius = 40;
        try (CudaFloatMatcher own = new CudaFloatMatcher(cuda, mutual);
             DeviceFloatFeatures q = MatchTestData.upload(cuda, s[0], qk, 3000);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], tk, 3000)) {
            double[] h = {1, 0, 2, 0, 1, -3, 0, 0, 1};
            Matches out = new Matches();
            Runnable all = () -> {
                own.match(q, t, mutual, out);
                own.match(s[0], s[1], out);
                own.matchWithin(q, h, t, mutual, out);
                own.matchWithin(s[0], tk.x, tk.y, s[1], tk, out);
            };
            all.run();  // warm-up: the buffers reach their sizes
            int allocations = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            Matches first = new Matches();
            own.match(q, t, mutual, first);
            for (int i = 0; i < 30; i++) {
                all.run();
                q.count = 1000 + i;  // smaller sets reuse the same buffers
                own.match(q, t, mutual, out);
                q.count = 3000;
            }
            assertThat(cuda.liveAllocations()).isEqualTo(allocations);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            own.match(q, t, mutual, out);
            assertThat(MatchTestData.differences(first, out, 3000)).isEmpty();
        }
    }

    /**
     * The match replayed from its CUDA graph (second call of a key on) gives the result of direct launches, for
     * plain, mutual and windowed matches, and a new count (a new key) or a changed configuration is re-captured,
     * not served by a stale graph.
     */
    @Test
    void graphReplayEqualsDirectLaunches() {
        Random random = new Random(23);
        FloatDescriptors[] s = sets(random, 2500, 2600);
        KeyPoints qk = RandomDescriptors.keyPoints(random, 2500, 640, 480);
        KeyPoints tk = RandomDescriptors.keyPoints(random, 2600, 640, 480);
        double[] h = {1, 0, 2, 0, 1, -3, 0, 0, 1};
        ConfigMatch window = new ConfigMatch(0.8, true, NO_LIMIT);
        window.searchRadius = 50;
        try (CudaFloatMatcher own = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, false, NO_LIMIT),
                new CudaFloatMatcher.Tuning(0, true));
             CudaFloatMatcher launched = new CudaFloatMatcher(cuda, new ConfigMatch(0.8, false, NO_LIMIT),
                     new CudaFloatMatcher.Tuning(0, false));
             DeviceFloatFeatures q = MatchTestData.upload(cuda, s[0], qk, 2500);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], tk, 2600)) {
            List<BiConsumer<CudaFloatMatcher, Matches>> calls = new ArrayList<>();
            List<Matches> direct = new ArrayList<>(), replayed = new ArrayList<>();
            for (ConfigMatch c : List.of(new ConfigMatch(0.8, false, NO_LIMIT), new ConfigMatch(0.9, true, 300),
                    window))
                for (int count : new int[]{2500, 1777}) {
                    replayed.add(new Matches());
                    calls.add((m, r) -> {
                        q.count = count;
                        if (c == window)
                            m.matchWithin(q, h, t, c, r);
                        else
                            m.match(q, t, c, r);
                    });
                }
            for (BiConsumer<CudaFloatMatcher, Matches> call : calls) {  // the graphs off: direct launches
                Matches r = new Matches();
                call.accept(launched, r);
                direct.add(r);
            }
            for (int round = 0; round < 3; round++)  // the first runs directly, the second captures, the third replays
                for (int k = 0; k < calls.size(); k++) {
                    calls.get(k).accept(own, replayed.get(k));
                    assertThat(MatchTestData.differences(direct.get(k), replayed.get(k), q.count))
                            .as("call %d, round %d (graph captures so far %d)", k, round, own.graphCaptures())
                            .isEmpty();
                    assertThat(replayed.get(k).size()).as("call %d, round %d", k, round)
                            .isEqualTo(direct.get(k).size());
                }
            System.out.println("graph replay: " + own.graphCaptures() + " captures for " + calls.size() + " keys");
            assertThat(own.graphCaptures()).isEqualTo(calls.size());
            q.count = 2500;
        }
    }

    /** A non-finite or huge component on the device: a clear error after the match, and the matcher goes on. */
    @Test
    void invalidComponentsOnTheDeviceAreReported() {
        Random random = new Random(9);
        FloatDescriptors[] s = sets(random, 300, 400);
        FloatDescriptors bad = s[0].copy();
        bad.data[17 * 128 + 5] = Float.NaN;
        bad.data[40 * 128 + 100] = 1e6f;
        Matches out = new Matches();
        try (DeviceFloatFeatures q = MatchTestData.upload(cuda, bad, null, 300);
             DeviceFloatFeatures good = MatchTestData.upload(cuda, s[0], null, 300);
             DeviceFloatFeatures t = MatchTestData.upload(cuda, s[1], null, 400)) {
            assertThatThrownBy(() -> matcher.match(q, t, new ConfigMatch(), out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 descriptor(s)");
            assertThat(out.isEmpty()).isTrue();
            matcher.match(good, t, new ConfigMatch(0.8, false, NO_LIMIT), out);
            Matches cpu = new Matches();
            FactoryMatcher.floatCpu(new ConfigMatch(0.8, false, NO_LIMIT)).match(s[0], s[1], cpu);
            assertAgreement(cpu, out, 300, "after a rejected call");
        }
        assertThatThrownBy(() -> matcher.match(bad, s[1], out))  // the host path checks before uploading
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("query descriptor 17");
    }

    @Test
    void badArgumentsAreRejectedBeforeAnyKernel() {
        Random random = new Random(6);
        FloatDescriptors d = RandomSiftDescriptors.siftLike(random, 10);
        try (DeviceFloatFeatures a = MatchTestData.upload(cuda, d, null, 10);
             DeviceFloatFeatures b = MatchTestData.upload(cuda, d, null, 10);
             DeviceFloatFeatures short64 = new DeviceFloatFeatures(cuda, "test", 10, 64);
             DeviceFloatFeatures long200 = new DeviceFloatFeatures(cuda, "test", 10, 200)) {
            DeviceMatcherChecks.badArgumentsAreRejected(cuda, matcher, a, b, d, MatchTestData::upload);
            Matches out = new Matches();
            ConfigMatch ok = new ConfigMatch();
            short64.count = 10;
            long200.count = 10;
            assertThatThrownBy(() -> matcher.match(a, short64, ok, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be compared");
            assertThatThrownBy(() -> matcher.match(long200, long200, ok, out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 128");
            // still usable
            matcher.match(a, b, new ConfigMatch(1.0, false, NO_LIMIT), out);
            assertThat(out.size()).isEqualTo(10);
            for (int i = 0; i < 10; i++)
                assertThat(out.train[i]).as("a set matched with itself").isEqualTo(i);
        }
    }
}
