package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.Descriptors;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.OrbExtractor;
import org.gpuvo.gpu.features.OrbFeatures;
import org.gpuvo.gpu.features.OrbLimits;
import org.gpuvo.gpu.image.GrayImage;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;

/**
 * ORB on the GPU, with the same results as the CPU reference {@code CpuOrbExtractor} (and so OpenCV 4's ORB):
 * the same pyramid, FAST corners, preselection, Harris ranking (or grid distribution), orientation, smoothing and
 * steered BRIEF, computed by the kernels of {@code gpu/src/main/cuda/orb_*.cu} with the reference's integer and
 * float arithmetic, and the features in the reference's order (by level, then row-major position).
 *
 * <p>Per frame: one upload (pinned staging buffer, then an asynchronous copy), one memset of the scratch counters,
 * the pyramid (one launch per level), then one launch each for FAST + suppression + Harris, FAST preselection
 * (RETAIN_BEST only), selection, orientation, smoothing and BRIEF, all levels at once; the selection happens on
 * the device, so the host only learns the feature count when it downloads the result. {@link #detect} downloads
 * the counts and, speculatively in the same batch, the first {@code maxFeatures} records and descriptors, then
 * waits once; {@link #detectOnDevice} downloads only the per-level counts and leaves the features on the device
 * for the matcher; {@link #detectOnDevice(DeviceBuffer, int, int)} does the same for a frame the caller already
 * copied to the device (the front end's overlapped upload).
 *
 * <p>CUDA graph: from the memset to BRIEF, a frame's work does not change while the image size and the buffers stay
 * the same, so it is captured once ({@code cuStreamBeginCapture}/{@code cuStreamEndCapture}, on the second frame of
 * a layout) and replayed with one {@code cuGraphLaunch}: one graph per input buffer and output slot (the two
 * alternating {@link DeviceFeatures}), all destroyed whenever the level table or any buffer they name is
 * reallocated. The graph is not used while stage timing is on ({@link #enableStageTiming()}: its events sit between
 * the kernels); {@link #enableFrameTiming()} times the whole detection around the graph instead. If a capture
 * fails, a warning is logged once and the kernels are launched one by one from then on. {@link #useGraphs} and the
 * system property {@code gpuvo.cudaGraphs=false} turn graphs off.
 *
 * <p>Memory: every device and pinned buffer is allocated when the image size first appears (or grows) and reused
 * frame after frame. Two cases grow buffers and run the frame again, once: a frame with more FAST corners than
 * the candidate arrays hold, and more features than the output holds (ties at the selection boundary are all
 * kept, as in the reference).
 *
 * <p>Stage timing ({@link #lastStageMillis()}, in {@link #STAGES} order): "upload" is the host-to-device copy of the
 * frame, "pyramid" includes the memset of the per-frame counters, "select" the FAST preselection and the selection,
 * "download" the device-to-host copies (counts only, for {@link #detectOnDevice}). {@link #detectOnDevice} leaves
 * the features in one of two alternating {@link DeviceFeatures}, closed when the extractor closes or when a frame
 * needs more capacity than they have.
 *
 * <p>Not thread safe; one instance serves one stream of frames. CUDA errors surface as {@link CudaStageException}
 * naming the stage ({@link #STAGES}).
 */
public final class CudaOrbExtractor extends CudaExtraction<DeviceFeatures> implements OrbExtractor {
    public static final String STAGE_UPLOAD = "upload", STAGE_PYRAMID = "pyramid", STAGE_FAST = "fast",
            STAGE_SELECT = "select", STAGE_ORIENTATION = "orientation", STAGE_SMOOTH = "smooth", STAGE_BRIEF = "brief",
            STAGE_DOWNLOAD = "download";
    /** The stages in pipeline order, as {@link #lastStageMillis()} reports them. */
    public static final List<String> STAGES = List.of(STAGE_UPLOAD, STAGE_PYRAMID, STAGE_FAST, STAGE_SELECT,
            STAGE_ORIENTATION, STAGE_SMOOTH, STAGE_BRIEF, STAGE_DOWNLOAD);

