package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.gpuvo.gpu.features.ConfigSift;
import org.gpuvo.gpu.features.FloatDescriptors;

/**
 * The kernel launches of one SIFT frame, in stream order, for one image size and one set of list capacities: which
 * kernel, its grid, block and dynamic shared memory, and its arguments, with the device buffers named by their
 * role ({@link Buffer}) so that the plan does not depend on where they were allocated. {@link CudaSiftExtractor}
 * resolves the roles to its buffers and enqueues the launches (after one memset of the scratch counters); the
 * emulation test replays the same plan on host threads. The grids are fixed for the plan's capacities: the stages
 * after the extrema loop over counts that only the device knows.
 *
 * <p>Launches per frame: the scale space takes one per Gaussian level (S + 3 on the first octave, S + 2 on each
 * further one: the decimation is fused into the next octave's first blur), or two for a level whose kernel is too
 * large to fuse, and one more for all the small octaves at the end ({@link #TAIL_PIXELS}); then one for the extrema
 * of every octave, one for the orientations, two for the selection and one for the descriptors. For 1280×720 with
 * the defaults (6 octaves, the last two small): 21 + 1 + 5 = 27 launches; for 1920×1080 (7 octaves): 26 + 1 + 5.
 */
final class SiftLaunchPlan {
    /** The device buffers the launches name; {@link CudaSiftExtractor} holds one of each. */
    enum Buffer {
        /** the 8-bit frame */
        INPUT,
        /** every Gaussian level of every octave (floats) */
        SPACE,
        /** the horizontal pass of a level too large to fuse */
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
        /** counters and ranks, zeroed before each frame */
        SCRATCH,
        /** the records the host downloads */
        RECORDS,
        /** the output's descriptors, positions and octaves ({@link DeviceFloatFeatures}) */
        OUT_DESCRIPTORS, OUT_POSITIONS, OUT_LEVELS
    }

    /** A device buffer argument: the buffer's address plus {@code byteOffset}. */
    record BufferArgument(Buffer buffer, long byteOffset) {
    }

