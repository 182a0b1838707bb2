package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;
import org.gpuvo.gpu.features.ImageLimits;
import org.gpuvo.gpu.features.KeyPoints;
import org.gpuvo.gpu.features.SiftExtractor;
import org.gpuvo.gpu.features.SiftFeatures;
import org.gpuvo.gpu.image.GrayImage;

import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUstream;

/**
 * SIFT on the GPU (D. G. Lowe, "Distinctive Image Features from Scale-Invariant Keypoints", IJCV 60(2), 2004, with
 * VLFeat's conventions), following the same stages as the CPU reference ({@code org.gpuvo.gpu.cpu.sift}) as
 * written down in {@code gpu/SIFT.md}, with the kernels of {@code gpu/src/main/cuda/sift_*.cu}: the Gaussian scale
 * space with the reference's weights and order of operations, DoG extrema with subpixel refinement and the contrast
 * and edge tests, orientation histograms, the selection of the strongest {@code maxFeatures} and the 4×4×8
 * descriptors. The output is in the reference's order: response descending, ties by lower y, x, angle.
 *
 * <p>Per frame: one upload (pinned staging buffer, then an asynchronous copy), one memset of the scratch counters,
 * the scale space (one launch per Gaussian level; the decimation into the next octave is fused into that octave's
 * first blur; one launch for all the smallest octaves), the extrema and the orientations (a launch of each for the
 * large octaves and one for the small ones: {@link SiftLaunchPlan}), two for the selection (a response threshold,
 * then the exact ranks of the features above it) and one for the descriptors, which writes them in output order.
 * Counts stay on the device between the stages; the host learns them only from the final download.
 * {@link #detect} downloads the counts and, in the same batch, the records and descriptors of as many features as
 * the previous frame had (plus a margin; the rest follows if there were more), then waits once;
 * {@link #detectOnDevice} downloads only the counts and leaves the features on the device for the matcher.
 *
 * <p>CUDA graph: from the memset to the descriptors, a frame's work does not change while the image size and the
 * buffers stay the same, so it is captured once (on the second frame of a layout) and replayed with one
 * {@code cuGraphLaunch}, as {@link CudaOrbExtractor} does ({@link StreamGraphs}). The capture has two branches: the
 * small octaves' launches go to a second stream ({@link StreamFork}, of the greatest priority) that forks from the
 * pipeline's stream once the large octaves' branch has written what the small octaves decimate, and joins it again
 * before the selection, so that the small octaves' latency-bound launches run beside the large octaves' extrema and
 * orientations. Without the graph (stage timing, graphs off or failed) every launch runs on the pipeline's stream in
 * the plan's order, one branch after the other: the same result, without the overlap. The graph is not used while
 * stage timing is on ({@link #enableStageTiming()}); {@link #enableFrameTiming()} times the whole detection around
 * it.
 *
 * <p>Memory: every buffer is allocated when an image size first appears (or grows) and reused frame after frame. A
 * frame with more extrema or oriented features than the lists hold (sized generously from the image area) grows
 * them and runs again, once.
 *
 * <p>The contrast threshold may change between frames ({@link #setContrastThreshold}): the next frame then builds its
 * launches and captures its graph again.
 *
 * <p>Not thread safe; one instance serves one stream of frames. CUDA errors surface as {@link CudaStageException}
 * naming the stage ({@link #STAGES}).
 */
public final class CudaSiftExtractor extends CudaExtraction<DeviceFloatFeatures> implements SiftExtractor {
    public static final String STAGE_UPLOAD = "upload", STAGE_SCALE_SPACE = "scale space", STAGE_EXTREMA = "extrema",
            STAGE_ORIENTATION = "orientation", STAGE_SELECT = "select", STAGE_DESCRIPTOR = "descriptor",
            STAGE_DOWNLOAD = "download";
    /** The stages in pipeline order, as {@link #lastStageMillis()} reports them. */
    public static final List<String> STAGES = List.of(STAGE_UPLOAD, STAGE_SCALE_SPACE, STAGE_EXTREMA,
            STAGE_ORIENTATION, STAGE_SELECT, STAGE_DESCRIPTOR, STAGE_DOWNLOAD);