    static final int RECORD_WORDS = 5, RECORD_BYTES = 4 * RECORD_WORDS;
    private static final int FAST_THREADS = 256, FILTER_THREADS = 256, SELECT_THREADS = 1024, ORIENT_THREADS = 256,
            SMOOTH_THREADS = 256, BRIEF_THREADS = 256, PYRAMID_BLOCK_X = 32, PYRAMID_BLOCK_Y = 8;

    private final ConfigOrb config;
    private final int[] quota;
    private final CUfunction pyramidLevel, fast, filter, select, orient, smooth, brief;

    private OrbLevelTable table;
    private final int[] candCapRequest = new int[OrbLevelTable.MAX_LEVELS];
    private boolean tableStale = true;
    /** output features the records, the host buffers and the DeviceFeatures hold */
    private int capacity;
    private int describeCapacity;

    private DeviceBuffer pyramid, smoothed, levels, candidates, s1, slots, scratch, gridMemberBuffer,
            gridRankBuffer, records, describeDescriptors;
    private final DeviceFeatures[] features = new DeviceFeatures[2];
    private int current;
    private final CUdeviceptr nullPointer = new CUdeviceptr();

    private final int[] counts = new int[OrbLevelTable.Z_COUNTS];
    private final byte[] countBytes = new byte[4 * OrbLevelTable.Z_COUNTS];
    private byte[] recordBytes = new byte[0];

    /** Opens a CUDA context of its own (device 0), closed with the extractor. */
    public CudaOrbExtractor(ConfigOrb config) {
        this(null, config);
    }

    /**
     * Runs on {@code cuda}'s stream (e.g. shared with the on-device matcher); the context stays open when the
     * extractor closes, and the extractor's buffers are freed.
     */
    public CudaOrbExtractor(CudaContext cuda, ConfigOrb config) {
        this(config.copy().checkValidity(), cuda);
    }

