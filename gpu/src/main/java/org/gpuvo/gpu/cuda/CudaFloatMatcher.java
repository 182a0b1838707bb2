package org.gpuvo.gpu.cuda;

import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;

import java.util.Locale;

import org.gpuvo.gpu.cpu.BruteForceFloatMatcher;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.match.ConfigMatch;
import org.gpuvo.gpu.match.FloatDescriptorMatcher;
import org.gpuvo.gpu.match.MatcherInputs;
import org.gpuvo.gpu.match.Matches;

import jcuda.Pointer;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;

/**
 * Brute-force k = 2 matching of float descriptors (SIFT) on the GPU's tensor cores, with the semantics of the FP32
 * CPU reference {@link BruteForceFloatMatcher}: same neighbours, distances, ratio test, distance limit, mutual check
 * and search window. The search runs in two precisions:
 * <ol>
 * <li>{@code float_convert.cu}: both sets' float32 descriptors to half precision (zero-padded to 128 components and
 * to a multiple of 128 rows), with the bias −|x|²/2 of each rounded row;</li>
 * <li>{@code float_tiles.cu}: the dot products of all query x train pairs with {@code mma.sync m16n8k16} (FP16
 * products, FP32 sums), blocks of 64 rows walking tiles of 128 columns, each row keeping its {@value #CANDIDATES}
 * best columns by {@code |t|² − 2 q·t} (the squared distance less |q|²) in registers; with the mutual check a second
 * pass in the same launch keeps each train descriptor's best queries. The distance matrix never reaches global
 * memory;</li>
 * <li>{@code float_rescore.cu}: the exact FP32 squared distances of those candidates (both directions), bit for bit
 * {@link FloatDescriptors#squaredDistance}, the best and second best, the filters; then {@code match_select.cu}'s
 * compaction in query order, and one download of the kept matches.</li>
 * </ol>
 * The result equals the FP32 search unless a query's true nearest or second-nearest train (or, for the mutual
 * check, the best train's true nearest query) is not among the {@value #CANDIDATES} best by the FP16 estimate,
 * which is off by about 1e-4 in squared distance for unit descriptors: three or more others within that of the
 * second best. The GPU test measures it on SIFT-like sets.
 *
 * <p>The device path {@link #match(DeviceFloatFeatures, DeviceFloatFeatures, ConfigMatch, Matches)} reads features
 * that live on the device (a SIFT front end keeps the previous frame's there) and returns the matches with the
 * coordinates of both keypoints; {@code matchWithin} takes predicted positions as a device buffer of {@code float2}
 * or computes them from a homography, as {@link CudaHammingMatcher} does. As a {@link FloatDescriptorMatcher} it
 * uploads host descriptors first; descriptors longer than {@value #MAX_LENGTH} floats are matched by an internal
 * CPU matcher. Four launches on the context's stream, replayed from the second call of the same buffers, sizes and
 * configuration on as one CUDA graph ({@link StreamGraphs}), and one synchronisation (the download's, outside the
 * graph: its size follows the previous call's count); buffers are grown to the largest sets seen and kept. At most
 * {@link #MAX_FEATURES} descriptors per set. Not thread safe.
 */
