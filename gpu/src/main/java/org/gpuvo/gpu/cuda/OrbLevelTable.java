package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpuvo.gpu.features.ConfigOrb;
import org.gpuvo.gpu.features.OrbLimits;

/**
 * Where everything of one image size lives on the device: the pyramid levels in one buffer (each with its
 * reflected border, as the CPU reference's {@code PyramidLevel}), the tiles of the FAST and smoothing kernels, the
 * per-level regions of the candidate arrays and of the per-frame scratch buffer. Level sizes are computed exactly
 * as {@code OrbPyramid} computes them. The table is written to the device as {@code OrbLevel} records (see
 * {@code orb_common.cuh}; {@link #write} keeps the two layouts in sync) when the image size changes.
 *
 * <p>The table covers every level {@code l < 32} at least one pixel wide and high, because {@code describe} may
 * be given keypoints on levels beyond {@code ConfigOrb.levels} (as OpenCV's {@code compute} allows);
 * {@link #detectCount} of them (a prefix) are large enough for detection.
 */
final class OrbLevelTable {
    static final int MAX_LEVELS = 32;
    static final int RECORD_BYTES = 128;
    /** Words at the start of the scratch buffer: candidate, S1 and kept counts per level (Z_* in orb_common.cuh). */
    static final int Z_CAND_COUNT = 0, Z_S1_COUNT = 32, Z_KEPT_COUNT = 64, Z_COUNTS = 96;
    static final int HIST_COPIES = 8;
    static final int FAST_TILE_W = 32, FAST_TILE_H = 8, SMOOTH_TILE_W = 32, SMOOTH_TILE_H = 8;
    /** Farthest pixel a rotated 31x31 patch reaches from its centre (OrbPyramid.DESCRIPTOR_REACH). */
    static final int DESCRIPTOR_REACH = (int) Math.ceil(15 * Math.sqrt(2.0));

    final int imageWidth, imageHeight;
    final int count;
    final int detectCount;
    final int border;
    final int[] width, height, stride, quota, candOffset, candCap, fastTileStart, fastTilesX, rowOffset, cellOffset,
            gridCols, gridRows, smoothTileStart, smoothTilesX, fastHistOffset, radixHistOffset;
    final long[] origin;
    final float[] scale;
    final long pyramidBytes;
    final int candidateTotal;
    final int scratchInts;

    /**
     * @param quota         features per level ({@link OrbLimits#featuresPerLevel})
     * @param candCapRequest per level, the candidate capacity wanted (0: a default); clamped to the most FAST can
     *                       find on the level after non-maximum suppression
     */
    OrbLevelTable(ConfigOrb config, int[] quota, int imageWidth, int imageHeight, int[] candCapRequest) {
        this.imageWidth = imageWidth;
        this.imageHeight = imageHeight;
        int edge = config.edgeThreshold;
        // OrbPyramid: max(edgeThreshold, max(descriptor reach, HARRIS_BLOCK_SIZE / 2)) + 1
        this.border = Math.max(edge, Math.max(DESCRIPTOR_REACH, 9 / 2)) + 1;
        int n = 0;
        int[] w = new int[MAX_LEVELS], h = new int[MAX_LEVELS];
        float[] s = new float[MAX_LEVELS];
        for (int l = 0; l < MAX_LEVELS; l++) {
            float sc = OrbLimits.levelScale(config, l);
            int lw = (int) Math.rint(imageWidth / sc), lh = (int) Math.rint(imageHeight / sc);
            if (lw < 1 || lh < 1)
                break;
            w[l] = lw;
            h[l] = lh;
            s[l] = sc;
            n = l + 1;
        }
        count = n;
        int detect = 0;
        int minSide = 2 * edge + 1;
        while (detect < Math.min(count, config.levels) && w[detect] >= minSide && h[detect] >= minSide)
            detect++;
        detectCount = detect;

        width = new int[count];
        height = new int[count];
        stride = new int[count];
        origin = new long[count];
        scale = new float[count];
        this.quota = new int[count];
        candOffset = new int[count];
        candCap = new int[count];
        fastTileStart = new int[count + 1];
        fastTilesX = new int[count];
        rowOffset = new int[count];
        cellOffset = new int[count];
        gridCols = new int[count];
        gridRows = new int[count];
        smoothTileStart = new int[count + 1];
        smoothTilesX = new int[count];
        fastHistOffset = new int[count];
        radixHistOffset = new int[count];

        long bytes = 0;
        int cand = 0, fastTiles = 0, smoothTiles = 0, scratch = Z_COUNTS;
        boolean grid = config.distribution == ConfigOrb.Distribution.GRID;
        for (int l = 0; l < count; l++) {
            width[l] = w[l];
            height[l] = h[l];
            scale[l] = s[l];
            this.quota[l] = l < quota.length ? quota[l] : 0;
            int padW = w[l] + 2 * border, padH = h[l] + 2 * border;
            stride[l] = align(padW, 32);
            origin[l] = bytes + (long) border * stride[l] + border;
            bytes = align(bytes + (long) stride[l] * padH, 256);
            smoothTileStart[l] = smoothTiles;
            smoothTilesX[l] = ceilDiv(padW, SMOOTH_TILE_W);
            smoothTiles += smoothTilesX[l] * ceilDiv(padH, SMOOTH_TILE_H);
            fastTileStart[l] = fastTiles;
            candOffset[l] = cand;
            if (l < detectCount) {
                int bandW = w[l] - 2 * edge, bandH = h[l] - 2 * edge;
                fastTilesX[l] = ceilDiv(bandW, FAST_TILE_W);
                fastTiles += fastTilesX[l] * ceilDiv(bandH, FAST_TILE_H);
                // strict 3x3 maxima: at most one in any 2x2 square of the band
                long most = (long) ((bandW + 1) / 2) * ((bandH + 1) / 2);
                long wanted = l < candCapRequest.length && candCapRequest[l] > 0 ? candCapRequest[l]
                        : defaultCandidates(bandW, bandH, this.quota[l]);
                candCap[l] = (int) Math.min(most, wanted);
                cand += candCap[l];
                fastHistOffset[l] = scratch;
                scratch += HIST_COPIES * 256;
                radixHistOffset[l] = scratch;
                scratch += 256;
                rowOffset[l] = scratch;
                scratch += 2 * h[l] + 1;
                if (grid) {
                    gridCols[l] = ceilDiv(w[l], config.gridCellSize);
                    gridRows[l] = ceilDiv(h[l], config.gridCellSize);
                    cellOffset[l] = scratch;
                    scratch += 2 * gridCols[l] * gridRows[l] + 1;
                }
            }
        }
        fastTileStart[count] = fastTiles;
        smoothTileStart[count] = smoothTiles;
        // fastTileStart of levels past detection = the total, so that the kernel's level search stops before them
        for (int l = detectCount; l < count; l++)
            fastTileStart[l] = fastTiles;
        pyramidBytes = Math.max(bytes, 256);
        candidateTotal = cand;
        scratchInts = scratch;
    }