    /** One kernel launch; {@code arguments} holds {@link BufferArgument}s, {@code Integer}s and {@code byte[]} structs. */
    record Launch(String stage, String module, String kernel, int gridX, int gridY, int blockX, int blockY,
                  int sharedBytes, List<Object> arguments) {
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

    final List<Launch> launches;

    /**
     * @param params         the {@code SiftParams} struct ({@link CudaSiftExtractor#kernelParams})
     * @param outputCapacity features the output buffers hold
     * @param multiprocessors the device's multiprocessor count (sizes the looping grids)
     */
    SiftLaunchPlan(ConfigSift config, SiftOctaveTable table, SiftBlurPlan blur, byte[] params, int extremaCapacity,
                   int featureCapacity, int outputCapacity, int multiprocessors) {
        List<Launch> l = new ArrayList<>();
        int tail = tailStart(table);
        for (int oi = 0; oi < tail; oi++) {
            if (oi == 0)
                blurLevel(l, config, table, blur, 0, 0, config.firstOctave < 0 ? SRC_UPSAMPLED : SRC_INPUT);
            for (int s = 1; s < table.levels; s++)
                blurLevel(l, config, table, blur, oi, s, s == 1 && oi > 0 ? SRC_DECIMATED : SRC_LEVEL);
        }
        if (tail < table.count)
            l.add(new Launch(CudaSiftExtractor.STAGE_SCALE_SPACE, "sift_scale_space", "sift_blur_tail", 1, 1,
                    TAIL_THREADS, 1, 8 * table.width[tail] * table.height[tail],
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), tail, table.count, config.levelsPerOctave,
                            arg(Buffer.WEIGHTS), tailTaps(blur))));
        if (table.count > 0) {
            l.add(new Launch(CudaSiftExtractor.STAGE_EXTREMA, "sift_extrema", "sift_extrema", table.extremaTiles, 1,
                    EXTREMA_THREADS_X, EXTREMA_THREADS_Y, 0,
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), table.count, params, arg(Buffer.EXTREMA),
                            arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_ORIENTATION, "sift_orientation", "sift_orientation",
                    blockGrid(extremaCapacity, BLOCK_PER_ITEM_PER_SM, multiprocessors), 1, ORIENT_THREADS, 1, 0,
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), params, arg(Buffer.EXTREMA), arg(Buffer.POINTS),
                            arg(Buffer.KEYS), arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_SELECT, "sift_select", "sift_select_threshold", 1, 1,
                    SELECT_THREADS, 1, 0,
                    List.of(params, arg(Buffer.KEYS), arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_SELECT, "sift_select", "sift_select_rank",
                    Math.max(1, RANK_BLOCKS_PER_SM * multiprocessors), 1, RANK_THREADS, 1, 0,
                    List.of(arg(Buffer.KEYS), arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH))));
            l.add(new Launch(CudaSiftExtractor.STAGE_DESCRIPTOR, "sift_descriptor", "sift_descriptor",
                    blockGrid(featureCapacity, BLOCK_PER_ITEM_PER_SM, multiprocessors), 1, DESCRIPTOR_THREADS, 1, 0,
                    List.of(arg(Buffer.SPACE), arg(Buffer.OCTAVES), params, arg(Buffer.POINTS),
                            arg(Buffer.CANDIDATES), arg(Buffer.SCRATCH), outputCapacity, arg(Buffer.OUT_DESCRIPTORS),
                            arg(Buffer.OUT_POSITIONS), arg(Buffer.OUT_LEVELS), arg(Buffer.RECORDS))));
        }
        launches = List.copyOf(l);
    }

    /** Level {@code s} of octave {@code oi}: one fused launch, or rows then columns for a large kernel. */
    private static void blurLevel(List<Launch> l, ConfigSift config, SiftOctaveTable table, SiftBlurPlan blur,
                                  int oi, int s, int mode) {
        int r = blur.radius[s];
        BufferArgument taps = new BufferArgument(Buffer.WEIGHTS, 4L * blur.offset[s]);
        String stage = CudaSiftExtractor.STAGE_SCALE_SPACE;
        if (blur.fused(s)) {
            l.add(new Launch(stage, "sift_scale_space", "sift_blur", table.blurTilesX(oi), table.blurTilesY(oi),
                    SiftBlurPlan.THREADS_X, SiftBlurPlan.THREADS_Y, blur.sharedBytes(s),
                    List.of(arg(Buffer.INPUT), table.imageWidth, table.imageHeight, arg(Buffer.SPACE),
                            arg(Buffer.OCTAVES), oi, s, config.levelsPerOctave, mode, taps, r)));
            return;
        }
        int gx = SiftOctaveTable.ceilDiv(table.width[oi], SiftBlurPlan.THREADS_X);
        int gy = SiftOctaveTable.ceilDiv(table.height[oi], SiftBlurPlan.THREADS_Y);
        l.add(new Launch(stage, "sift_scale_space", "sift_blur_rows", gx, gy, SiftBlurPlan.THREADS_X,
                SiftBlurPlan.THREADS_Y, 0,
                List.of(arg(Buffer.INPUT), table.imageWidth, table.imageHeight, arg(Buffer.SPACE), arg(Buffer.TEMP),
                        arg(Buffer.OCTAVES), oi, s, config.levelsPerOctave, mode, taps, r)));
        l.add(new Launch(stage, "sift_scale_space", "sift_blur_columns", gx, gy, SiftBlurPlan.THREADS_X,
                SiftBlurPlan.THREADS_Y, 0,
                List.of(arg(Buffer.SPACE), arg(Buffer.TEMP), arg(Buffer.OCTAVES), oi, s, taps, r)));
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
            case TEMP -> blur.anySeparate() && table.count > 0 ? 4 * table.levelStride[0] : 0;
            case OCTAVES -> (long) SiftOctaveTable.MAX_OCTAVES * SiftOctaveTable.RECORD_BYTES;
            case WEIGHTS -> 4L * blur.weights.length;
            case EXTREMA -> (long) extremaCapacity * CudaSiftExtractor.POINT_BYTES;
            case POINTS -> (long) featureCapacity * CudaSiftExtractor.POINT_BYTES;
            case KEYS -> (long) featureCapacity * CudaSiftExtractor.KEY_BYTES;
            case CANDIDATES -> 4L * featureCapacity;
            case SCRATCH -> 4L * (CudaSiftExtractor.Z_COUNTS + featureCapacity);
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
