package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.testdata.RandomDescriptors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.gpuvo.gpu.cuda.CudaHammingMatcher.Path;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.FactoryMatcher;
import org.gpuvo.gpu.match.Matches;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The CUDA matcher against the CPU reference on a real device; the whole class skips itself without one. */
@Tag("gpu")
class CudaHammingMatcherGpuTest extends SharedContextGpuTest {
    private static CudaHammingMatcher matcher;

    @BeforeAll
    static void openMatcher() {
        if (cuda != null)
            matcher = new CudaHammingMatcher(cuda, new ConfigMatch());
    }

    @BeforeEach
    void autoPath() {
        if (matcher != null)
            matcher.setPath(Path.AUTO);
    }

    @AfterAll
    static void closeMatcher() {
        if (matcher != null)
            matcher.close();
        matcher = null;
    }

    static List<ConfigMatch> configs() {
        return List.of(new ConfigMatch(0.8, false, 256), new ConfigMatch(1.0, false, 256),
                new ConfigMatch(0.8, true, 256), new ConfigMatch(0.9, true, 64), new ConfigMatch(0.7, false, 40),
                new ConfigMatch(1.0, true, 256));
    }

    static Stream<Arguments> sizesConfigsPaths() {
        // 9000 queries: the two-kernel selection (above SMALL_SELECT_MAX)
        int[][] sizes = {{1, 1}, {7, 7}, {1, 7}, {7, 1}, {2000, 1500}, {1500, 2000}, {300, 5000}, {257, 9}, {9000, 700}};
        List<Arguments> all = new ArrayList<>();
        for (int[] s : sizes)
            for (ConfigMatch c : configs())
                for (Path p : new Path[]{Path.POPC, Path.TENSOR_CORE})
                    all.add(Arguments.of(s[0], s[1], c, p));
        return all.stream();
    }

