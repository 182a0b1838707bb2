package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;

/**
 * The kernel launches of one SIFT frame, for one image size and one set of list capacities: which kernel, its grid,
 * block and dynamic shared memory, and its arguments, with the device buffers named by their role ({@link Buffer}) so
 * that the plan does not depend on where they were allocated. {@link CudaSiftExtractor} resolves the roles to its
 * buffers and enqueues the launches (after one memset of the scratch counters); the emulation test replays the same
 * plan on host threads. The grids are fixed for the plan's capacities: the stages after the extrema loop over counts
 * that only the device knows.
 *
 * <p>Launches per frame: the scale space takes one per Gaussian level (S + 3 on the first octave, S + 2 on each
 * further one: the decimation is fused into the next octave's first blur), or two for a level whose kernel is too
 * large to fuse, and one more for all the smallest octaves at the end ({@link #TAIL_PIXELS}); then the extrema and
 * the orientations, two for the selection and one for the descriptors.
 *
 * <p>Two branches. A level's launch over a small octave costs about one block's latency whatever its size, while
 * it occupies a few multiprocessors (on an H100, with ncu at base clock at 1280×720: octave 0's levels 20 µs each
 * over 920 blocks, octave 1's 8.4 µs over 240, octaves 2 and 3's 7.2 µs over 60 and 15 blocks, sift_blur_tail
 * 65 µs), and the extrema and orientations of the large octaves need none of the small octaves. So the launches
 * form two branches ({@link Branch}): the {@linkplain Branch#LARGE large} one builds the first octaves, from
 * octave 0 up to {@link #smallStart} − 1, then runs sift_extrema and sift_orientation over those octaves; the
 * {@linkplain Branch#SMALL small} one builds the remaining octaves (their per-level launches, then sift_blur_tail)
 * and runs sift_extrema and sift_orientation over them. The small branch needs from the large one only level S of
 * octave {@code smallStart − 1}, which its first octave decimates: it may start right after the launch that writes
 * that level ({@link #forkAfter}), and then overlaps the large branch's last two levels, extrema and orientations.
 * Both branches end before the {@linkplain Branch#JOINED joined} launches, the selection and the descriptors, which
 * are those of a frame with one branch. The extractor captures the branches on two streams into the frame's CUDA
 * graph; launched one by one (stage timing, no graph) it runs {@link #launches} on one stream, in their order: every
 * launch after all it depends on, grouped by stage (scale space of both branches, both extrema launches, both
 * orientation launches, …), so that each stage's time is the sum of its launches.
 *
 * <p>Where the branches meet: each sift_extrema appends to its own end of the extrema list (the large branch at the
 * front, the small one at the back, with a counter each: sift_common.cuh), so each sift_orientation reads only its
 * own branch's extrema while the other branch may still be appending; the list overflows when the two counts add up
 * to more than its capacity, and the frame then runs again with a longer list, as with one branch. Both
 * sift_orientation launches append to the one feature list with one atomic counter (its overflow rule is
 * unchanged); the order of that list depends on which branch appends first, the output does not: sift_select orders
 * the features by their keys (response, y, x, angle) and sift_descriptor writes each into the slot of its rank. The
 * scale-space levels each branch writes are disjoint; a level too large to fuse uses its own part of {@link
 * Buffer#TEMP} on each branch.
 *
 * <p>Which octaves are small ({@link #smallStart(SiftOctaveTable, int)}): those after octave 0 whose level launch has
 * fewer than {@link #LARGE_BLOCKS_PER_SM} blocks per multiprocessor, and the tail's. Such a launch is one partial
 * wave of blocks that leaves most of the device idle for about a block's latency; on the small branch it runs beside
 * the large octaves' work instead of before it. The threshold was set from the H100's timings of every split
 * (CudaSiftTiming, KITTI frame, device time of the graph): at 1280×720 octaves 0–2 large (920, 240 and 60 blocks,
 * octave 3's 15 small) took 0.328 ms against 0.347 for octaves 0–1 large, 0.343 for octave 0 alone and 0.376 for
 * no branch; at 1920×1080 octaves 0–2 large (2040, 510, 135 blocks, octave 3's 40 small) 0.521 ms against 0.528,
 * 0.532 and 0.598. CudaSiftTiming times every possible split, to check the rule on other devices. An image whose
 * octave 0 is its only octave has no small branch. For 1280×720 with the defaults (6 octaves, the last two in the
 * tail): 21 + 1 + 2 + 2 + 3 = 29 launches; for 1920×1080 (7 octaves): 26 + 1 + 2 + 2 + 3.
 */