    /**
     * A first guess of a level's candidate count: real images have far fewer corners than the bound; a frame with
     * more makes the extractor grow the arrays once and run the frame again.
     */
    private static long defaultCandidates(int bandW, int bandH, int quota) {
        return Math.max(4096L, (long) bandW * bandH / 16 + 4L * quota);
    }

    /** FAST tiles (blocks of orb_fast) of the detection levels. */
    int fastTiles() {
        return fastTileStart[detectCount];
    }

    /** Smoothing tiles (blocks of orb_smooth) of levels 0 .. levels-1. */
    int smoothTiles(int levels) {
        return smoothTileStart[levels];
    }

    int largestCandCap() {
        int most = 0;
        for (int l = 0; l < detectCount; l++)
            most = Math.max(most, candCap[l]);
        return most;
    }

    /** The most candidates FAST may find on level l (what a capacity request is clamped to). */
    long candidateBound(ConfigOrb config, int l) {
        int bandW = width[l] - 2 * config.edgeThreshold, bandH = height[l] - 2 * config.edgeThreshold;
        return (long) ((bandW + 1) / 2) * ((bandH + 1) / 2);
    }

    /** The OrbLevel records of all {@link #count} levels, little endian, as orb_common.cuh declares them. */
    byte[] write() {
        ByteBuffer b = ByteBuffer.allocate(count * RECORD_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int l = 0; l < count; l++) {
            int at = l * RECORD_BYTES;
            b.putInt(at, width[l]);
            b.putInt(at + 4, height[l]);
            b.putInt(at + 8, stride[l]);
            b.putInt(at + 12, border);
            b.putLong(at + 16, origin[l]);
            b.putFloat(at + 24, scale[l]);
            b.putInt(at + 28, quota[l]);
            b.putInt(at + 32, candOffset[l]);
            b.putInt(at + 36, candCap[l]);
            b.putInt(at + 40, fastTileStart[l]);
            b.putInt(at + 44, fastTilesX[l]);
            b.putInt(at + 48, rowOffset[l]);
            b.putInt(at + 52, cellOffset[l]);
            b.putInt(at + 56, gridCols[l]);
            b.putInt(at + 60, gridRows[l]);
            b.putInt(at + 64, smoothTileStart[l]);
            b.putInt(at + 68, smoothTilesX[l]);
            b.putInt(at + 72, fastHistOffset[l]);
            b.putInt(at + 76, radixHistOffset[l]);
        }
        return b.array();
    }

    static int ceilDiv(int n, int d) {
        return (n + d - 1) / d;
    }

    private static int align(int n, int a) {
        return (n + a - 1) / a * a;
    }

    private static long align(long n, int a) {
        return (n + a - 1) / a * a;
    }
}