    /** Device features in, compact matches with coordinates out: identical to the CPU matcher. */
    @ParameterizedTest(name = "{0}x{1} {2} {3}")
    @MethodSource("sizesConfigsPaths")
    void deviceMatchEqualsCpu(int nq, int nt, ConfigMatch config, Path path) {
        assumePath(path);
        Random random = new Random(31L * nq + nt);
        Descriptors train = RandomDescriptors.uniform(random, nt, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, 40, 0.5);
        KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        matcher.setPath(path);
        Matches gpu = new Matches(), cpu = new Matches();
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, qk, nq);
             DeviceFeatures t = MatchTestData.upload(cuda, train, tk, nt)) {
            matcher.match(q, t, config, gpu);
        }
        assertThat(matcher.lastPath()).isEqualTo(path);
        FactoryMatcher.cpu(config).match(query, train, cpu);
        assertThat(MatchTestData.differences(cpu, gpu, nq)).isEmpty();
        assertThat(gpu.size()).isEqualTo(cpu.size());
        MatchTestData.assertCoordinates(gpu, qk, tk);
    }

    /** Uniform random descriptors (no true matches: many near-ties), both paths and the CPU agree. */
    @ParameterizedTest(name = "{0}x{1} mutual={2}")
    @CsvSource({"2000,1500,false", "2000,1500,true", "4000,4000,true", "100,30000,false"})
    void uniformNoiseBothPathsEqualCpu(int nq, int nt, boolean mutual) {
        Random random = new Random(nq * 7L + nt);
        Descriptors train = RandomDescriptors.uniform(random, nt, 32);
        Descriptors query = RandomDescriptors.uniform(random, nq, 32);
        ConfigMatch config = new ConfigMatch(0.95, mutual, 256);
        Matches cpu = new Matches();
        FactoryMatcher.cpu(config).match(query, train, cpu);
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, null, nq);
             DeviceFeatures t = MatchTestData.upload(cuda, train, null, nt)) {
            for (Path path : availablePaths()) {
                matcher.setPath(path);
                Matches gpu = new Matches();
                matcher.match(q, t, config, gpu);
                assertThat(MatchTestData.differences(cpu, gpu, nq)).as(path.toString()).isEmpty();
            }
        }
    }

    /** The one large case: 16384 x 16384, ratio and mutual, both paths. */
    @Test
    void large16384EqualsCpu() {
        int n = 16384;
        Random random = new Random(16384);
        Descriptors train = RandomDescriptors.uniform(random, n, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, n, 50, 0.6);
        ConfigMatch config = new ConfigMatch(0.8, true, 256);
        Matches cpu = new Matches();
        FactoryMatcher.cpu(config).match(query, train, cpu);
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, null, n);
             DeviceFeatures t = MatchTestData.upload(cuda, train, null, n)) {
            for (Path path : availablePaths()) {
                matcher.setPath(path);
                Matches gpu = new Matches();
                matcher.match(q, t, config, gpu);
                assertThat(MatchTestData.agreement(cpu, gpu, n)).as(path.toString()).isGreaterThanOrEqualTo(0.99);
                assertThat(MatchTestData.differences(cpu, gpu, n)).as(path.toString()).isEmpty();
            }
        }
    }

    /** Any split of the train set merges to the same result. */
    @ParameterizedTest(name = "splits {0}")
    @CsvSource({"1", "2", "3", "7", "16", "64"})
    void forcedSplitsGiveTheSameMatches(int splits) {
        Random random = new Random(splits);
        Descriptors train = RandomDescriptors.uniform(random, 1500, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 2000, 30, 0.5);
        ConfigMatch config = new ConfigMatch(0.85, true, 256);
        Matches cpu = new Matches();
        FactoryMatcher.cpu(config).match(query, train, cpu);
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, null, 2000);
             DeviceFeatures t = MatchTestData.upload(cuda, train, null, 1500)) {
            for (Boolean fused : new Boolean[]{null, false}) {  // tensor cores: one launch (AUTO here), two
                try (CudaHammingMatcher tuned = new CudaHammingMatcher(cuda, new ConfigMatch(),
                        new CudaHammingMatcher.Tuning(splits, fused))) {
                    for (Path path : availablePaths()) {
                        tuned.setPath(path);
                        Matches gpu = new Matches();
                        tuned.match(q, t, config, gpu);
                        assertThat(MatchTestData.differences(cpu, gpu, 2000)).as(path + " fused " + fused).isEmpty();
                    }
                }
            }
        }
    }

    static Stream<Arguments> fusedSizes() {
        // around the warp (16 rows) and block (128 rows) tiles of the one-launch path, its query limit
        // (FUSED_MAX_QUERIES = 8192) and its AUTO pair limit (8192 x 8192), and beyond
        int[][] sizes = {{1, 1}, {1, 2000}, {2000, 1}, {15, 9}, {16, 16}, {17, 33}, {127, 300}, {128, 128},
                {129, 4000}, {255, 17}, {256, 1000}, {257, 257}, {2000, 2000}, {4095, 100}, {8191, 700},
                {8192, 8192}, {8192, 8193}, {8193, 8192}, {20000, 1500}, {100, 30000}};
        List<Arguments> all = new ArrayList<>();
        for (int[] s : sizes)
            for (boolean mutual : new boolean[]{false, true})
                all.add(Arguments.of(s[0], s[1], mutual));
        return all.stream();
    }

    /**
     * The one-launch path (match_fused.cu) and the two-launch path both equal the CPU across sizes; AUTO picks
     * the one-launch path exactly up to its limits.
     */
    @ParameterizedTest(name = "{0}x{1} mutual={2}")
    @MethodSource("fusedSizes")
    void fusedAndTwoStageEqualCpuAcrossSizes(int nq, int nt, boolean mutual) {
        assumePath(Path.TENSOR_CORE);
        Random random = new Random(977L * nq + nt + (mutual ? 1 : 0));
        Descriptors train = RandomDescriptors.uniform(random, nt, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, 40, 0.5);
        KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        ConfigMatch config = new ConfigMatch(0.8, mutual, 256);
        Matches cpu = new Matches();
        FactoryMatcher.cpu(config).match(query, train, cpu);
        boolean fusable = nq <= CudaHammingMatcher.FUSED_MAX_QUERIES;
        boolean auto = fusable && (long) nq * nt <= CudaHammingMatcher.FUSED_MAX_PAIRS;
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, qk, nq);
             DeviceFeatures t = MatchTestData.upload(cuda, train, tk, nt)) {
            for (Boolean fused : new Boolean[]{null, true, false}) {
                try (CudaHammingMatcher tuned = new CudaHammingMatcher(cuda, new ConfigMatch(),
                        new CudaHammingMatcher.Tuning(0, fused))) {
                    tuned.setPath(Path.AUTO);
                    Matches gpu = new Matches();
                    tuned.match(q, t, config, gpu);
                    String as = "fused " + fused + ": " + tuned.lastPlan();
                    assertThat(tuned.lastPath()).as(as).isEqualTo(Path.TENSOR_CORE);
                    assertThat(tuned.lastFused()).as(as).isEqualTo(fused == null ? auto : fused && fusable);
                    assertThat(MatchTestData.differences(cpu, gpu, nq)).as(as).isEmpty();
                    assertThat(gpu.size()).as(as).isEqualTo(cpu.size());
                    for (int i = 0; i < gpu.size(); i++) {
                        assertThat(gpu.queryX[i]).isEqualTo(qk.x[gpu.query[i]]);
                        assertThat(gpu.trainY[i]).isEqualTo(tk.y[gpu.train[i]]);
                    }
                }
            }
        }
    }

    /**
     * The one-launch path leaves its slots and counter as it found them: calls of growing, shrinking, mutual and
     * plain sizes in a row, through one matcher, all equal the CPU (including a first call on fresh buffers).
     */
    @Test
    void fusedStateIsRestoredBetweenCalls() {
        assumePath(Path.TENSOR_CORE);
        Random random = new Random(8);
        try (CudaHammingMatcher own = new CudaHammingMatcher(cuda, new ConfigMatch(0.8, false, 256))) {
            int[][] sizes = {{300, 200}, {3000, 2500}, {50, 4000}, {3000, 2500}, {1, 1}, {5000, 120}, {40, 40}};
            for (int k = 0; k < sizes.length * 2; k++) {
                int nq = sizes[k % sizes.length][0], nt = sizes[k % sizes.length][1];
                ConfigMatch config = new ConfigMatch(k % 3 == 0 ? 1.0 : 0.8, k % 2 == 1, 256);
                Descriptors train = RandomDescriptors.uniform(random, nt, 32);
                Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, 30, 0.5);
                Matches gpu = new Matches(), cpu = new Matches();
                FactoryMatcher.cpu(config).match(query, train, cpu);
                try (DeviceFeatures q = MatchTestData.upload(cuda, query, null, nq);
                     DeviceFeatures t = MatchTestData.upload(cuda, train, null, nt)) {
                    own.match(q, t, config, gpu);
                }
                assertThat(own.lastFused()).isTrue();
                assertThat(MatchTestData.differences(cpu, gpu, nq)).as(nq + "x" + nt + " " + config).isEmpty();
            }
        }
    }

    /** Duplicated train descriptors: equal distances, the lower train index must win (and d2 = d1). */
    @Test
    void tiesGoToTheLowerTrainIndex() {
        Random random = new Random(5);
        Descriptors base = RandomDescriptors.uniform(random, 300, 32);
        Descriptors train = new Descriptors(32);
        train.resize(1200);
        for (int i = 0; i < 1200; i++)  // each descriptor four times, at i, i+300, i+600, i+900
            System.arraycopy(base.data, (i % 300) * 32, train.data, i * 32, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, base, 500, 10, 0.8);
        for (ConfigMatch config : List.of(new ConfigMatch(1.0, false, 256), new ConfigMatch(1.0, true, 256))) {
            Matches cpu = new Matches();
            FactoryMatcher.cpu(config).match(query, train, cpu);
            try (DeviceFeatures q = MatchTestData.upload(cuda, query, null, 500);
                 DeviceFeatures t = MatchTestData.upload(cuda, train, null, 1200)) {
                for (Path path : availablePaths()) {
                    matcher.setPath(path);
                    Matches gpu = new Matches();
                    matcher.match(q, t, config, gpu);
                    assertThat(MatchTestData.differences(cpu, gpu, 500)).as(path + " " + config).isEmpty();
                }
            }
        }
    }

    static Stream<Arguments> windowCases() {
        List<Arguments> all = new ArrayList<>();
        for (double radius : new double[]{20, 64, 500})
            for (boolean mutual : new boolean[]{false, true})
                all.add(Arguments.of(radius, mutual));
        return all.stream();
    }

    /** Search window through the DescriptorMatcher interface (host upload of predictions and keypoints). */
    @ParameterizedTest(name = "radius {0} mutual {1}")
    @MethodSource("windowCases")
    void windowEqualsCpu(double radius, boolean mutual) {
        Random random = new Random((long) radius * 3 + (mutual ? 1 : 0));
        int nq = 2000, nt = 1800;
        Descriptors train = RandomDescriptors.uniform(random, nt, 32);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, 40, 0.5);
        float[] px = new float[nq], py = new float[nq];
        for (int i = 0; i < nq; i++) {
            px[i] = random.nextFloat() * 1280;
            py[i] = random.nextFloat() * 720;
        }
        px[3] = Float.NaN;
        py[5] = Float.POSITIVE_INFINITY;
        tk.x[7] = Float.NaN;
        // exactly on the circle: inside (inclusive)
        px[10] = 100;
        py[10] = 100;
        tk.x[11] = 100 + (float) radius;
        tk.y[11] = 100;
        ConfigMatch config = new ConfigMatch(0.8, mutual, 256);
        config.searchRadius = radius;
        Matches cpu = new Matches(), gpu = new Matches();
        FactoryMatcher.cpu(config).matchWithin(query, px, py, train, tk, cpu);
        try (CudaHammingMatcher host = new CudaHammingMatcher(cuda, config)) {
            host.matchWithin(query, px, py, train, tk, gpu);
            assertThat(host.lastPath()).isEqualTo(Path.POPC);
        }
        assertThat(MatchTestData.differences(cpu, gpu, nq)).isEmpty();
    }

    /** Window predicted on the device from a homography, against the CPU with the same predictions. */
    @ParameterizedTest(name = "mutual {0}")
    @CsvSource({"false", "true"})
    void homographyWindowEqualsCpu(boolean mutual) {
        Random random = new Random(mutual ? 11 : 12);
        int nq = 1500, nt = 1700;
        double[] h = {1.02, 0.01, 12.5, -0.015, 0.99, -7.25, 1e-5, -2e-5, 1.0};
        Descriptors train = RandomDescriptors.uniform(random, nt, 32);
        KeyPoints tk = RandomDescriptors.keyPoints(random, nt, 1280, 720);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, nq, 40, 0.5);
        KeyPoints qk = RandomDescriptors.keyPoints(random, nq, 1280, 720);
        float[][] p = MatchTestData.predictions(h, qk);
        float[] px = p[0], py = p[1];
        ConfigMatch config = new ConfigMatch(0.8, mutual, 256);
        config.searchRadius = 48;
        Matches cpu = new Matches(), gpu = new Matches();
        FactoryMatcher.cpu(config).matchWithin(query, px, py, train, tk, cpu);
        try (DeviceFeatures q = MatchTestData.upload(cuda, query, qk, nq);
             DeviceFeatures t = MatchTestData.upload(cuda, train, tk, nt)) {
            matcher.matchWithin(q, h, t, config, gpu);
            assertThat(MatchTestData.differences(cpu, gpu, nq)).isEmpty();
            // the same through a caller-uploaded prediction buffer
            Matches viaBuffer = MatchTestData.matchWithinUploaded(cuda, matcher, q, t, px, py, config);
            assertThat(MatchTestData.differences(cpu, viaBuffer, nq)).isEmpty();
            assertThat(viaBuffer.hasCoordinates()).isTrue();
        }
    }

    /** The drop-in DescriptorMatcher: any descriptor length (padded below 32 bytes, CPU above). */
    @ParameterizedTest(name = "{0} bytes")
    @CsvSource({"32", "16", "8", "1", "31", "64"})
    void factoryMatcherEqualsCpuForAnyLength(int bytes) throws Exception {
        Random random = new Random(bytes);
        Descriptors train = RandomDescriptors.uniform(random, 900, bytes);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 1000, Math.max(1, bytes), 0.5);
        for (ConfigMatch config : configs()) {
            Matches[] gc = MatchTestData.cudaAndCpu(FactoryMatcher.cuda(config), FactoryMatcher.cpu(config), query,
                    train);
            assertThat(MatchTestData.differences(gc[1], gc[0], 1000)).as(config.toString()).isEmpty();
            assertThat(gc[0].hasCoordinates()).isEqualTo(gc[0].isEmpty());
        }
    }

    @Test
    void emptySetsGiveNoMatches() {
        Random random = new Random(1);
        Descriptors some = RandomDescriptors.uniform(random, 10, 32), none = new Descriptors(32);
        DeviceMatcherChecks.emptySetsGiveNoMatches(cuda, matcher, some, none, MatchTestData::upload);
    }

    @Test
    void oneTrainDescriptorIsKeptWithoutSecond() {
        Random random = new Random(2);
        Descriptors train = RandomDescriptors.uniform(random, 1, 32);
        Descriptors query = RandomDescriptors.uniform(random, 50, 32);
        for (Path path : availablePaths()) {
            matcher.setPath(path);
            Matches gpu = new Matches(), cpu = new Matches();
            matcher.match(query, train, gpu);
            FactoryMatcher.cpu(new ConfigMatch()).match(query, train, cpu);
            assertThat(gpu.size()).isEqualTo(50);
            assertThat(gpu.secondDistance[0]).isEqualTo(Matches.NO_SECOND);
            assertThat(MatchTestData.differences(cpu, gpu, 50)).isEmpty();
        }
    }

    @Test
    void capacitiesGrowAndResultsStayRight() {
        Random random = new Random(3);
        try (CudaHammingMatcher own = new CudaHammingMatcher(cuda, new ConfigMatch(0.8, true, 256))) {
            for (int n : new int[]{10, 100, 3000, 50, 5000, 1, 4096}) {
                Descriptors train = RandomDescriptors.uniform(random, n + 3, 32);
                Descriptors query = RandomDescriptors.noisyCopies(random, train, n, 30, 0.5);
                Matches gpu = new Matches(), cpu = new Matches();
                own.match(query, train, gpu);
                FactoryMatcher.cpu(own.config()).match(query, train, cpu);
                assertThat(MatchTestData.differences(cpu, gpu, n)).as("n=" + n).isEmpty();
            }
        }
    }

    @Test
    void repeatedCallsAllocateNothing() {
        Random random = new Random(4);
        Descriptors train = RandomDescriptors.uniform(random, 3000, 32);
        Descriptors query = RandomDescriptors.noisyCopies(random, train, 3000, 30, 0.5);
        KeyPoints qk = RandomDescriptors.keyPoints(random, 3000, 640, 480);
        KeyPoints tk = RandomDescriptors.keyPoints(random, 3000, 640, 480);
        ConfigMatch mutual = new ConfigMatch(0.8, true, 256);
        mutual.searchRadius = 40;
        try (CudaHammingMatcher own = new CudaHammingMatcher(cuda, mutual);
             DeviceFeatures q = MatchTestData.upload(cuda, query, qk, 3000);
             DeviceFeatures t = MatchTestData.upload(cuda, train, tk, 3000)) {
            double[] h = {1, 0, 2, 0, 1, -3, 0, 0, 1};
            Matches out = new Matches();
            Runnable all = () -> {
                for (Path path : availablePaths()) {
                    own.setPath(path);
                    own.match(q, t, mutual, out);
                    own.match(query, train, out);
                }
                own.matchWithin(q, h, t, mutual, out);
                own.matchWithin(query, tk.x, tk.y, train, tk, out);
            };
            all.run();  // warm-up: the buffers reach their sizes
            int allocations = cuda.liveAllocations();
            long bytes = cuda.allocatedBytes();
            Matches first = new Matches();
            own.setPath(Path.AUTO);
            own.match(q, t, mutual, first);
            for (int i = 0; i < 50; i++) {
                all.run();
                // smaller sets reuse the same buffers
                q.count = 1000 + i;
                own.match(q, t, mutual, out);
                q.count = 3000;
            }
            assertThat(cuda.liveAllocations()).isEqualTo(allocations);
            assertThat(cuda.allocatedBytes()).isEqualTo(bytes);
            own.setPath(Path.AUTO);
            own.match(q, t, mutual, out);
            assertThat(MatchTestData.differences(first, out, 3000)).isEmpty();
        }
    }

    @Test
    void badArgumentsAreRejectedBeforeAnyKernel() {
        Random random = new Random(6);
        Descriptors d = RandomDescriptors.uniform(random, 10, 32);
        try (DeviceFeatures a = MatchTestData.upload(cuda, d, null, 10);
             DeviceFeatures b = MatchTestData.upload(cuda, d, null, 10)) {
            DeviceMatcherChecks.badArgumentsAreRejected(cuda, matcher, a, b, d, MatchTestData::upload);
            Matches out = new Matches();
            assertThatThrownBy(() -> matcher.match(d, new Descriptors(16), out))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be compared");
            // still usable
            matcher.match(a, b, new ConfigMatch(), out);
            assertThat(out.size()).isEqualTo(10);
        }
    }

    private static List<Path> availablePaths() {
        return matcher.hasTensorCorePath() ? List.of(Path.POPC, Path.TENSOR_CORE) : List.of(Path.POPC);
    }

    private static void assumePath(Path path) {
        org.junit.jupiter.api.Assumptions.assumeTrue(path != Path.TENSOR_CORE || matcher.hasTensorCorePath(),
                "no binary tensor cores on this GPU");
    }
}