final class SiftLaunchPlan {
    /** The device buffers the launches name; {@link CudaSiftExtractor} holds one of each. */
    enum Buffer {
        /** the 8-bit frame */
        INPUT,
        /** every Gaussian level of every octave (floats) */
        SPACE,
        /** the horizontal pass of a level too large to fuse: one part per branch */
        TEMP,
        /** the octave table */
        OCTAVES,
        /** all Gaussian taps ({@link SiftBlurPlan#weights}) */
        WEIGHTS,
        /** refined extrema (SiftPoint) */
        EXTREMA,
        /** oriented features (SiftPoint) */
        POINTS,
        /** selection keys of the features (float4) */
        KEYS,
        /** features that take part in the ranking (int) */
        CANDIDATES,
        /** counters, ranks and the claim table of refined samples, zeroed before each frame */
        SCRATCH,
        /** the records the host downloads */
        RECORDS,
        /** the output's descriptors, positions and octaves ({@link DeviceFloatFeatures}) */
        OUT_DESCRIPTORS, OUT_POSITIONS, OUT_LEVELS
    }

    /** A device buffer argument: the buffer's address plus {@code byteOffset}. */
    record BufferArgument(Buffer buffer, long byteOffset) {
    }

    /** Where a launch runs in the frame's graph (see the class comment). */
    enum Branch {
        /** the large octaves' scale space, extrema and orientations, on the pipeline's stream */
        LARGE,
        /** the small octaves' scale space, extrema and orientations, on a second stream from the fork on */
        SMALL,
        /** after both branches: the selection and the descriptors, on the pipeline's stream */
        JOINED
    }

    /** One kernel launch; {@code arguments} holds {@link BufferArgument}s, {@code Integer}s and {@code byte[]} structs. */
    record Launch(String stage, Branch branch, String module, String kernel, int gridX, int gridY, int blockX,
                  int blockY, int sharedBytes, List<Object> arguments) {
    }

    static final int EXTREMA_THREADS_X = 32, EXTREMA_THREADS_Y = 8, ORIENT_THREADS = 128, SELECT_THREADS = 1024,
            RANK_THREADS = 128, DESCRIPTOR_THREADS = 128, TAIL_THREADS = 1024;
    /**
     * Octaves of at most this many pixels (and all smaller ones after them) are built by one single-block launch,
     * sift_blur_tail, instead of a launch per level: at that size a launch costs a block's latency whatever its
     * work, and one block of 1024 threads builds a 64 x 64 level in about that time. Their two float planes fit
     * 32 KB of shared memory. Its threads loop over runs of four neighbouring pixels of a level (sift_tail_level in
     * sift_scale_space.cu), so any size up to this one is covered.
     */
    static final int TAIL_PIXELS = 4096;
    /** levels of SiftLevelTaps (sift_scale_space.cu): S + 3 with S at most 8 */
    static final int TAP_LEVELS = 11;
    /** blocks per multiprocessor of sift_select_rank (its warps loop over the device-side count) */
    static final int RANK_BLOCKS_PER_SM = 8;
    /**
     * blocks per multiprocessor of sift_orientation and sift_descriptor (a block of 4 warps per extremum or feature):
     * more than are resident at once (about 9 on sm_90 at their ~55 registers a thread), so that a frame's items
     * are all started in one grid; past that the blocks loop over the items
     */
    static final int BLOCK_PER_ITEM_PER_SM = 16;
    /** source modes of sift_blur (SIFT_SRC_* in sift_scale_space.cu) */
    static final int SRC_INPUT = 0, SRC_UPSAMPLED = 1, SRC_LEVEL = 2, SRC_DECIMATED = 3;
    /**
     * An octave after the first whose level launch has fewer blocks than this per multiprocessor is small
     * ({@link #smallStart(SiftOctaveTable, int)}); measured on the H100 (see the class comment).
     */
    static final double LARGE_BLOCKS_PER_SM = 0.4;
    /**
     * blocks per multiprocessor of the small branch's sift_orientation: the small octaves have few extrema (44 of a
     * 1280×720 KITTI frame's 1513 from octave 3 on), and a grid sized for the whole list's capacity would be mostly
     * blocks that exit at once, on the branch that bounds the frame's time (the H100's per-kernel times: the small
     * branch after the fork took about 130 µs, the large one about 90)
     */
    static final int SMALL_ORIENT_BLOCKS_PER_SM = 1;
    /**
     * An octave whose level launch of 32 × 32 tiles has at least this many blocks per multiprocessor blurs tiles of
     * 32 × 64 ({@link #blurParts}): half the blocks, each of whose horizontal pass blurs 41 % more rows than its
     * tile's instead of 81 % (radius 13). Measured with CudaSiftTiming on an H200 (132 multiprocessors, like the
     * H100): the taller tiles were slower for an octave of 3.9 blocks per multiprocessor (1920×1080's second: its
     * detection 0.453 against 0.446 ms), faster from 7 (1280×720's first: 0.281 against 0.289 ms; 1920×1080's
     * first: 0.446 against 0.475 ms)
     */
    static final int TALL_TILE_BLOCKS_PER_SM = 5;
    /** the list ends of sift_extrema and sift_orientation (their {@code back} argument) */
    static final int LIST_FRONT = 0, LIST_BACK = 1;