    /** words of a SiftPoint (sift_common.cuh) */
    static final int POINT_BYTES = 48, KEY_BYTES = 16;
    /** the per-feature record the host downloads: x, y, octave (int), diameter, angle, response */
    static final int RECORD_WORDS = 6, RECORD_BYTES = 4 * RECORD_WORDS;
    /** scratch counters (Z_* in sift_common.cuh) */
    static final int Z_EXTREMA = 0, Z_FEATURES = 1, Z_CANDIDATES = 2, Z_SELECTED = 3, Z_THRESHOLD_BIN = 4,
            Z_RAW_EXTREMA = 5, Z_EXTREMA_BACK = 6, Z_OCTAVE_EXTREMA = 8, Z_COUNTS = 32;
    static final int PARAMS_BYTES = 64;
    private static final int DESCRIPTOR_BYTES = FloatDescriptors.SIFT_LENGTH * 4;

    private final ConfigSift config;
    private final SiftBlurPlan plan;

    private SiftOctaveTable table;
    private SiftLaunchPlan launches;
    private final Tuning tuning;
    private int extremaCapacity, featureCapacity;
    private byte[] params;

    private DeviceBuffer space, temp, octaves, weights, extrema, points, keys, candidates, scratch, records;
    private final DeviceFloatFeatures[] outputs = new DeviceFloatFeatures[2];
    private int current;

    private final int[] counts = new int[Z_COUNTS];
    private byte[] recordBytes = new byte[0];
    /** features the previous detect() returned: how many records to download speculatively */
    private int lastSelected = -1;
    /** whether anything was detected, and the device features of the last detection (null: it found no octave) */
    private boolean detected;
    private DeviceFloatFeatures lastDevice;

    private StreamFork fork;

    /** Opens a CUDA context of its own (device 0), closed with the extractor. */
    public CudaSiftExtractor(ConfigSift config) {
        this(null, config);
    }

    /**
     * Runs on {@code cuda}'s stream (e.g. shared with the on-device matcher); the context stays open when the
     * extractor closes, and the extractor's buffers are freed.
     *
     * @throws IllegalArgumentException if the configuration is invalid
     */
    public CudaSiftExtractor(CudaContext cuda, ConfigSift config) {
        this(cuda, config, Tuning.DEFAULT);
    }

    /** An extractor whose launches and lists are set as {@code tuning} says (tests and timing). */
    CudaSiftExtractor(CudaContext cuda, ConfigSift config, Tuning tuning) {
        this(config.copy().checkValidity(), cuda, tuning);
    }

