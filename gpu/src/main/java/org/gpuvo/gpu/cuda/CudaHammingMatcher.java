package org.gpuvo.gpu.cuda;

import org.gpuvo.gpu.cpu.BruteForceHammingMatcher;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.DescriptorMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

import jcuda.Pointer;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;

/**
 * Brute-force Hamming matching of ORB descriptors on the GPU, with exactly the semantics of the CPU reference
 * {@link BruteForceHammingMatcher} (k = 2 nearest neighbours, lower train index first on equal distances;
 * Lowe's ratio test; distance limit; mutual check; optional search window): the same kept pairs, distances and
 * second distances.
 *
 * <p>The device path {@link #match(DeviceFeatures, DeviceFeatures, ConfigMatch, Matches)} reads features that
 * already live on the device (the previous frame's stay there) and downloads only the compact list of kept
 * matches with the coordinates of both keypoints: one copy of {@code 16 + 32·kept} bytes through pinned memory
 * (sized from the previous call's count; a second copy only when more matches than expected were kept).
 * The work is a few kernels on the context's stream:
 * <ol>
 * <li>k = 2 search: on sm_80+ the binary tensor cores ({@code hamming_b1.cu}, {@code mma.m16n8k256 .and.popc}
 * with fragments read straight from the descriptor arrays); otherwise, or in window mode, XOR + popc
 * ({@code hamming_knn.cu}). The train set is split over grid rows so that small sets still fill the GPU; each
 * split writes a best-two per query that the next step merges exactly;</li>
 * <li>mutual check (if configured): the same search with the two sets' roles swapped, giving each train
 * descriptor's nearest query;</li>
 * <li>{@code match_select.cu}: merge, filters, and compaction in query order (deterministic): one launch up to
 * {@value #SMALL_SELECT_MAX} queries, two above.</li>
 * </ol>
 * Small sets on the tensor-core path ({@value #FUSED_MAX_QUERIES} queries or fewer and at most
 * {@value #FUSED_MAX_PAIRS} pairs) run all of it, mutual pass included, in ONE launch ({@code match_fused.cu}:
 * 16 queries per warp, splits merged in place by atomics, the last block to finish decides and compacts),
 * since there the launches and the partly filled GPU, not the arithmetic, set the time.
 * Both search paths produce identical results (the tests check it); {@link #setPath} forces one.
 *
 * <p>Search window: {@link #matchWithin(DeviceFeatures, DeviceBuffer, DeviceFeatures, ConfigMatch, Matches)}
 * takes a device buffer of {@code float2} predicted positions, one per query, in train-image pixels (uploaded by
 * the caller); {@link #matchWithin(DeviceFeatures, double[], DeviceFeatures, ConfigMatch, Matches)} computes them
 * on the device from the query keypoints and a 3×3 homography (row-major; an affine transform has last row
 * 0 0 1), bit-identical to {@code (float) ((h0·x + h1·y + h2) / (h6·x + h7·y + h8))} in Java doubles. Train
 * keypoints within {@link ConfigMatch#searchRadius} (inclusive) of a query's prediction are its candidates; a
 * non-finite prediction has none. Window mode runs the popc path over all pairs with the window test in front.
 *
 * <p>As a {@link DescriptorMatcher} it uploads host descriptors (and keypoints) into internal device features
 * first, so it is a drop-in for the CPU matcher ({@link org.gpuvo.gpu.match.FactoryMatcher#cuda}). Descriptors
 * shorter than 32 bytes are zero-padded (padding adds nothing to a distance); longer ones are matched by an
 * internal CPU matcher.
 *
 * <p>Buffers are sized for the largest sets seen and kept: matching frame after frame allocates nothing.
 * Limits: at most {@link #MAX_FEATURES} descriptors per set (a match key holds the index in 22 bits). Not thread
 * safe: one matcher per pipeline, used from one thread at a time.
 */
public final class CudaHammingMatcher extends CudaMatching<Descriptors, DeviceFeatures> implements DescriptorMatcher {
    public static final String STAGE = "match";
    /** Most descriptors per set: indices are 22-bit fields of the kernels' match keys. */
    public static final int MAX_FEATURES = MAX_SET;