    /** every launch, in an order that runs correctly on one stream (see the class comment) */
    final List<Launch> launches;
    /** the first octave of the small branch; the octave count when there is none */
    final int smallStart;
    /**
     * The index in {@link #launches} of the large branch's launch that the small branch waits for (the one that
     * writes level S of octave {@link #smallStart} − 1); −1 when there is no small branch.
     */
    final int forkAfter;

    /**
     * @param params          the {@code SiftParams} struct ({@link CudaSiftExtractor#kernelParams})
     * @param outputCapacity  features the output buffers hold
     * @param multiprocessors the device's multiprocessor count (sizes the looping grids)
     * @param smallStart      the first octave of the small branch ({@link #smallStart(SiftOctaveTable, int)}): 1 to
     *                        {@link #tailStart}, or the octave count for none
     * @throws IllegalArgumentException if {@code smallStart} is none of those
     */
    SiftLaunchPlan(ConfigSift config, SiftOctaveTable table, SiftBlurPlan blur, byte[] params, int extremaCapacity,
                   int featureCapacity, int outputCapacity, int multiprocessors, int smallStart) {
        this(config, table, blur, params, extremaCapacity, featureCapacity, outputCapacity, multiprocessors, smallStart,
                TALL_TILE_BLOCKS_PER_SM);
    }