    /** {@code config}: a valid copy, checked before any context opens. */
    private CudaSiftExtractor(ConfigSift config, CudaContext cuda, Tuning tuning) {
        super(cuda, "SIFT", STAGES, STAGE_SCALE_SPACE, true);
        this.config = config;
        this.tuning = tuning;
        try {
            graphs.setNodePriorities(tuning.graphPriorities());
            plan = new SiftBlurPlan(config);
            // every kernel is looked up once here, so that a context without them fails now, not in a frame
            for (String[] k : new String[][]{{"sift_scale_space", "sift_blur"}, {"sift_scale_space", "sift_blur_rows"},
                    {"sift_scale_space", "sift_blur_columns"}, {"sift_scale_space", "sift_blur_tail"},
                    {"sift_extrema", "sift_extrema"},
                    {"sift_orientation", "sift_orientation"}, {"sift_select", "sift_select_threshold"},
                    {"sift_select", "sift_select_rank"}, {"sift_descriptor", "sift_descriptor"}})
                this.cuda.function(k[0], k[1]);
            fork = new StreamFork(this.cuda, STAGE_SCALE_SPACE);
            tableHost = this.cuda.pinnedBuffer(STAGE_UPLOAD,
                    Math.max((long) SiftOctaveTable.MAX_OCTAVES * SiftOctaveTable.RECORD_BYTES, 4L * plan.weights.length));
            octaves = this.cuda.deviceBuffer(STAGE_UPLOAD, (long) SiftOctaveTable.MAX_OCTAVES * SiftOctaveTable.RECORD_BYTES);
            weights = this.cuda.deviceBuffer(STAGE_UPLOAD, 4L * plan.weights.length);
            tableHost.putFloats(0, plan.weights, 0, plan.weights.length);
            weights.uploadAsync(tableHost, 4L * plan.weights.length);
            countsHost = this.cuda.pinnedBuffer(STAGE_DOWNLOAD, 4L * Z_COUNTS);
            int k = this.config.maxFeatures;
            records = this.cuda.deviceBuffer(STAGE_DESCRIPTOR, (long) k * RECORD_BYTES);
            recordsHost = this.cuda.pinnedBuffer(STAGE_DOWNLOAD, (long) k * RECORD_BYTES);
            descriptorsHost = this.cuda.pinnedBuffer(STAGE_DOWNLOAD, (long) k * DESCRIPTOR_BYTES);
            for (int i = 0; i < outputs.length; i++)
                outputs[i] = new DeviceFloatFeatures(this.cuda, STAGE_DESCRIPTOR, k, FloatDescriptors.SIFT_LENGTH);
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Checks what the CPU reference checks at the API boundary (gpu/SIFT.md section 8), with its messages: an image
     * that is set and not larger than {@link ImageLimits} allow, and an output for 128-float descriptors.
     */
    private static void checkInput(GrayImage image, SiftFeatures out) {
        ImageLimits.checkImage(image, "SIFT");
        checkInput(out);
    }

    private static void checkInput(SiftFeatures out) {
        if (out == null)
            throw new IllegalArgumentException("output features are null");
        if (out.descriptors.length != FloatDescriptors.SIFT_LENGTH)
            throw new IllegalArgumentException("SIFT descriptors are " + FloatDescriptors.SIFT_LENGTH
                    + " floats, the output holds " + out.descriptors.length);
    }

    @Override
    public void detect(GrayImage image, SiftFeatures out) {
        checkInput(image, out);
        checkOpen();
        checkNotPending();
        KeyPoints kp = out.keyPoints;
        kp.clear();
        prepare(image.width, image.height);
        if (table.count == 0) {
            out.descriptors.resize(0);
            java.util.Arrays.fill(counts, 0);
            detected = true;
            lastDevice = null;
            return;
        }
        upload(image);
        frameInput = input;
        DeviceFloatFeatures df;
        int speculative;
        do {
            df = outputs[current];
            enqueueDetection(df);
            speculative = lastSelected < 0 ? config.maxFeatures
                    : Math.min(config.maxFeatures, lastSelected + lastSelected / 8 + 64);
            record(6);
            scratch.downloadAsync(countsHost, 4L * Z_COUNTS);
            records.downloadAsync(recordsHost, (long) speculative * RECORD_BYTES);
            df.descriptors.downloadAsync(descriptorsHost, (long) speculative * DESCRIPTOR_BYTES);
            record(7);
            readCounts();
        } while (grewForOverflow());
        int n = counts[Z_SELECTED];
        if (n > speculative) {
            records.downloadAsync(recordsHost, (long) n * RECORD_BYTES);
            df.descriptors.downloadAsync(descriptorsHost, (long) n * DESCRIPTOR_BYTES);
            record(7);
        }
        lastSelected = n;
        df.count = n;
        current ^= 1;
        detected = true;
        lastDevice = df;
        decodeDownloaded(n, out);
    }

    /** Fills {@code out} from the first {@code n} records and descriptors downloaded into the pinned buffers. */
    private void decodeDownloaded(int n, SiftFeatures out) {
        KeyPoints kp = out.keyPoints;
        kp.clear();
        if (recordBytes.length < n * RECORD_BYTES)
            recordBytes = new byte[n * RECORD_BYTES];
        recordsHost.get(0, recordBytes, 0, n * RECORD_BYTES);
        ByteBuffer r = ByteBuffer.wrap(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        kp.ensureCapacity(n);
        for (int i = 0; i < n; i++) {
            int at = i * RECORD_BYTES;
            kp.add(r.getFloat(at), r.getFloat(at + 4), r.getInt(at + 8), r.getFloat(at + 12), r.getFloat(at + 16),
                    r.getFloat(at + 20));
        }
        out.descriptors.resize(n);
        descriptorsHost.getFloats(0, out.descriptors.data, 0, n * FloatDescriptors.SIFT_LENGTH);
    }

    /**
     * Downloads the features of the last detection ({@link #detectOnDevice} or {@link #detect}) as {@link #detect}
     * returns them: every keypoint field and the descriptors, index for index as the features left on the device.
     * For the few frames whose features the host needs (keyframes of a stereo pipeline); the device copy is not
     * touched.
     *
     * @throws IllegalStateException if nothing was detected yet or a detection is still pending
     */
    public void downloadLast(SiftFeatures out) {
        checkInput(out);
        checkOpen();
        checkNotPending();
        if (!detected)
            throw new IllegalStateException("nothing was detected yet");
        int n = lastDevice == null ? 0 : lastDevice.count;
        if (n > 0) {
            records.downloadAsync(recordsHost, (long) n * RECORD_BYTES);
            lastDevice.descriptors.downloadAsync(descriptorsHost, (long) n * DESCRIPTOR_BYTES);
            cuda.synchronize(STAGE_DOWNLOAD);
        }
        decodeDownloaded(n, out);
    }

    @Override
    void begin() {
        if (table.count > 0)
            enqueueDetectionAndCounts(outputs[current]);
    }

    @Override
    boolean hasWork() {
        return table != null && table.count > 0;
    }

    private void enqueueDetectionAndCounts(DeviceFloatFeatures df) {
        enqueueDetection(df);
        record(6);
        scratch.downloadAsync(countsHost, 4L * Z_COUNTS);
        record(7);
    }

    /**
     * Second half of {@link #detectOnDevice(DeviceBuffer, int, int)}: waits for the counts (running the frame again
     * if a list had to grow) and returns the features.
     */
    @Override
    DeviceFloatFeatures finishOnDevice() {
        endPending();
        DeviceFloatFeatures df = outputs[current];
        if (table.count == 0) {
            java.util.Arrays.fill(counts, 0);
            df.count = 0;
            current ^= 1;
            detected = true;
            lastDevice = df;
            return df;
        }
        readCounts();
        while (grewForOverflow()) {
            enqueueDetectionAndCounts(df);
            readCounts(); // the rerun's counts: those of the overflowing run are stale
        }
        df.count = counts[Z_SELECTED];
        current ^= 1;
        detected = true;
        lastDevice = df;
        return df;
    }

    /**
     * Figures of the last detection: {scale-space extrema, refined extrema kept, oriented features, features
     * ranked, features output}; after a frame too small for any octave, all zero.
     */
    public int[] lastCounts() {
        return new int[]{counts[Z_RAW_EXTREMA], refinedExtrema(), counts[Z_FEATURES], counts[Z_CANDIDATES],
                counts[Z_SELECTED]};
    }

    /** Refined extrema of the last frame: those at the front of the list and those at its back. */
    private int refinedExtrema() {
        return counts[Z_EXTREMA] + counts[Z_EXTREMA_BACK];
    }

    /** Capacities of the device lists now: {extrema, features}. */
    int[] listCapacities() {
        return new int[]{extremaCapacity, featureCapacity};
    }

    /** Refined extrema of the last detection per octave, first octave first (as many entries as octaves). */
    public int[] lastOctaveCounts() {
        int n = table == null ? 0 : table.count;
        int[] c = new int[n];
        System.arraycopy(counts, Z_OCTAVE_EXTREMA, c, 0, n);
        return c;
    }

    // ---------------------------------------------------------------------------------------------------------
    // the frame's work

    /**
     * The memset of the counters, then the plan's launches. {@code forked} (a graph capture): the small branch's
     * launches go to the fork's stream, which waits for the launch the plan names ({@link SiftLaunchPlan#forkAfter})
     * and which the pipeline's stream waits for before the joined launches. Otherwise every launch goes to the
     * pipeline's stream in the plan's order, with the stage events (when stage timing is on) between the stages.
     */
    @Override
    void enqueueKernels(DeviceFloatFeatures df, boolean forked) {
        record(1);
        scratch.fillAsync((byte) 0);
        SiftLaunchPlan p = launches();
        boolean branches = forked && p.forkAfter >= 0;
        boolean joined = false;
        String stage = STAGE_SCALE_SPACE;
        for (int i = 0; i < p.launches.size(); i++) {
            SiftLaunchPlan.Launch l = p.launches.get(i);
            if (branches && !joined && l.branch() == SiftLaunchPlan.Branch.JOINED) {
                fork.join();
                joined = true;
            }
            if (!l.stage().equals(stage)) {
                stage = l.stage();
                record(STAGES.indexOf(stage));
            }
            Object[] args = new Object[l.arguments().size()];
            for (int a = 0; a < args.length; a++)
                args[a] = l.arguments().get(a) instanceof SiftLaunchPlan.BufferArgument b ? pointer(b, df)
                        : l.arguments().get(a);
            CUstream on = branches && l.branch() == SiftLaunchPlan.Branch.SMALL ? fork.stream() : cuda.stream();
            cuda.launch(l.stage(), on, cuda.function(l.module(), l.kernel()), l.gridX(), l.gridY(), l.blockX(),
                    l.blockY(), l.sharedBytes(), KernelArguments.of(args));
            if (branches && i == p.forkAfter)
                fork.fork();
        }
        if (branches && !joined)
            fork.join(); // a capture must join every stream it forked (a plan always ends with joined launches)
    }

    private CUdeviceptr pointer(SiftLaunchPlan.BufferArgument argument, DeviceFloatFeatures df) {
        DeviceBuffer b = switch (argument.buffer()) {
            case INPUT -> frameInput;
            case SPACE -> space;
            case TEMP -> temp;
            case OCTAVES -> octaves;
            case WEIGHTS -> weights;
            case EXTREMA -> extrema;
            case POINTS -> points;
            case KEYS -> keys;
            case CANDIDATES -> candidates;
            case SCRATCH -> scratch;
            case RECORDS -> records;
            case OUT_DESCRIPTORS -> df.descriptors;
            case OUT_POSITIONS -> df.positions;
            case OUT_LEVELS -> df.levels;
        };
        return argument.byteOffset() == 0 ? b.pointer() : b.pointer().withByteOffset(argument.byteOffset());
    }

    /** Waits for the counts of the frame just enqueued. */
    private void readCounts() {
        countsHost.getInts(0, counts, 0, Z_COUNTS);
    }

    /**
     * After a frame: if there were more extrema or oriented features than the lists hold, grows them and says that
     * the frame must run again.
     */
    private boolean grewForOverflow() {
        int e = refinedExtrema(), f = counts[Z_FEATURES];
        if (e <= extremaCapacity && f <= featureCapacity)
            return false;
        int wantedExtrema = e > extremaCapacity ? SiftCapacities.grown(e) : extremaCapacity;
        int wantedFeatures = Math.max(f > featureCapacity ? SiftCapacities.grown(f) : featureCapacity,
                SiftCapacities.featuresFor(wantedExtrema, config));
        allocateLists(table, wantedExtrema, wantedFeatures);
        return true;
    }

    /** Geometry and buffers for frames of this size: computed and allocated only when the size changes. */
    @Override
    void prepare(int width, int height) {
        if (table != null && table.imageWidth == width && table.imageHeight == height)
            return;
        SiftOctaveTable t = new SiftOctaveTable(config, width, height);
        graphs.clear();
        if (t.count > 0) {
            space = grow(space, STAGE_SCALE_SPACE, bytes(SiftLaunchPlan.Buffer.SPACE, t));
            if (plan.anySeparate())
                temp = grow(temp, STAGE_SCALE_SPACE, bytes(SiftLaunchPlan.Buffer.TEMP, t));
            byte[] bytes = t.write();
            tableHost.put(0, bytes, 0, bytes.length);
            octaves.uploadAsync(tableHost, bytes.length);
            if (extremaCapacity == 0 && tuning.extremaCapacity() > 0) {
                allocateLists(t, tuning.extremaCapacity(), tuning.featureCapacity());
            } else {
                int e = Math.max(extremaCapacity, SiftCapacities.initialExtrema(t));
                allocateLists(t, e, Math.max(featureCapacity, SiftCapacities.featuresFor(e, config)));
            }
        }
        table = t;
        launches = null;
    }

    private void allocateLists(SiftOctaveTable t, int extremaCap, int featureCap) {
        extrema = grow(extrema, STAGE_EXTREMA, bytes(SiftLaunchPlan.Buffer.EXTREMA, t, extremaCap, featureCap));
        points = grow(points, STAGE_ORIENTATION, bytes(SiftLaunchPlan.Buffer.POINTS, t, extremaCap, featureCap));
        keys = grow(keys, STAGE_ORIENTATION, bytes(SiftLaunchPlan.Buffer.KEYS, t, extremaCap, featureCap));
        candidates = grow(candidates, STAGE_SELECT, bytes(SiftLaunchPlan.Buffer.CANDIDATES, t, extremaCap, featureCap));
        scratch = grow(scratch, STAGE_SELECT, bytes(SiftLaunchPlan.Buffer.SCRATCH, t, extremaCap, featureCap));
        if (extremaCap != extremaCapacity || featureCap != featureCapacity)
            graphs.clear();
        extremaCapacity = extremaCap;
        featureCapacity = featureCap;
        params = kernelParams(config, extremaCap, featureCap);
        launches = null;
    }

    private long bytes(SiftLaunchPlan.Buffer b, SiftOctaveTable t) {
        return bytes(b, t, extremaCapacity, featureCapacity);
    }

    private long bytes(SiftLaunchPlan.Buffer b, SiftOctaveTable t, int extremaCap, int featureCap) {
        return SiftLaunchPlan.bytes(b, t, plan, extremaCap, featureCap, config.maxFeatures);
    }

    /** The launches for the current table and capacities (rebuilt after either changed). */
    private SiftLaunchPlan launches() {
        if (launches == null) {
            int small = tuning.smallStart() >= 0 ? tuning.smallStart()
                    : SiftLaunchPlan.smallStart(table, cuda.multiprocessorCount());
            launches = new SiftLaunchPlan(config, table, plan, params, extremaCapacity, featureCapacity,
                    config.maxFeatures, cuda.multiprocessorCount(), Math.min(small, table.count),
                    tuning.tallTileBlocksPerSm());
        }
        return launches;
    }

    /**
     * Sets the contrast threshold from the next frame on. It is part of the {@code SiftParams} struct that every
     * launch of the plan passes by value and that the captured graphs hold, so a new value rebuilds the struct
     * (rounded as at creation: {@link #kernelParams}), drops the plan and clears the graphs, as a growth of the
     * lists does; the next frame captures again. The same value does nothing. Not between
     * {@code enqueueOnDevice} and {@code finishOnDevice} (a frame that reruns after its lists grew must run with
     * the threshold it started with).
     *
     * @throws IllegalArgumentException unless {@code threshold} is in [0, 1)
     * @throws IllegalStateException    after close, or while a detection is enqueued and not finished
     */
    @Override
    public void setContrastThreshold(double threshold) {
        ConfigSift.checkContrastThreshold(threshold);
        checkOpen();
        checkNotPending();
        if (threshold == config.contrastThreshold)
            return;
        config.contrastThreshold = threshold;
        if (params != null)
            params = kernelParams(config, extremaCapacity, featureCapacity);
        launches = null;
        graphs.clear();
    }

    /**
     * How the launches are planned and the lists first sized, for tests and timing; the factories' extractors take
     * {@link #DEFAULT}. A value the plan does not accept makes the first detection throw
     * {@link IllegalArgumentException}.
     *
     * @param smallStart          the octave index at which the small octaves' branch starts: 1 up to the first octave
     *                            of the tail ({@link SiftLaunchPlan#tailStart}), or at least the octave count for no
     *                            small branch (one chain of launches); −1: {@link SiftLaunchPlan#smallStart}
     * @param tallTileBlocksPerSm the blocks per multiprocessor of a blur launch of 32 × 32 tiles from which an octave
     *                            blurs tiles of 32 × 64 ({@link SiftLaunchPlan#blurParts}; {@link Integer#MAX_VALUE}:
     *                            none)
     * @param graphPriorities     whether the graph's small branch runs at its stream's greater priority (where the
     *                            driver refuses, the graph runs without)
     * @param extremaCapacity     entries of the extrema list at the first frame, 0: sized from the image; with
     *                            {@code featureCapacity}, so that a frame overflows them, grows them and runs again
     * @param featureCapacity     entries of the feature list at the first frame (with {@code extremaCapacity})
     */
    record Tuning(int smallStart, int tallTileBlocksPerSm, boolean graphPriorities, int extremaCapacity,
                  int featureCapacity) {
        static final Tuning DEFAULT = new Tuning(-1, SiftLaunchPlan.TALL_TILE_BLOCKS_PER_SM, true, 0, 0);

        Tuning {
            if (smallStart < -1 || tallTileBlocksPerSm < 0 || extremaCapacity < 0 || featureCapacity < 0
                    || (extremaCapacity > 0) != (featureCapacity > 0))
                throw new IllegalArgumentException("not a tuning of the SIFT extractor: " + smallStart + ", "
                        + tallTileBlocksPerSm + ", " + extremaCapacity + ", " + featureCapacity);
        }

        Tuning withSmallStart(int octave) {
            return new Tuning(octave, tallTileBlocksPerSm, graphPriorities, extremaCapacity, featureCapacity);
        }

        Tuning withTallTiles(int blocksPerSm) {
            return new Tuning(smallStart, blocksPerSm, graphPriorities, extremaCapacity, featureCapacity);
        }

        Tuning withGraphPriorities(boolean on) {
            return new Tuning(smallStart, tallTileBlocksPerSm, on, extremaCapacity, featureCapacity);
        }

        Tuning withLists(int extrema, int features) {
            return new Tuning(smallStart, tallTileBlocksPerSm, graphPriorities, extrema, features);
        }
    }

    /** Whether the graphs keep the small branch's stream priority (asked for and not refused by the driver). */
    boolean graphPrioritiesActive() {
        return graphs.nodePrioritiesActive();
    }

    /** The first octave of the small branch of the last frame's plan (the octave count: none). */
    int lastSmallStart() {
        return table == null || table.count == 0 ? 0 : launches().smallStart;
    }

    /**
     * The {@code SiftParams} struct of the kernels (sift_common.cuh), little-endian, with the thresholds rounded as
     * the CPU reference rounds them (CpuSiftExtractor).
     */
    static byte[] kernelParams(ConfigSift c, int extremaCap, int featureCap) {
        double contrast = c.contrastThreshold / c.levelsPerOctave;
        ByteBuffer b = ByteBuffer.allocate(PARAMS_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.putDouble(c.sigma).putDouble(contrast).putDouble(c.edgeThreshold).putDouble(c.magnification);
        b.putFloat((float) (0.8 * contrast)).putFloat((float) c.orientationPeakRatio);
        b.putInt(c.levelsPerOctave).putInt(c.maxOrientations).putInt(c.maxFeatures).putInt(c.rootSift ? 1 : 0)
                .putInt(extremaCap).putInt(featureCap);
        return b.array();
    }

    /**
     * GPU time of each stage of the last detection in milliseconds, in {@link #STAGES} order, after
     * {@link #enableStageTiming()}; empty otherwise. "upload" is the host-to-device copy of the frame (empty for a
     * frame already on the device), "scale space" includes the memset of the counters and both branches' levels,
     * "extrema" and "orientation" are two launches each where the frame has a small octaves' branch (the large
     * octaves', then the small ones'), "select" both selection launches, "download" the device-to-host copies (counts
     * only, for {@link #detectOnDevice}). The launches then run one after the other on one stream: the stages add up
     * to more than the graph, whose branches overlap. When a frame ran twice (lists grew), the second run's times.
     * Call after {@code detect} or {@code detectOnDevice} returned.
     */
    @Override
    public Map<String, Float> lastStageMillis() {
        if (!hasWork())
            return Collections.emptyMap();
        return super.lastStageMillis();
    }

    // ---------------------------------------------------------------------------------------------------------

    @Override
    public ConfigSift config() {
        return config.copy();
    }

    @Override
    void closeStreams() {
        if (fork != null)
            fork.close();
    }

    @Override
    void closeBuffers() {
        for (DeviceFloatFeatures f : outputs)
            if (f != null)
                f.close();
        for (CudaAllocation a : new CudaAllocation[]{space, temp, octaves, weights, extrema, points, keys, candidates,
                scratch, records})
            if (a != null)
                a.close();
    }
}