    /** Which k = 2 search kernel runs. */
    public enum Path {
        /** tensor cores where the GPU has them (sm_80+) and outside window mode, else popc */
        AUTO,
        /** XOR + popc ({@code hamming_knn_popc}), any GPU */
        POPC,
        /** binary tensor cores ({@code hamming_knn_b1}), sm_80+; window mode still uses popc */
        TENSOR_CORE
    }

    static final String MODULE_POPC = "hamming_knn";
    static final String MODULE_B1 = "hamming_b1";
    static final String MODULE_SELECT = "match_select";
    static final String MODULE_FUSED = "match_fused";
    // launch constants, as #defined in the kernels
    static final int POPC_BLOCK = 128;
    static final int POPC_TILE = 128;
    static final int B1_BLOCK = 128;
    static final int B1_QUERIES_PER_BLOCK = 256;
    static final int SELECT_BLOCK = 256;
    static final int SMALL_BLOCK = 1024;
    /** most queries for the single-launch selection (one block walking them 1024 at a time) */
    static final int SMALL_SELECT_MAX = 8192;
    static final int MAX_SPLITS = 64;
    /** resident blocks per multiprocessor the split planner aims for (both search kernels use <= 64 registers) */
    static final int BLOCKS_PER_SM = 8;
    /** threads per block of match_fused_b1 (8 warps) and query rows per block (one m16 tile per warp) */
    static final int FUSED_BLOCK = 256;
    static final int FUSED_ROWS_PER_BLOCK = 128;
    /** most queries of the one-launch path: its last block decides at most 32 consecutive queries per thread */
    static final int FUSED_MAX_QUERIES = 32 * FUSED_BLOCK;
    /**
     * Most query x train pairs for which AUTO takes the one-launch path (8192^2): up to there the sets are
     * small enough that latency dominates; above, the 64-queries-per-warp kernel reuses each train tile 4 times.
     */
    static final long FUSED_MAX_PAIRS = 1L << 26;
    /**
     * Blocks per multiprocessor the one-launch grid aims for (both passes together). match_fused_b1 uses 40
     * registers per thread, so 6 blocks of 256 threads fit on an SM: 4 is one wave with room to spare, and
     * enough warps (32 per SM) to hide the load and mma latencies of the short train loops.
     */
    static final int FUSED_BLOCKS_PER_SM = 4;
    /** fewest 8-column train tiles per split of the one-launch path (a split shorter than this is all overhead) */
    static final int FUSED_MIN_TILES = 4;

    private static final CUdeviceptr NULL = new CUdeviceptr();
    /** host descriptors: checked as every matcher checks them; those the device does not take go to the CPU */
    private static final HostDescriptors<Descriptors> HOST = new HostDescriptors<>(MatcherInputs::checkDescriptors,
            MatcherInputs::checkWindow, Descriptors::size,
            d -> d.bytesPerDescriptor <= DeviceFeatures.DESCRIPTOR_BYTES, BruteForceHammingMatcher::new);

    private final boolean tensorCores;
    private final CUfunction knnPopc, knnB1, decide, compact, selectSmall, fusedB1;
    private Path path = Path.AUTO;
    private final Tuning tuning;

    // device working buffers, grown on demand and kept
    private DeviceBuffer partial, mutualPartial, result, blockCounts;
    // one-launch path: per-query best-two slots, per-train nearest-query slots (all KEY_NONE between calls) and
    // the last-block counter (0 between calls); the kernel restores them itself
    private DeviceBuffer fusedSlots, fusedMutualSlots, fusedCounter;
    private DeviceBuffer compactOut;
    private Path lastPath = Path.POPC;
    private boolean lastFused;
    private String lastPlan = "none";

    // host-descriptor path: descriptors shorter than the device's are zero-padded
    private byte[] padded = new byte[0];

    /**
     * A matcher on a pipeline's context, sharing its stream with the pipeline's other stages.
     *
     * @param config the configuration of the {@link DescriptorMatcher} methods (the device methods take theirs)
     * @throws IllegalArgumentException if {@code config} is null or out of range
     */
    public CudaHammingMatcher(CudaContext cuda, ConfigMatch config) {
        this(cuda, config, false, Tuning.DEFAULT);
    }

    /** A matcher whose launches are planned as {@code tuning} says (tests of the merges and of both paths). */
    CudaHammingMatcher(CudaContext cuda, ConfigMatch config, Tuning tuning) {
        this(cuda, config, false, tuning);
    }