    /**
     * As above, with the octaves whose launch of 32 × 32 tiles has at least {@code tallTileBlocksPerSm} blocks per
     * multiprocessor blurring tiles of 32 × 64 ({@link #blurParts}; {@link Integer#MAX_VALUE}: none), for the timing
     * main that compares thresholds.
     */
    SiftLaunchPlan(ConfigSift config, SiftOctaveTable table, SiftBlurPlan blur, byte[] params, int extremaCapacity,
                   int featureCapacity, int outputCapacity, int multiprocessors, int smallStart,
                   int tallTileBlocksPerSm) {
        int tail = tailStart(table);
        if (table.count > 0 && smallStart != table.count && (smallStart < 1 || smallStart > tail))
            throw new IllegalArgumentException("the small octaves' branch must start at an octave from 1 to " + tail
                    + " (or at " + table.count + " for none), not at " + smallStart);
        this.smallStart = table.count > 0 ? smallStart : 0;
        List<Launch> large = new ArrayList<>(), small = new ArrayList<>();
        int fork = -1;
        long smallTemp = table.count > 0 ? 4 * table.levelStride[0] : 0; // the small branch's part of TEMP
        for (int oi = 0; oi < tail; oi++) {
            boolean isLarge = oi < smallStart;
            List<Launch> to = isLarge ? large : small;
            BufferArgument temp = new BufferArgument(Buffer.TEMP, isLarge ? 0 : smallTemp);
            Branch branch = isLarge ? Branch.LARGE : Branch.SMALL;
            if (oi == 0)
                blurLevel(to, branch, config, table, blur, 0, 0, config.firstOctave < 0 ? SRC_UPSAMPLED : SRC_INPUT,
                        temp, multiprocessors, tallTileBlocksPerSm);
            for (int s = 1; s < table.levels; s++) {
                blurLevel(to, branch, config, table, blur, oi, s, s == 1 && oi > 0 ? SRC_DECIMATED : SRC_LEVEL, temp,
                        multiprocessors, tallTileBlocksPerSm);
                if (oi == smallStart - 1 && s == config.levelsPerOctave && smallStart < table.count)
                    fork = large.size() - 1;
            }
        }
        if (tail < table.count) {
            boolean isLarge = tail < smallStart;
            (isLarge ? large : small).add(new Launch(CudaSiftExtractor.STAGE_SCALE_SPACE,
                    isLarge ? Branch.LARGE : Branch.SMALL, "sift_scale_space", "sift_blur_tail", 1, 1, TAIL_THREADS, 1,
                    8 * table.width[tail] * table.height[tail],
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), tail, table.count, config.levelsPerOctave,
                            arg(Buffer.WEIGHTS), tailTaps(blur))));
        }
        List<Launch> l = new ArrayList<>(large);
        l.addAll(small);
        if (table.count > 0) {
            boolean twoBranches = smallStart < table.count;
            l.add(extrema(table, params, featureCapacity, Branch.LARGE, 0, smallStart, LIST_FRONT));
            if (twoBranches)
                l.add(extrema(table, params, featureCapacity, Branch.SMALL, smallStart, table.count - smallStart,
                        LIST_BACK));
            l.add(orientation(params, Branch.LARGE, blockGrid(extremaCapacity, BLOCK_PER_ITEM_PER_SM, multiprocessors),
                    LIST_FRONT));
            if (twoBranches)
                l.add(orientation(params, Branch.SMALL, blockGrid(extremaCapacity, SMALL_ORIENT_BLOCKS_PER_SM,
                        multiprocessors), LIST_BACK));
            l.add(new Launch(CudaSiftExtractor.STAGE_SELECT, Branch.JOINED, "sift_select", "sift_select_threshold", 1,
                    1, SELECT_THREADS, 1, 0,
                    List.of(params, arg(Buffer.KEYS), arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_SELECT, Branch.JOINED, "sift_select", "sift_select_rank",
                    Math.max(1, RANK_BLOCKS_PER_SM * multiprocessors), 1, RANK_THREADS, 1, 0,
                    List.of(arg(Buffer.KEYS), arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_DESCRIPTOR, Branch.JOINED, "sift_descriptor", "sift_descriptor",
                    blockGrid(featureCapacity, BLOCK_PER_ITEM_PER_SM, multiprocessors), 1, DESCRIPTOR_THREADS, 1, 0,
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), params, arg(Buffer.POINTS),
                            arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH), outputCapacity, arg(Buffer.OUT_DESCRIPTORS),
                            arg(Buffer.OUT_POSITIONS), arg(Buffer.OUT_LEVELS), arg(Buffer.RECORDS))));
        }
        launches = List.copyOf(l);
        forkAfter = fork;
    }

    /** sift_extrema over octaves {@code first} .. {@code first + n − 1}, appending at list end {@code back}. */
    private static Launch extrema(SiftOctaveTable table, byte[] params, int featureCapacity, Branch branch, int first,
                                  int n, int back) {
        return new Launch(CudaSiftExtractor.STAGE_EXTREMA, branch, "sift_extrema", "sift_extrema",
                table.extremaTiles(first, n), 1, EXTREMA_THREADS_X, EXTREMA_THREADS_Y, 0,
                List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), first, n, params, back, arg(Buffer.EXTREMA),
                        arg(Buffer.SCRATCH), new BufferArgument(Buffer.SCRATCH, claimsOffset(featureCapacity))));
    }

    /**
     * Byte offset in the scratch buffer of the claim table of refined samples (sift_claim_sample in
     * sift_common.cuh): after the counters and the ranks of {@code featureCapacity} features, 8-byte aligned.
     */
    static long claimsOffset(int featureCapacity) {
        return 8 * ((CudaSiftExtractor.Z_COUNTS + (long) featureCapacity + 1) / 2);
    }

    /** Slots of the claim table: twice the extrema the list holds, so that probing stays short. */
    static long claimSlots(int extremaCapacity) {
        return 2L * extremaCapacity;
    }

    /** sift_orientation of the extrema at list end {@code back}. */
    private static Launch orientation(byte[] params, Branch branch, int blocks, int back) {
        return new Launch(CudaSiftExtractor.STAGE_ORIENTATION, branch, "sift_orientation", "sift_orientation",
                blocks, 1, ORIENT_THREADS, 1, 0,
                List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), params, back, arg(Buffer.EXTREMA), arg(Buffer.POINTS),
                        arg(Buffer.KEYS), arg(Buffer.SCRATCH)));
    }

    /** The launches of one branch, in their order. */
    List<Launch> branch(Branch b) {
        return launches.stream().filter(x -> x.branch() == b).toList();
    }

    /**
     * The first octave of the small branch for frames of {@code table}'s size on a device of
     * {@code multiprocessors}: the first after octave 0 whose level launch ({@link SiftOctaveTable#blurTilesX} ×
     * {@link SiftOctaveTable#blurTilesY} blocks) has fewer than {@link #LARGE_BLOCKS_PER_SM} blocks per multiprocessor,
     * or the first of the tail; the octave count when there is no such octave (an image of one octave).
     */
    static int smallStart(SiftOctaveTable table, int multiprocessors) {
        int tail = tailStart(table);
        for (int oi = 1; oi < table.count; oi++)
            if (oi >= tail || (long) table.blurTilesX(oi) * table.blurTilesY(oi)
                    < LARGE_BLOCKS_PER_SM * Math.max(1, multiprocessors))
                return oi;
        return table.count;
    }

    /**
     * Level {@code s} of octave {@code oi}: one fused launch, or rows then columns through {@code temp} (the branch's
     * part of the temporary buffer) for a large kernel.
     */
    private static void blurLevel(List<Launch> l, Branch branch, ConfigSift config, SiftOctaveTable table,
                                  SiftBlurPlan blur, int oi, int s, int mode, BufferArgument temp,
                                  int multiprocessors, int tallTileBlocksPerSm) {
        int r = blur.radius[s];
        BufferArgument taps = new BufferArgument(Buffer.WEIGHTS, 4L * blur.offset[s]);
        String stage = CudaSiftExtractor.STAGE_SCALE_SPACE;
        if (blur.fused(s)) {
            int parts = blurParts(table, blur, oi, s, multiprocessors, tallTileBlocksPerSm);
            l.add(new Launch(stage, branch, "sift_scale_space", "sift_blur", table.blurTilesX(oi),
                    SiftOctaveTable.ceilDiv(table.height[oi], parts * SiftBlurPlan.TILE), SiftBlurPlan.THREADS_X,
                    SiftBlurPlan.THREADS_Y, blur.sharedBytes(s, parts),
                    List.of(arg(Buffer.INPUT), table.imageWidth, table.imageHeight, arg(Buffer.SPACE),
                            arg(Buffer.OCTAVES), oi, s, config.levelsPerOctave, mode, taps, r, parts)));
            return;
        }
        int gx = SiftOctaveTable.ceilDiv(table.width[oi], SiftBlurPlan.THREADS_X);
        int gy = SiftOctaveTable.ceilDiv(table.height[oi], SiftBlurPlan.THREADS_Y);
        l.add(new Launch(stage, branch, "sift_scale_space", "sift_blur_rows", gx, gy, SiftBlurPlan.THREADS_X,
                SiftBlurPlan.THREADS_Y, 0,
                List.of(arg(Buffer.INPUT), table.imageWidth, table.imageHeight, arg(Buffer.SPACE), temp,
                        arg(Buffer.OCTAVES), oi, s, config.levelsPerOctave, mode, taps, r)));
        l.add(new Launch(stage, branch, "sift_scale_space", "sift_blur_columns", gx, gy, SiftBlurPlan.THREADS_X,
                SiftBlurPlan.THREADS_Y, 0,
                List.of(arg(Buffer.SPACE), temp, arg(Buffer.OCTAVES), oi, s, taps, r)));
    }

    /**
     * Output rows of sift_blur's tiles for level {@code s} of octave {@code oi}, in parts of 32: 2 when the octave's
     * launch of 32 × 32 tiles has at least {@code tallTileBlocksPerSm} ({@link #TALL_TILE_BLOCKS_PER_SM} by default)
     * blocks per multiprocessor and the taller tile fits the shared memory, else 1.
     */
    static int blurParts(SiftOctaveTable table, SiftBlurPlan blur, int oi, int s, int multiprocessors,
                         int tallTileBlocksPerSm) {
        long blocks = (long) table.blurTilesX(oi) * table.blurTilesY(oi);
        boolean large = blocks >= (long) tallTileBlocksPerSm * Math.max(1, multiprocessors);
        return large && blur.sharedBytes(s, 2) <= SiftBlurPlan.SHARED_LIMIT ? 2 : 1;
    }

    /**
     * The first octave that sift_blur_tail builds: the first after the first octave (whose level 0 comes from the
     * input) with at most {@link #TAIL_PIXELS} pixels; {@code table.count} when there is none.
     */
    static int tailStart(SiftOctaveTable table) {
        for (int oi = 1; oi < table.count; oi++)
            if ((long) table.width[oi] * table.height[oi] <= TAIL_PIXELS)
                return oi;
        return table.count;
    }

    /** The {@code SiftLevelTaps} struct (sift_scale_space.cu): the radius, then the first tap, of every level. */
    static byte[] tailTaps(SiftBlurPlan blur) {
        ByteBuffer b = ByteBuffer.allocate(8 * TAP_LEVELS).order(ByteOrder.LITTLE_ENDIAN);
        for (int s = 0; s < TAP_LEVELS; s++)
            b.putInt(4 * s, s < blur.radius.length ? blur.radius[s] : 0);
        for (int s = 0; s < TAP_LEVELS; s++)
            b.putInt(4 * (TAP_LEVELS + s), s < blur.offset.length ? blur.offset[s] : 0);
        return b.array();
    }

    private static BufferArgument arg(Buffer b) {
        return new BufferArgument(b, 0);
    }

    /** Blocks for one block per item over {@code items}, at most {@code perSm} per multiprocessor (they then loop). */
    static int blockGrid(int items, int perSm, int multiprocessors) {
        return Math.max(1, Math.min(Math.max(items, 1), perSm * Math.max(1, multiprocessors)));
    }

    /**
     * Bytes buffer {@code b} needs for frames of {@code table}'s size and these capacities (0: not needed). The
     * extractor allocates by these sizes; the emulation test too.
     */
    static long bytes(Buffer b, SiftOctaveTable table, SiftBlurPlan blur, int extremaCapacity, int featureCapacity,
                      int outputCapacity) {
        return switch (b) {
            case INPUT -> (long) table.imageWidth * table.imageHeight;
            case SPACE -> 4 * table.spaceFloats;
            // a level of octave 0 for the large branch, then one of octave 1 (the largest a small branch builds)
            case TEMP -> !blur.anySeparate() || table.count == 0 ? 0
                    : 4 * (table.levelStride[0] + (table.count > 1 ? table.levelStride[1] : 0));
            case OCTAVES -> (long) SiftOctaveTable.MAX_OCTAVES * SiftOctaveTable.RECORD_BYTES;
            case WEIGHTS -> 4L * blur.weights.length;
            case EXTREMA -> (long) extremaCapacity * CudaSiftExtractor.POINT_BYTES;
            case POINTS -> (long) featureCapacity * CudaSiftExtractor.POINT_BYTES;
            case KEYS -> (long) featureCapacity * CudaSiftExtractor.KEY_BYTES;
            case CANDIDATES -> 4L * featureCapacity;
            case SCRATCH -> claimsOffset(featureCapacity) + 8 * claimSlots(extremaCapacity);
            case RECORDS -> (long) outputCapacity * CudaSiftExtractor.RECORD_BYTES;
            case OUT_DESCRIPTORS -> (long) outputCapacity * FloatDescriptors.SIFT_LENGTH * 4;
            case OUT_POSITIONS -> 8L * outputCapacity;
            case OUT_LEVELS -> 4L * outputCapacity;
        };
    }

    /** The kernels this plan launches, each once ("module/kernel"). */
    List<String> kernels() {
        return launches.stream().map(x -> x.module() + "/" + x.kernel()).distinct().toList();
    }
}