    /** {@code config}: a valid copy, checked before any context opens. */
    private CudaOrbExtractor(ConfigOrb config, CudaContext cuda) {
        super(cuda, "ORB", STAGES, STAGE_PYRAMID, false);
        this.config = config;
        try {
            quota = OrbLimits.featuresPerLevel(config);
            pyramidLevel = this.cuda.function("orb_pyramid", "orb_pyramid_level");
            fast = this.cuda.function("orb_fast", "orb_fast");
            filter = this.cuda.function("orb_select", "orb_filter");
            select = this.cuda.function("orb_select", "orb_select");
            orient = this.cuda.function("orb_orientation", "orb_orient");
            smooth = this.cuda.function("orb_smooth", "orb_smooth");
            brief = this.cuda.function("orb_brief", "orb_brief");
            tableHost = this.cuda.pinnedBuffer(STAGE_UPLOAD, (long) OrbLevelTable.MAX_LEVELS * OrbLevelTable.RECORD_BYTES);
            levels = this.cuda.deviceBuffer(STAGE_UPLOAD, (long) OrbLevelTable.MAX_LEVELS * OrbLevelTable.RECORD_BYTES);
            countsHost = this.cuda.pinnedBuffer(STAGE_DOWNLOAD, countBytes.length);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void detect(GrayImage image, OrbFeatures out) {
        OrbLimits.checkImage(image);
        if (out.descriptors.bytesPerDescriptor != Descriptors.ORB_BYTES)
            throw new IllegalArgumentException("ORB descriptors are " + Descriptors.ORB_BYTES + " bytes, the output holds "
                    + out.descriptors.bytesPerDescriptor);
        checkOpen();
        KeyPoints kp = out.keyPoints;
        kp.clear();
        prepare(image.width, image.height);
        if (table.detectCount == 0) {
            out.descriptors.resize(0);
            return;
        }
        checkNotPending();
        upload(image);
        frameInput = input;
        int speculative;
        DeviceFeatures df;
        int total;
        do {
            ensureCapacity(capacity == 0 ? initialCapacity() : capacity);
            df = features[current];
            enqueueDetection(df);
            speculative = Math.min(capacity, config.maxFeatures + 64);
            record(7);
            scratch.downloadAsync(countsHost, countBytes.length);
            records.downloadAsync(recordsHost, (long) speculative * RECORD_BYTES);
            df.descriptors.downloadAsync(descriptorsHost, (long) speculative * Descriptors.ORB_BYTES);
            record(8);
            total = readCounts();
        } while (grewForOverflow(total));
        if (total > speculative) {
            records.downloadAsync(recordsHost, (long) total * RECORD_BYTES);
            df.descriptors.downloadAsync(descriptorsHost, (long) total * Descriptors.ORB_BYTES);
            record(8);
        }
        current ^= 1;
        if (recordBytes.length < total * RECORD_BYTES)
            recordBytes = new byte[total * RECORD_BYTES];
        recordsHost.get(0, recordBytes, 0, total * RECORD_BYTES);
        ByteBuffer r = ByteBuffer.wrap(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        kp.ensureCapacity(total);
        for (int i = 0; i < total; i++) {
            int at = i * RECORD_BYTES;
            int level = r.getInt(at + 8);
            kp.add(r.getFloat(at), r.getFloat(at + 4), level, config.patchSize * table.scale[level],
                    r.getFloat(at + 12), r.getFloat(at + 16));
        }
        out.descriptors.resize(total);
        descriptorsHost.get(0, out.descriptors.data, 0, total * Descriptors.ORB_BYTES);
    }

    @Override
    void begin() {
        ensureCapacity(capacity == 0 ? initialCapacity() : capacity);
        if (table.detectCount > 0)
            enqueueDetectionAndCounts(features[current]);
    }

    @Override
    boolean hasWork() {
        return table != null && table.detectCount > 0;
    }

    private void enqueueDetectionAndCounts(DeviceFeatures df) {
        enqueueDetection(df);
        record(7);
        scratch.downloadAsync(countsHost, countBytes.length);
        record(8);
    }

    /**
     * Second half of {@link #detectOnDevice(DeviceBuffer, int, int)}: waits for the counts (running the frame
     * again if a buffer had to grow) and returns the features, as {@link #detectOnDevice(GrayImage)}.
     */
    @Override
    DeviceFeatures finishOnDevice() {
        endPending();
        DeviceFeatures df = features[current];
        if (table.detectCount == 0) {
            df.count = 0;
            current ^= 1;
            return df;
        }
        int total = readCounts();
        while (grewForOverflow(total)) {
            ensureCapacity(capacity);
            df = features[current];
            enqueueDetectionAndCounts(df);
            total = readCounts();
        }
        df.count = total;
        current ^= 1;
        return df;
    }

    /**
     * Per detection level of the last detection: {FAST corners after suppression, corners after the FAST-score
     * preselection (RETAIN_BEST; 0 with GRID), features kept}.
     */
    public int[][] lastLevelCounts() {
        int n = table == null ? 0 : table.detectCount;
        int[][] c = new int[3][n];
        System.arraycopy(counts, OrbLevelTable.Z_CAND_COUNT, c[0], 0, n);
        System.arraycopy(counts, OrbLevelTable.Z_S1_COUNT, c[1], 0, n);
        System.arraycopy(counts, OrbLevelTable.Z_KEPT_COUNT, c[2], 0, n);
        return c;
    }

    @Override
    public void describe(GrayImage image, KeyPoints keyPoints, Descriptors out) {
        OrbLimits.checkImage(image);
        if (out.bytesPerDescriptor != Descriptors.ORB_BYTES)
            throw new IllegalArgumentException("ORB descriptors are " + Descriptors.ORB_BYTES + " bytes, the output holds "
                    + out.bytesPerDescriptor);
        checkOpen();
        checkNotPending();
        int maxLevel = OrbLimits.retainDescribable(image, keyPoints, config.edgeThreshold);
        if (keyPoints.isEmpty()) {
            out.resize(0);
            return;
        }
        prepare(image.width, image.height);
        int built = Math.min(maxLevel + 1, table.count);
        int kept = 0;
        for (int i = 0; i < keyPoints.size(); i++)
            if (keyPoints.level[i] < built && patchInsideBuffer(keyPoints, i))
                keyPoints.move(i, kept++);
        keyPoints.truncate(kept);
        int n = kept;
        if (n == 0) {
            out.resize(0);
            return;
        }
        ensureDescribeCapacity(n);
        if (recordBytes.length < n * RECORD_BYTES)
            recordBytes = new byte[n * RECORD_BYTES];
        ByteBuffer r = ByteBuffer.wrap(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            int at = i * RECORD_BYTES;
            r.putFloat(at, keyPoints.x[i]);
            r.putFloat(at + 4, keyPoints.y[i]);
            r.putInt(at + 8, keyPoints.level[i]);
            r.putFloat(at + 12, keyPoints.angle[i]);
            r.putFloat(at + 16, keyPoints.response[i]);
        }
        recordsHost.put(0, recordBytes, 0, n * RECORD_BYTES);
        records.uploadAsync(recordsHost, (long) n * RECORD_BYTES);
        upload(image);
        frameInput = input;
        for (int l = 0; l < built; l++)
            launchPyramidLevel(l);
        cuda.launch(STAGE_SMOOTH, smooth, table.smoothTiles(built), 1, SMOOTH_THREADS, 1, 0,
                KernelArguments.of(pyramid.pointer(), smoothed.pointer(), levels.pointer(), built));
        launchBrief(n, false, n, describeDescriptors);
        describeDescriptors.downloadAsync(descriptorsHost, (long) n * Descriptors.ORB_BYTES);
        out.resize(n);
        descriptorsHost.get(0, out.data, 0, n * Descriptors.ORB_BYTES);
    }


    /** CpuOrbExtractor.patchInsideBuffer with the device pyramid's geometry (the same as the CPU's). */
    private boolean patchInsideBuffer(KeyPoints kp, int i) {
        int l = kp.level[i];
        float inverse = 1.f / table.scale[l];
        int x = (int) Math.rint(kp.x[i] * inverse), y = (int) Math.rint(kp.y[i] * inverse);
        int reach = OrbLevelTable.DESCRIPTOR_REACH, border = table.border;
        return x - reach >= -border && y - reach >= -border
                && x + reach < table.width[l] + border && y + reach < table.height[l] + border;
    }

    // ---------------------------------------------------------------------------------------------------------

    /** Everything from the scratch memset to BRIEF, one launch after the other on the extractor's stream. */
    @Override
    void enqueueKernels(DeviceFeatures df, boolean capturing) {
        int dc = table.detectCount;
        record(1);
        scratch.fillAsync((byte) 0);
        for (int l = 0; l < dc; l++)
            launchPyramidLevel(l);
        record(2);
        cuda.launch(STAGE_FAST, fast, table.fastTiles(), 1, FAST_THREADS, 1, 0,
                KernelArguments.of(pyramid.pointer(), levels.pointer(), dc, config.fastThreshold, config.edgeThreshold,
                        candidates.pointer(), scratch.pointer()));
        record(3);
        boolean grid = config.distribution == ConfigOrb.Distribution.GRID;
        if (!grid) {
            int blocks = Math.max(1, Math.min(2 * cuda.multiprocessorCount(),
                    OrbLevelTable.ceilDiv(table.largestCandCap(), FILTER_THREADS * 8)));
            cuda.launch(STAGE_SELECT, filter, blocks, dc, FILTER_THREADS, 1, 0,
                    KernelArguments.of(levels.pointer(), candidates.pointer(), scratch.pointer(), s1.pointer()));
        }
        CUdeviceptr gridMembers = grid ? gridMemberBuffer.pointer() : nullPointer;
        CUdeviceptr gridRank = grid ? gridRankBuffer.pointer() : nullPointer;
        cuda.launch(STAGE_SELECT, select, dc, 1, SELECT_THREADS, 1, 0,
                KernelArguments.of(levels.pointer(), grid ? 1 : 0, config.gridCellSize, candidates.pointer(), s1.pointer(),
                        scratch.pointer(), slots.pointer(), gridMembers, gridRank));
        record(4);
        cuda.launch(STAGE_ORIENTATION, orient, warpGrid(capacity, ORIENT_THREADS), 1, ORIENT_THREADS, 1, 0,
                KernelArguments.of(pyramid.pointer(), levels.pointer(), dc, scratch.pointer(), slots.pointer(), capacity,
                        records.pointer(), df.positions.pointer(), df.levels.pointer()));
        record(5);
        cuda.launch(STAGE_SMOOTH, smooth, table.smoothTiles(dc), 1, SMOOTH_THREADS, 1, 0,
                KernelArguments.of(pyramid.pointer(), smoothed.pointer(), levels.pointer(), dc));
        record(6);
        launchBrief(0, true, capacity, df.descriptors);
    }

    private void launchPyramidLevel(int l) {
        int padW = table.width[l] + 2 * table.border, padH = table.height[l] + 2 * table.border;
        cuda.launch(STAGE_PYRAMID, pyramidLevel, OrbLevelTable.ceilDiv(padW, PYRAMID_BLOCK_X),
                OrbLevelTable.ceilDiv(padH, PYRAMID_BLOCK_Y), PYRAMID_BLOCK_X, PYRAMID_BLOCK_Y, 0,
                KernelArguments.of(frameInput.pointer(), table.imageWidth, pyramid.pointer(), levels.pointer(), l));
    }

    private void launchBrief(int count, boolean countsOnDevice, int limit, DeviceBuffer descriptors) {
        cuda.launch(STAGE_BRIEF, brief, warpGrid(limit, BRIEF_THREADS), 1, BRIEF_THREADS, 1, 0,
                KernelArguments.of(smoothed.pointer(), levels.pointer(), records.pointer(), count,
                        countsOnDevice ? scratch.pointer() : nullPointer, table.detectCount, limit,
                        descriptors.pointer()));
    }

    /** Blocks for one warp per item over {@code items}, at most 16 blocks per multiprocessor (warps then loop). */
    private int warpGrid(int items, int threads) {
        int warpsPerBlock = threads / 32;
        return Math.max(1, Math.min(OrbLevelTable.ceilDiv(Math.max(items, 1), warpsPerBlock),
                16 * cuda.multiprocessorCount()));
    }

    /** Waits for the counts, returns the feature total (all levels), and keeps the counts for overflow checks. */
    private int readCounts() {
        countsHost.get(0, countBytes, 0, countBytes.length);
        ByteBuffer b = ByteBuffer.wrap(countBytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < counts.length; i++)
            counts[i] = b.getInt(4 * i);
        int total = 0;
        for (int l = 0; l < table.detectCount; l++)
            total += counts[OrbLevelTable.Z_KEPT_COUNT + l];
        return total;
    }

    /**
     * After a frame: if FAST found more corners on a level than its candidate array holds, or more features were
     * kept than the output holds, grows the buffers and says that the frame must run again.
     */
    private boolean grewForOverflow(int total) {
        boolean again = false;
        for (int l = 0; l < table.detectCount; l++) {
            int found = counts[OrbLevelTable.Z_CAND_COUNT + l];
            if (found > table.candCap[l]) {
                long wanted = Math.min(table.candidateBound(config, l), found + (long) found / 4 + 1024);
                candCapRequest[l] = (int) wanted;
                tableStale = true;
                again = true;
            }
        }
        if (again) {
            prepare(table.imageWidth, table.imageHeight);
            return true;
        }
        if (total > capacity) {
            ensureCapacity(total + total / 4 + 256);
            return true;
        }
        return false;
    }

    private int initialCapacity() {
        return config.maxFeatures + config.maxFeatures / 4 + 256;
    }

    /** Geometry and buffers for frames of this size: computed and allocated only when the size changes. */
    @Override
    void prepare(int width, int height) {
        if (!tableStale && table != null && table.imageWidth == width && table.imageHeight == height)
            return;
        if (table != null && (table.imageWidth != width || table.imageHeight != height))
            java.util.Arrays.fill(candCapRequest, 0);
        OrbLevelTable t = new OrbLevelTable(config, quota, width, height, candCapRequest);
        graphs.clear();
        pyramid = grow(pyramid, STAGE_PYRAMID, t.pyramidBytes);
        smoothed = grow(smoothed, STAGE_SMOOTH, t.pyramidBytes);
        long cand = Math.max(1, t.candidateTotal);
        candidates = grow(candidates, STAGE_FAST, 16 * cand);
        s1 = grow(s1, STAGE_SELECT, 8 * cand);
        slots = grow(slots, STAGE_SELECT, 8 * cand);
        if (config.distribution == ConfigOrb.Distribution.GRID) {
            gridMemberBuffer = grow(gridMemberBuffer, STAGE_SELECT, 4 * cand);
            gridRankBuffer = grow(gridRankBuffer, STAGE_SELECT, 4 * cand);
        }
        scratch = grow(scratch, STAGE_SELECT, 4L * t.scratchInts);
        byte[] bytes = t.write();
        tableHost.put(0, bytes, 0, bytes.length);
        levels.uploadAsync(tableHost, bytes.length);
        table = t;
        tableStale = false;
    }

    /** Output buffers for {@code features} features: the records, the host buffers and both DeviceFeatures. */
    private void ensureCapacity(int wanted) {
        if (wanted <= capacity)
            return;
        int n = Math.min(wanted, Integer.MAX_VALUE / Descriptors.ORB_BYTES);
        records = grow(records, STAGE_ORIENTATION, (long) Math.max(n, describeCapacity) * RECORD_BYTES);
        recordsHost = grow(recordsHost, STAGE_DOWNLOAD, (long) Math.max(n, describeCapacity) * RECORD_BYTES);
        descriptorsHost = grow(descriptorsHost, STAGE_DOWNLOAD, (long) Math.max(n, describeCapacity) * Descriptors.ORB_BYTES);
        graphs.clear();
        for (int i = 0; i < features.length; i++) {
            if (features[i] != null)
                features[i].close();
            features[i] = null;
        }
        for (int i = 0; i < features.length; i++)
            features[i] = new DeviceFeatures(cuda, STAGE_BRIEF, n);
        capacity = n;
    }

    private void ensureDescribeCapacity(int n) {
        if (n <= describeCapacity)
            return;
        records = grow(records, STAGE_UPLOAD, (long) Math.max(n, capacity) * RECORD_BYTES);
        recordsHost = grow(recordsHost, STAGE_UPLOAD, (long) Math.max(n, capacity) * RECORD_BYTES);
        descriptorsHost = grow(descriptorsHost, STAGE_DOWNLOAD, (long) Math.max(n, capacity) * Descriptors.ORB_BYTES);
        describeDescriptors = grow(describeDescriptors, STAGE_BRIEF, (long) n * Descriptors.ORB_BYTES);
        describeCapacity = n;
    }

    // ---------------------------------------------------------------------------------------------------------

    @Override
    public ConfigOrb config() {
        return config.copy();
    }

    @Override
    void closeBuffers() {
        for (DeviceFeatures f : features)
            if (f != null)
                f.close();
        for (CudaAllocation a : new CudaAllocation[]{pyramid, smoothed, levels, candidates, s1, slots, scratch,
                gridMemberBuffer, gridRankBuffer, records, describeDescriptors})
            if (a != null)
                a.close();
    }
}