public final class CudaFloatMatcher extends CudaMatching<FloatDescriptors, DeviceFloatFeatures>
        implements FloatDescriptorMatcher {
    public static final String STAGE = "float-match";
    /** Most descriptors per set. */
    public static final int MAX_FEATURES = MAX_SET;
    /** Longest descriptor matched on the GPU (half-precision rows of 128 components). */
    public static final int MAX_LENGTH = 128;

    static final String MODULE_CONVERT = "float_convert";
    static final String MODULE_TILES = "float_tiles";
    static final String MODULE_RESCORE = "float_rescore";
    static final String MODULE_SELECT = "match_select";
    // launch constants, as #defined in the kernels
    /** FLOAT_CANDIDATES: approximate candidates per row */
    static final int CANDIDATES = 4;
    /** FLOAT_TILE: rows and columns of a block tile; half-precision sets are padded to a multiple */
    static final int TILE = 128;
    /** bytes of a half-precision row (FLOAT_K halves) */
    static final int HALF_ROW_BYTES = 256;
    static final int CONVERT_BLOCK = 256;
    static final int CONVERT_ROWS_PER_BLOCK = CONVERT_BLOCK / 32;
    static final int TILE_THREADS = 128;
    /** TILE_ROWS: rows of a block of the tile kernel (its column tiles are {@link #TILE} wide) */
    static final int TILE_ROWS = 64;
    /**
     * blocks of the tile kernel that its registers allow on a multiprocessor ({@code __launch_bounds__(128, 2)}); the
     * shared memory allows as many on sm_80, sm_87 and sm_90, fewer on others: the plan asks the driver
     */
    static final int TILE_BLOCKS_PER_SM = 2;
    /** TILE_STAGE_BYTES: one pipeline stage of float_tiles (a tile, its biases and positions) */
    static final int TILE_STAGE_BYTES = TILE * HALF_ROW_BYTES + TILE * 4 + TILE * 8;
    static final int RESCORE_QUERIES = 16;
    static final int RESCORE_THREADS = RESCORE_QUERIES * CANDIDATES;
    /** match_compact's block (SELECT_BLOCK): the re-score adds to one kept count per this many queries */
    static final int SELECT_BLOCK = 256;
    static final int MAX_SPLITS = 64;
    /** fewest column tiles per block of the tile kernel: below, loading its rows costs more than its tiles */
    static final int MIN_TILES_PER_BLOCK = 2;

    private static final CUdeviceptr NULL = new CUdeviceptr();
    /** host descriptors: checked as every matcher checks them; those the device does not take go to the CPU */
    private static final HostDescriptors<FloatDescriptors> HOST = new HostDescriptors<>(MatcherInputs::checkDescriptors,
            MatcherInputs::checkWindow, FloatDescriptors::size, d -> d.length <= MAX_LENGTH,
            BruteForceFloatMatcher::new);

    private final CUfunction convert, tiles, rescore, compact;
    private final int tileStages;
    /** tile blocks resident per multiprocessor, as the driver computes it for this device (at most 2) */
    private final int tileBlocksPerSm;
    private final Tuning tuning;

    // device working buffers, grown on demand and kept
    private DeviceBuffer query16, train16, queryBias, trainBias, partial, mutualPartial, result, blockCounts, status;
    /** the compact list's device buffer as the graphs captured it */
    private DeviceBuffer compactListBuffer;
    /** the four launches of a match as one graph per {@link GraphKey}; cleared whenever a working buffer moves */
    private final StreamGraphs graphs;
    // the sizes and plan of the match being enqueued
    private int pendingQueries, pendingTrain, splits, tilesPerSplit, mutualSplits, mutualTilesPerSplit;
    private String lastPlan = "none";


    /**
     * A matcher on a pipeline's context, sharing its stream with the pipeline's other stages.
     *
     * @param config the configuration of the {@link FloatDescriptorMatcher} methods (the device methods take theirs)
     * @throws IllegalArgumentException if {@code config} is null or out of range
     */
    public CudaFloatMatcher(CudaContext cuda, ConfigMatch config) {
        this(cuda, config, false, Tuning.DEFAULT);
    }

    /** A matcher whose launches are planned as {@code tuning} says (tests of the merges and of graph replay). */
    CudaFloatMatcher(CudaContext cuda, ConfigMatch config, Tuning tuning) {
        this(cuda, config, false, tuning);
    }

    private CudaFloatMatcher(CudaContext cuda, ConfigMatch config, boolean ownsContext, Tuning tuning) {
        super(cuda, config, ownsContext, STAGE, "CUDA float matcher", HOST);
        this.tuning = tuning;
        this.convert = cuda.function(MODULE_CONVERT, "float_convert");
        this.rescore = cuda.function(MODULE_RESCORE, "float_rescore");
        this.compact = cuda.function(MODULE_SELECT, "match_compact");
        // two pipeline stages need more than the 48 KB a block gets by default: raise the limit where the device
        // allows it (all of sm_80+), else run the single-stage kernel (sm_75: 64 KB per block at most)
        if (cuda.deviceAttribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
                >= 2 * TILE_STAGE_BYTES) {
            this.tiles = cuda.function(MODULE_TILES, "float_tiles");
            CudaCheck.call(STAGE, "cuFuncSetAttribute", () -> cuFuncSetAttribute(tiles,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 2 * TILE_STAGE_BYTES));
            this.tileStages = 2;
        } else {
            this.tiles = cuda.function(MODULE_TILES, "float_tiles_single");
            this.tileStages = 1;
        }
        int[] resident = new int[1];
        CudaCheck.call(STAGE, "cuOccupancyMaxActiveBlocksPerMultiprocessor", () ->
                cuOccupancyMaxActiveBlocksPerMultiprocessor(resident, tiles, TILE_THREADS,
                        (long) tileStages * TILE_STAGE_BYTES));
        this.tileBlocksPerSm = Math.max(1, resident[0]);
        this.graphs = new StreamGraphs(cuda, STAGE);
        if (tuning.graphs() != null)
            graphs.setEnabled(tuning.graphs());
    }

    /**
     * A matcher with a CUDA context of its own on device 0, closed with the matcher.
     *
     * @throws IllegalArgumentException if {@code config} is null or out of range
     * @throws IllegalStateException    if the CUDA backend is unavailable (with {@link CudaProbe}'s reason)
     */
    public static CudaFloatMatcher open(ConfigMatch config) {
        checkOpenConfig(config);
        return CudaContext.openOwned("float-matcher", "CUDA float matcher",
                context -> new CudaFloatMatcher(context, config, true, Tuning.DEFAULT));
    }

    /** Pipeline stages of the tile kernel on this device: 2 (cp.async double buffering) or 1. */
    public int tileStages() {
        return tileStages;
    }

    /** Blocks of the tile kernel resident per multiprocessor on this device, for which the grid is planned. */
    public int tileBlocksPerMultiprocessor() {
        return tileBlocksPerSm;
    }

    /** The kernels and launch configuration of the last match, in words (for benchmarks and logs). */
    public String lastPlan() {
        return lastPlan;
    }

    /** Graphs captured so far (tests). */
    int graphCaptures() {
        return graphs.captures();
    }

    /**
     * How the launches are planned, for tests and timing; the factories' matchers take {@link #DEFAULT}.
     *
     * @param splits the number of column splits of both passes, 0: planned from the sizes
     * @param graphs whether whole matches are replayed as CUDA graphs; null: as the system property
     *               {@code gpuvo.cudaGraphs} says (on unless it is {@code false})
     */
    record Tuning(int splits, Boolean graphs) {
        static final Tuning DEFAULT = new Tuning(0, null);

        Tuning {
            if (splits < 0 || splits > MAX_SPLITS)
                throw new IllegalArgumentException("splits must be in [0, " + MAX_SPLITS + "]: " + splits);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // device API

    /**
     * Besides {@link CudaMatching}'s checks: descriptors of one length, at most {@link #MAX_LENGTH} floats.
     *
     * @throws IllegalArgumentException also if (found on the device, {@code out} then empty) a descriptor has a
     *                                  component that is not finite or above
     *                                  {@link FloatDescriptorMatcher#MAX_COMPONENT} in magnitude
     */
    @Override
    void checkCompatible(DeviceFloatFeatures query, DeviceFloatFeatures train) {
        if (query.length != train.length)
            throw new IllegalArgumentException("query descriptors have " + query.length + " floats, train descriptors "
                    + train.length + ": they cannot be compared");
        if (query.length > MAX_LENGTH)
            throw new IllegalArgumentException("descriptors of " + query.length + " floats: the CUDA float matcher "
                    + "takes at most " + MAX_LENGTH + " on the device");
    }

    // ------------------------------------------------------------------------------------------------------
    // the kernels, stage by stage (the timing harness brackets each with events)

    /**
     * Key of a captured match: everything its launch arguments depend on besides the matcher's working buffers
     * (whose growth clears the graphs). Features and the window buffer by identity: their buffers are final, and a
     * grown window buffer is a new object; the counts by value, as they are the features' mutable fields.
     */
    private record GraphKey(DeviceFloatFeatures query, int nq, DeviceFloatFeatures train, int nt, DeviceBuffer window,
                            double ratio, boolean mutual, int maxDistance, double searchRadius, boolean coordinates,
                            int forcedSplits) {
    }

    /**
     * Enqueues all stages, no download: from the second call with the same key on, as one CUDA graph. {@code window}
     * is null or the predicted positions. Both counts must be positive. (The timing harness launches the stages one
     * by one instead, with events between them.)
     */
    @Override
    void enqueueKernels(DeviceFloatFeatures query, DeviceFloatFeatures train, DeviceBuffer window, ConfigMatch config,
                        boolean coordinates) {
        plan(query.count, train.count, config.mutual);
        // the download reads what prepare() records, so it runs on every call, replayed or not
        DeviceBuffer list = compactList.prepare(query.count, coordinates);
        if (list != compactListBuffer) {
            graphs.clear();
            compactListBuffer = list;
        }
        GraphKey key = new GraphKey(query, query.count, train, train.count, window, config.ratio, config.mutual,
                config.maxDistance, window == null ? 0 : config.searchRadius, coordinates, tuning.splits());
        if (!graphs.run(key, () -> enqueueStages(query, train, window, config, coordinates)))
            enqueueStages(query, train, window, config, coordinates);
    }

    private void enqueueStages(DeviceFloatFeatures query, DeviceFloatFeatures train, DeviceBuffer window,
                               ConfigMatch config, boolean coordinates) {
        enqueueConvert(query, train);
        enqueueTiles(query, train, window, config);
        enqueueRescore(query, train, config, coordinates);
    }

    /** Sizes the buffers and plans the tile grid for these sizes; the three stages then follow in order. */
    void plan(int nq, int nt, boolean mutual) {
        pendingQueries = nq;
        pendingTrain = nt;
        int rowTiles = ceilDiv(nq, TILE), colTiles = ceilDiv(nt, TILE);
        // a block's share: its TILE_ROWS rows against column tiles of TILE columns
        long blockTiles = (long) ceilDiv(nq, TILE_ROWS) * colTiles
                + (mutual ? (long) ceilDiv(nt, TILE_ROWS) * rowTiles : 0);
        int perBlock = tilesPerBlock(blockTiles, tileBlocksPerSm * cuda.multiprocessorCount());
        int[] p = planSplits(colTiles, perBlock, tuning.splits());
        splits = p[0];
        tilesPerSplit = p[1];
        if (mutual) {
            int[] m = planSplits(rowTiles, perBlock, tuning.splits());
            mutualSplits = m[0];
            mutualTilesPerSplit = m[1];
        } else {
            mutualSplits = mutualTilesPerSplit = 0;
        }
        int nqPad = rowTiles * TILE, ntPad = colTiles * TILE;
        query16 = grow(query16, (long) nqPad * HALF_ROW_BYTES);
        train16 = grow(train16, (long) ntPad * HALF_ROW_BYTES);
        queryBias = grow(queryBias, (long) nqPad * 4);
        trainBias = grow(trainBias, (long) ntPad * 4);
        partial = grow(partial, (long) splits * nq * CANDIDATES * 8);
        if (mutual)
            mutualPartial = grow(mutualPartial, (long) mutualSplits * nt * CANDIDATES * 8);
        int selectBlocks = ceilDiv(nq, SELECT_BLOCK);
        result = grow(result, (long) nq * 16);
        blockCounts = grow(blockCounts, (long) selectBlocks * 4);
        DeviceBuffer oldStatus = status;
        status = WorkingBuffers.growFilled(cuda, STAGE, status, 4, (byte) 0);  // zero between calls: float_rescore
        if (status != oldStatus)
            graphs.clear();
        lastPlan = String.format(Locale.ROOT, "float_convert %d blocks; float_tiles (%d stage%s, %d per SM) %d blocks "
                        + "of %d: %d x %d tiles in %d split(s) of %d%s; float_rescore %d blocks of %d; "
                        + "match_compact %d blocks",
                ceilDiv(nqPad + ntPad, CONVERT_ROWS_PER_BLOCK), tileStages, tileStages == 1 ? "" : "s",
                tileBlocksPerSm, tileBlocks(), TILE_THREADS, rowTiles, colTiles, splits, tilesPerSplit,
                mutual ? String.format(Locale.ROOT, " + mutual %d x %d tiles in %d split(s) of %d", colTiles,
                        rowTiles, mutualSplits, mutualTilesPerSplit) : "",
                ceilDiv(nq, RESCORE_QUERIES), RESCORE_THREADS, selectBlocks);
    }

    private int tileBlocks() {
        return ceilDiv(pendingQueries, TILE_ROWS) * splits + ceilDiv(pendingTrain, TILE_ROWS) * mutualSplits;
    }

    /** Stage 1: {@code float_convert}, both sets in one launch. */
    void enqueueConvert(DeviceFloatFeatures query, DeviceFloatFeatures train) {
        int nq = pendingQueries, nt = pendingTrain;
        int nqPad = ceilDiv(nq, TILE) * TILE, ntPad = ceilDiv(nt, TILE) * TILE;
        cuda.launch(STAGE, convert, (nqPad + ntPad) / CONVERT_ROWS_PER_BLOCK, 1, CONVERT_BLOCK, 1, 0, Pointer.to(
                Pointer.to(query.descriptors.pointer()), Pointer.to(new int[]{nq}), Pointer.to(new int[]{nqPad}),
                Pointer.to(train.descriptors.pointer()), Pointer.to(new int[]{nt}), Pointer.to(new int[]{ntPad}),
                Pointer.to(new int[]{query.length}), Pointer.to(query16.pointer()), Pointer.to(queryBias.pointer()),
                Pointer.to(train16.pointer()), Pointer.to(trainBias.pointer()), Pointer.to(status.pointer()),
                Pointer.to(blockCounts.pointer()), Pointer.to(new int[]{ceilDiv(nq, SELECT_BLOCK)})));
    }

    /** Stage 2: {@code float_tiles}, the query pass and (mutual) the train pass in one launch. */
    void enqueueTiles(DeviceFloatFeatures query, DeviceFloatFeatures train, DeviceBuffer window, ConfigMatch config) {
        CUdeviceptr queryPredicted = window == null ? NULL : window.pointer();
        CUdeviceptr trainXy = window == null ? NULL : train.positions.pointer();
        CUdeviceptr mutualPointer = mutualSplits > 0 ? mutualPartial.pointer() : NULL;
        cuda.launch(STAGE, tiles, tileBlocks(), 1, TILE_THREADS, 1, tileStages * TILE_STAGE_BYTES, Pointer.to(
                Pointer.to(query16.pointer()), Pointer.to(queryBias.pointer()), Pointer.to(new int[]{pendingQueries}),
                Pointer.to(train16.pointer()), Pointer.to(trainBias.pointer()), Pointer.to(new int[]{pendingTrain}),
                Pointer.to(new int[]{splits}), Pointer.to(new int[]{tilesPerSplit}),
                Pointer.to(new int[]{mutualTilesPerSplit}), Pointer.to(queryPredicted), Pointer.to(trainXy),
                Pointer.to(new int[]{window == null ? 0 : 1}),
                Pointer.to(new double[]{config.searchRadius * config.searchRadius}),
                Pointer.to(partial.pointer()), Pointer.to(mutualPointer)));
    }

    /** Stage 3: {@code float_rescore} and {@code match_compact}. */
    void enqueueRescore(DeviceFloatFeatures query, DeviceFloatFeatures train, ConfigMatch config,
                        boolean coordinates) {
        int nq = pendingQueries, nt = pendingTrain;
        CUdeviceptr mutualPointer = mutualSplits > 0 ? mutualPartial.pointer() : NULL;
        DeviceBuffer out = compactList.prepare(nq, coordinates);
        cuda.launch(STAGE, rescore, ceilDiv(nq, RESCORE_QUERIES), 1, RESCORE_THREADS, 1, 0, Pointer.to(
                Pointer.to(query.descriptors.pointer()), Pointer.to(train.descriptors.pointer()),
                Pointer.to(new int[]{query.length}), Pointer.to(new int[]{nq}), Pointer.to(new int[]{nt}),
                Pointer.to(partial.pointer()), Pointer.to(new int[]{splits}), Pointer.to(mutualPointer),
                Pointer.to(new int[]{mutualSplits}), Pointer.to(new double[]{config.ratio}),
                Pointer.to(new int[]{config.maxDistance}), Pointer.to(result.pointer()),
                Pointer.to(blockCounts.pointer()), Pointer.to(status.pointer()), Pointer.to(out.pointer())));
        cuda.launch(STAGE, compact, ceilDiv(nq, SELECT_BLOCK), 1, SELECT_BLOCK, 1, 0, Pointer.to(
                Pointer.to(result.pointer()), Pointer.to(blockCounts.pointer()), Pointer.to(new int[]{nq}),
                Pointer.to(coordinates ? query.positions.pointer() : NULL),
                Pointer.to(coordinates ? train.positions.pointer() : NULL),
                Pointer.to(new int[]{coordinates ? 1 : 0}), Pointer.to(out.pointer())));
    }

    /**
     * Downloads the kept matches of the last enqueue into {@code out} (waits for the kernels).
     *
     * @throws IllegalArgumentException if the device found descriptors with components out of range ({@code out}
     *                                  is then empty)
     */
    @Override
    void download(Matches out) {
        int rejected = compactList.download(out);
        if (rejected != 0) {
            out.reset();
            throw new IllegalArgumentException(rejected + " descriptor(s) have a component that is not finite or "
                    + "larger than " + MAX_COMPONENT + " in magnitude");
        }
    }

    /**
     * Column tiles per block so that the tile launch is about one wave of {@code blocks} blocks ({@link
     * #TILE_BLOCKS_PER_SM} per multiprocessor), for {@code totalTiles} block tiles ({@link #TILE_ROWS} rows x
     * {@link #TILE} columns).
     */
    static int tilesPerBlock(long totalTiles, int blocks) {
        return (int) Math.max(MIN_TILES_PER_BLOCK, (totalTiles + blocks - 1) / Math.max(1, blocks));
    }

    /**
     * {splits, tiles per split} of a pass over {@code colTiles} column tiles for about {@code tilesPerBlock} tiles
     * per block, evened out so that no split is empty; {@code forced} > 0 asks for that many splits (tests).
     */
    static int[] planSplits(int colTiles, int tilesPerBlock, int forced) {
        int wanted = forced > 0 ? forced : ceilDiv(colTiles, Math.max(1, tilesPerBlock));
        int splits = Math.max(1, Math.min(Math.min(MAX_SPLITS, colTiles), wanted));
        int perSplit = ceilDiv(colTiles, splits);
        return new int[]{ceilDiv(colTiles, perSplit), perSplit};
    }

    // ------------------------------------------------------------------------------------------------------
    // FloatDescriptorMatcher: host descriptors

    @Override
    DeviceFloatFeatures upload(FloatDescriptors d, DeviceFloatFeatures features, boolean isQuery) {
        int n = d.size(), length = d.length;
        if (features == null || features.capacity < n || features.length != length) {
            int capacity = features == null || features.length != length ? n
                    : Math.max(n, features.capacity + features.capacity / 2);
            if (features != null)
                features.close();
            features = new DeviceFloatFeatures(cuda, STAGE, capacity, length);
        }
        long floats = (long) n * length;
        PinnedBuffer stage = staging(isQuery, floats * 4);
        stage.putFloats(0, d.data, 0, (int) floats);
        features.descriptors.uploadAsync(stage, floats * 4);
        features.count = n;
        return features;
    }

    // ------------------------------------------------------------------------------------------------------

    /** A working buffer of at least {@code bytes}; a new one invalidates the graphs, which captured the old one. */
    private DeviceBuffer grow(DeviceBuffer buffer, long bytes) {
        DeviceBuffer grown = WorkingBuffers.grow(cuda, STAGE, buffer, bytes);
        if (grown != buffer)
            graphs.clear();
        return grown;
    }

    static int ceilDiv(int a, int b) {
        return (int) (((long) a + b - 1) / b);
    }

    @Override
    void closeGraphs() {
        graphs.close();
    }

    @Override
    AutoCloseable[] workingBuffers() {
        return new AutoCloseable[]{query16, train16, queryBias, trainBias, partial, mutualPartial, result,
                blockCounts, status};
    }
}