    private CudaHammingMatcher(CudaContext cuda, ConfigMatch config, boolean ownsContext, Tuning tuning) {
        super(cuda, config, ownsContext, STAGE, "CUDA matcher", HOST);
        this.tuning = tuning;
        this.knnPopc = cuda.function(MODULE_POPC, "hamming_knn_popc");
        this.knnB1 = cuda.function(MODULE_B1, "hamming_knn_b1");
        this.decide = cuda.function(MODULE_SELECT, "match_decide");
        this.compact = cuda.function(MODULE_SELECT, "match_compact");
        this.selectSmall = cuda.function(MODULE_SELECT, "match_select_small");
        this.fusedB1 = cuda.function(MODULE_FUSED, "match_fused_b1");
        this.tensorCores = cuda.deviceAttribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR) >= 8;
    }

    /**
     * A matcher with a CUDA context of its own on device 0, closed with the matcher.
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     * @throws IllegalStateException    if the CUDA backend is unavailable (with {@link CudaProbe}'s reason)
     */
    public static CudaHammingMatcher open(ConfigMatch config) {
        checkOpenConfig(config);
        return CudaContext.openOwned("matcher", "CUDA matcher", context -> new CudaHammingMatcher(context, config, true, Tuning.DEFAULT));
    }

    /** Whether this GPU has the binary tensor-core instruction the fast path needs (sm_80+). */
    public boolean hasTensorCorePath() {
        return tensorCores;
    }

    /**
     * Chooses the search kernel.
     *
     * @throws IllegalStateException if {@code TENSOR_CORE} is asked for on a GPU below sm_80
     */
    public void setPath(Path path) {
        if (path == null)
            throw new IllegalArgumentException("path is null");
        if (path == Path.TENSOR_CORE && !tensorCores)
            throw new IllegalStateException("the binary tensor-core path needs compute capability 8.0 or newer");
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** The search kernel the last match ran (POPC or TENSOR_CORE). */
    public Path lastPath() {
        return lastPath;
    }

    /** Whether the last match ran the one-launch path ({@code match_fused.cu}). */
    public boolean lastFused() {
        return lastFused;
    }

    /** The kernels and launch configuration of the last match, in words (for benchmarks and logs). */
    public String lastPlan() {
        return lastPlan;
    }

    /**
     * How the launches are planned, for tests and timing; the factories' matchers take {@link #DEFAULT}.
     *
     * @param splits the number of train splits, 0: planned from the sizes
     * @param fused  the one-launch path: null, by the size heuristic; true, wherever it can run (tensor-core path,
     *               no window, at most {@value #FUSED_MAX_QUERIES} queries); false, never
     */
    record Tuning(int splits, Boolean fused) {
        static final Tuning DEFAULT = new Tuning(0, null);

        Tuning {
            if (splits < 0 || splits > MAX_SPLITS)
                throw new IllegalArgumentException("splits must be in [0, " + MAX_SPLITS + "]: " + splits);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // device API

    /**
     * Prediction of {@link #matchWithin(DeviceFeatures, double[], DeviceFeatures, ConfigMatch, Matches)} for
     * one point, as the device computes it.
     */
    public static float[] predict(double[] h, float x, float y) {
        return WindowPositions.predict(h, x, y);
    }

    // ------------------------------------------------------------------------------------------------------
    // the kernels

    /**
     * Enqueues the search, the mutual pass and the selection on the stream, no download (the timing harness
     * brackets this with events). {@code window} is null or the predicted positions. Both counts must be > 0.
     */
    @Override
    void enqueueKernels(DeviceFeatures query, DeviceFeatures train, DeviceBuffer window, ConfigMatch config,
                        boolean coordinates) {
        int nq = query.count, nt = train.count;
        int sms = cuda.multiprocessorCount();
        Path run = window != null || path == Path.POPC || (path == Path.AUTO && !tensorCores) ? Path.POPC
                : Path.TENSOR_CORE;
        double radius2 = config.searchRadius * config.searchRadius;
        CUdeviceptr queryXy = coordinates ? query.positions.pointer() : NULL;
        CUdeviceptr trainXy = coordinates ? train.positions.pointer() : NULL;
        compactOut = compactList.prepare(nq, coordinates);
        lastPath = run;
        lastFused = run == Path.TENSOR_CORE && window == null && useFused(nq, nt);
        if (lastFused) {
            enqueueFused(query, train, config, queryXy, trainXy, coordinates, sms);
            return;
        }

        int splits = search(run, query, train, nq, nt, window, false, radius2, sms);
        int mutualSplits = config.mutual ? search(run, train, query, nt, nq, window, true, radius2, sms) : 0;

        CUdeviceptr mutualPointer = mutualSplits > 0 ? mutualPartial.pointer() : NULL;
        if (nq <= SMALL_SELECT_MAX) {
            cuda.launch(STAGE, selectSmall, 1, 1, SMALL_BLOCK, 1, 0, Pointer.to(
                    Pointer.to(partial.pointer()), Pointer.to(new int[]{splits}), Pointer.to(new int[]{nq}),
                    Pointer.to(mutualPointer), Pointer.to(new int[]{mutualSplits}), Pointer.to(new int[]{nt}),
                    Pointer.to(new double[]{config.ratio}), Pointer.to(new int[]{config.maxDistance}),
                    Pointer.to(queryXy), Pointer.to(trainXy), Pointer.to(new int[]{coordinates ? 1 : 0}),
                    Pointer.to(compactOut.pointer())));
        } else {
            int blocks = ceilDiv(nq, SELECT_BLOCK);
            result = grow(result, (long) nq * 16);
            blockCounts = grow(blockCounts, (long) blocks * 4);
            cuda.launch(STAGE, decide, blocks, 1, SELECT_BLOCK, 1, 0, Pointer.to(
                    Pointer.to(partial.pointer()), Pointer.to(new int[]{splits}), Pointer.to(new int[]{nq}),
                    Pointer.to(mutualPointer), Pointer.to(new int[]{mutualSplits}), Pointer.to(new int[]{nt}),
                    Pointer.to(new double[]{config.ratio}), Pointer.to(new int[]{config.maxDistance}),
                    Pointer.to(result.pointer()), Pointer.to(blockCounts.pointer())));
            cuda.launch(STAGE, compact, blocks, 1, SELECT_BLOCK, 1, 0, Pointer.to(
                    Pointer.to(result.pointer()), Pointer.to(blockCounts.pointer()), Pointer.to(new int[]{nq}),
                    Pointer.to(queryXy), Pointer.to(trainXy), Pointer.to(new int[]{coordinates ? 1 : 0}),
                    Pointer.to(compactOut.pointer())));
        }
        lastPlan = String.format(java.util.Locale.ROOT, "%s two-stage: %s, %d train split(s)%s, then %s", run,
                run == Path.TENSOR_CORE ? "hamming_knn_b1 (64 queries/warp, 256/block of 128 threads)"
                        : "hamming_knn_popc (1 query/thread, 128/block)",
                splits, mutualSplits > 0 ? " + mutual pass (" + mutualSplits + ")" : "",
                nq <= SMALL_SELECT_MAX ? "match_select_small (1 block)" : "match_decide + match_compact");
    }

    /** Whether the one-launch path runs for these sizes (tensor-core path, no window, decided by the caller). */
    boolean useFused(int nq, int nt) {
        if (nq > FUSED_MAX_QUERIES || Boolean.FALSE.equals(tuning.fused()))
            return false;
        return Boolean.TRUE.equals(tuning.fused()) || (long) nq * nt <= FUSED_MAX_PAIRS;
    }

    /**
     * The one-launch path: {@code match_fused_b1}, a 1-D grid of the query pass's blocks followed by the mutual
     * pass's (see the kernel's launch comment), sized by {@link #planFused}.
     */
    private void enqueueFused(DeviceFeatures query, DeviceFeatures train, ConfigMatch config, CUdeviceptr queryXy,
                              CUdeviceptr trainXy, boolean coordinates, int sms) {
        int nq = query.count, nt = train.count;
        int target = FUSED_BLOCKS_PER_SM * sms / (config.mutual ? 2 : 1);
        int[] q = planFused(nq, nt, target, tuning.splits());
        int[] m = config.mutual ? planFused(nt, nq, target, tuning.splits()) : new int[]{0, 0};
        int blocks = ceilDiv(nq, FUSED_ROWS_PER_BLOCK) * q[0] + (config.mutual ? ceilDiv(nt, FUSED_ROWS_PER_BLOCK) * m[0] : 0);
        fusedSlots = growFilled(fusedSlots, (long) nq * 8, (byte) 0xFF);
        fusedMutualSlots = growFilled(fusedMutualSlots, (long) nt * 4, (byte) 0xFF);
        fusedCounter = growFilled(fusedCounter, 4, (byte) 0);
        cuda.launch(STAGE, fusedB1, blocks, 1, FUSED_BLOCK, 1, 0, Pointer.to(
                Pointer.to(query.descriptors.pointer()), Pointer.to(new int[]{nq}),
                Pointer.to(train.descriptors.pointer()), Pointer.to(new int[]{nt}),
                Pointer.to(new int[]{q[0]}), Pointer.to(new int[]{q[1]}),
                Pointer.to(new int[]{m[0]}), Pointer.to(new int[]{m[1]}),
                Pointer.to(new double[]{config.ratio}), Pointer.to(new int[]{config.maxDistance}),
                Pointer.to(queryXy), Pointer.to(trainXy), Pointer.to(new int[]{coordinates ? 1 : 0}),
                Pointer.to(fusedSlots.pointer()), Pointer.to(fusedMutualSlots.pointer()),
                Pointer.to(fusedCounter.pointer()), Pointer.to(compactOut.pointer())));
        lastPlan = String.format(java.util.Locale.ROOT, "TENSOR_CORE fused: 1 launch of match_fused_b1, %d blocks of %d"
                        + " threads (16 queries/warp): %d query row blocks x %d train splits of %d tiles%s",
                blocks, FUSED_BLOCK, ceilDiv(nq, FUSED_ROWS_PER_BLOCK), q[0], q[1],
                config.mutual ? String.format(java.util.Locale.ROOT, " + mutual %d x %d of %d",
                        ceilDiv(nt, FUSED_ROWS_PER_BLOCK), m[0], m[1]) : "");
    }

    /**
     * Train splits of one pass of the one-launch path, {rows} against {cols}: {splits, 8-column tiles per
     * split}. Splits until the pass has about {@code targetBlocks} blocks of {@value #FUSED_ROWS_PER_BLOCK}
     * rows, each split at least {@value #FUSED_MIN_TILES} tiles; then evened out so that no split is empty.
     * {@code forced} > 0 asks for that many splits (tests).
     */
    static int[] planFused(int rows, int cols, int targetBlocks, int forced) {
        int rowBlocks = ceilDiv(rows, FUSED_ROWS_PER_BLOCK);
        int tiles = ceilDiv(cols, 8);
        int splits = forced > 0 ? Math.min(forced, tiles)
                : clamp(ceilDiv(Math.max(1, targetBlocks), rowBlocks), 1, Math.max(1, tiles / FUSED_MIN_TILES));
        int tilesPerSplit = ceilDiv(tiles, splits);
        return new int[]{ceilDiv(tiles, tilesPerSplit), tilesPerSplit};
    }

    /**
     * One k = 2 search of {@code a} (rows) against {@code b}; {@code swapped} is the mutual pass, whose rows are
     * the real train set and whose output goes to {@link #mutualPartial}. Returns the number of splits.
     */
    private int search(Path run, DeviceFeatures a, DeviceFeatures b, int na, int nb, DeviceBuffer window,
                       boolean swapped, double radius2, int sms) {
        int splits;
        DeviceBuffer out;
        if (run == Path.TENSOR_CORE) {
            int tiles = ceilDiv(nb, 8);
            splits = tuning.splits() > 0 ? tuning.splits() : planSplitsB1(na, nb, sms);
            int tilesPerSplit = ceilDiv(tiles, Math.min(splits, tiles));
            splits = ceilDiv(tiles, tilesPerSplit);
            out = partialFor(swapped, (long) splits * na * 8);
            cuda.launch(STAGE, knnB1, ceilDiv(na, B1_QUERIES_PER_BLOCK), splits, B1_BLOCK, 1, 0, Pointer.to(
                    Pointer.to(a.descriptors.pointer()), Pointer.to(new int[]{na}),
                    Pointer.to(b.descriptors.pointer()), Pointer.to(new int[]{nb}), Pointer.to(new int[]{tilesPerSplit}),
                    Pointer.to(out.pointer())));
        } else {
            splits = tuning.splits() > 0 ? tuning.splits() : planSplitsPopc(na, nb, sms);
            int perSplit = ceilDiv(nb, Math.min(splits, nb));
            splits = ceilDiv(nb, perSplit);
            out = partialFor(swapped, (long) splits * na * 8);
            // window 1: rows carry predictions, columns keypoints; 2 (mutual pass): the other way round
            int mode = window == null ? 0 : swapped ? 2 : 1;
            CUdeviceptr aXy = window == null ? NULL : swapped ? a.positions.pointer() : window.pointer();
            CUdeviceptr bXy = window == null ? NULL : swapped ? window.pointer() : b.positions.pointer();
            cuda.launch(STAGE, knnPopc, ceilDiv(na, POPC_BLOCK), splits, POPC_BLOCK, 1, 0, Pointer.to(
                    Pointer.to(a.descriptors.pointer()), Pointer.to(new int[]{na}),
                    Pointer.to(b.descriptors.pointer()), Pointer.to(new int[]{nb}), Pointer.to(new int[]{perSplit}),
                    Pointer.to(aXy), Pointer.to(bXy), Pointer.to(new int[]{mode}), Pointer.to(new double[]{radius2}),
                    Pointer.to(out.pointer())));
        }
        return splits;
    }

    private DeviceBuffer partialFor(boolean swapped, long bytes) {
        if (swapped)
            return mutualPartial = grow(mutualPartial, bytes);
        return partial = grow(partial, bytes);
    }

    /**
     * Splits of the train set for the popc kernel: enough blocks of {@link #POPC_BLOCK} queries to fill every
     * multiprocessor without a second partial wave, each split at least one staged tile.
     */
    static int planSplitsPopc(int nq, int nt, int multiprocessors) {
        int queryBlocks = ceilDiv(nq, POPC_BLOCK);
        int most = Math.min(MAX_SPLITS, ceilDiv(nt, POPC_TILE));
        return clamp(BLOCKS_PER_SM * multiprocessors / queryBlocks, 1, most);
    }

    /** Splits for the tensor-core kernel: as {@link #planSplitsPopc}, each split at least 8 tiles of 8 columns. */
    static int planSplitsB1(int nq, int nt, int multiprocessors) {
        int queryBlocks = ceilDiv(nq, B1_QUERIES_PER_BLOCK);
        int most = Math.min(MAX_SPLITS, Math.max(1, ceilDiv(nt, 8) / 8));
        return clamp(BLOCKS_PER_SM * multiprocessors / queryBlocks, 1, most);
    }

    /** Downloads the compact result of the last {@link #enqueueKernels} into {@code out} (waits for it). */
    @Override
    void download(Matches out) {
        compactList.download(out);
    }

    // ------------------------------------------------------------------------------------------------------
    // DescriptorMatcher: host descriptors

    @Override
    DeviceFeatures upload(Descriptors d, DeviceFeatures features, boolean isQuery) {
        int n = d.size(), bytes = d.bytesPerDescriptor, row = DeviceFeatures.DESCRIPTOR_BYTES;
        if (features == null || features.capacity < n) {
            int capacity = features == null ? n : Math.max(n, features.capacity + features.capacity / 2);
            if (features != null)
                features.close();
            features = new DeviceFeatures(cuda, STAGE, capacity);
        }
        long total = (long) n * row;
        PinnedBuffer stage = staging(isQuery, (long) features.capacity * row);
        if (bytes == row) {
            stage.put(0, d.data, 0, (int) total);
        } else {
            if (padded.length < total)
                padded = new byte[(int) total];
            java.util.Arrays.fill(padded, 0, (int) total, (byte) 0);
            for (int i = 0; i < n; i++)
                System.arraycopy(d.data, i * bytes, padded, i * row, bytes);
            stage.put(0, padded, 0, (int) total);
        }
        features.descriptors.uploadAsync(stage, total);
        features.count = n;
        return features;
    }

    // ------------------------------------------------------------------------------------------------------

    private DeviceBuffer grow(DeviceBuffer buffer, long bytes) {
        return WorkingBuffers.grow(cuda, STAGE, buffer, bytes);
    }

    private DeviceBuffer growFilled(DeviceBuffer buffer, long bytes, byte value) {
        return WorkingBuffers.growFilled(cuda, STAGE, buffer, bytes, value);
    }

    static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }

    private static int clamp(int v, int lo, int hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    @Override
    AutoCloseable[] workingBuffers() {
        return new AutoCloseable[]{partial, mutualPartial, result, blockCounts, fusedSlots, fusedMutualSlots,
                fusedCounter};
    }
}
