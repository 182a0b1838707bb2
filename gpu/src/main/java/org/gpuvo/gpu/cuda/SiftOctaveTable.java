package org.gpuvo.gpu.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.gpuvo.gpu.cpu.sift.SiftOctave;
import org.gpuvo.gpu.features.ConfigSift;

/**
 * Where the SIFT scale space of one image size lives on the device, and how the kernels tile it: the octaves
 * (gpu/SIFT.md section 1: the first at the input's size, or twice it for {@code firstOctave = -1}, each next one
 * half the previous, rounded down, while the shorter side is at least {@link ConfigSift#minOctaveSide()} and at
 * most {@code octaves} of them), each with its S + 3 Gaussian levels in one float buffer, rows padded to 128 bytes;
 * and the tiles of the extrema launches, numbered over all octaves one after the other. The table goes to the
 * device as {@code SiftOctave} records (see {@code sift_common.cuh}; {@link #write} keeps the two layouts in sync).
 */
final class SiftOctaveTable {
    static final int MAX_OCTAVES = 16;
    static final int RECORD_BYTES = 64;
    /** floats a row is padded to: 128-byte aligned rows */
    static final int PITCH_FLOATS = 32;
    static final int EXTREMA_TILE_W = 32, EXTREMA_TILE_H = 8;
    static final int BLUR_TILE = 32;

    final int imageWidth, imageHeight;
    final int firstOctave;
    /** octaves; 0 when the first octave is already smaller than {@link ConfigSift#minOctaveSide()} (no features) */
    final int count;
    /** Gaussian levels per octave, S + 3 */
    final int levels;
    final int[] width, height, pitch, extremaTileStart, extremaTilesX;
    final long[] base, levelStride;
    /** floats of the whole scale space */
    final long spaceFloats;
    /** extrema tiles of all octaves */
    final int extremaTiles;

    SiftOctaveTable(ConfigSift config, int imageWidth, int imageHeight) {
        if (imageWidth < 1 || imageHeight < 1)
            throw new IllegalArgumentException("image size must be positive, got " + imageWidth + "x" + imageHeight);
        this.imageWidth = imageWidth;
        this.imageHeight = imageHeight;
        this.firstOctave = config.firstOctave;
        this.levels = config.levelsPerOctave + 3;
        this.count = octaveCount(config, imageWidth, imageHeight);
        width = new int[count];
        height = new int[count];
        pitch = new int[count];
        extremaTileStart = new int[count];
        extremaTilesX = new int[count];
        base = new long[count];
        levelStride = new long[count];
        int w = firstOctave < 0 ? 2 * imageWidth : imageWidth, h = firstOctave < 0 ? 2 * imageHeight : imageHeight;
        long floats = 0;
        int tiles = 0;
        for (int i = 0; i < count; i++) {
            width[i] = w;
            height[i] = h;
            pitch[i] = ceilDiv(w, PITCH_FLOATS) * PITCH_FLOATS;
            levelStride[i] = (long) pitch[i] * h;
            base[i] = floats;
            floats += levelStride[i] * levels;
            extremaTileStart[i] = tiles;
            extremaTilesX[i] = ceilDiv(w, EXTREMA_TILE_W);
            tiles += extremaTilesX[i] * ceilDiv(h, EXTREMA_TILE_H);
            w /= 2;
            h /= 2;
        }
        this.spaceFloats = floats;
        this.extremaTiles = tiles;
    }

    /**
     * Octaves of a {@code width} x {@code height} image: while the octave's shorter side is at least
     * {@link ConfigSift#minOctaveSide()}, and at most {@code config.octaves} when that is positive.
     */
    static int octaveCount(ConfigSift config, int width, int height) {
        long w = config.firstOctave < 0 ? 2L * width : width, h = config.firstOctave < 0 ? 2L * height : height;
        int limit = config.octaves > 0 ? Math.min(config.octaves, MAX_OCTAVES) : MAX_OCTAVES;
        int n = 0, minSide = config.minOctaveSide();
        while (n < limit && Math.min(w, h) >= minSide) {
            n++;
            w /= 2;
            h /= 2;
        }
        return n;
    }

    /** The octave number o of table entry {@code i} (pixel (u, v) of it is input pixel (u·2^o, v·2^o)). */
    int octave(int i) {
        return firstOctave + i;
    }

    /** Blocks of the fused blur launch of octave {@code i}, in x and y (one per 32 x 32 tile). */
    int blurTilesX(int i) {
        return ceilDiv(width[i], BLUR_TILE);
    }

    int blurTilesY(int i) {
        return ceilDiv(height[i], BLUR_TILE);
    }

    /** Blocks of an extrema launch over the octaves {@code first} .. {@code first + n - 1} (one per tile). */
    int extremaTiles(int first, int n) {
        int end = first + n;
        return (end < count ? extremaTileStart[end] : extremaTiles) - extremaTileStart[first];
    }

    /** The octave records as the device reads them (little-endian {@code SiftOctave}s). */
    byte[] write() {
        ByteBuffer b = ByteBuffer.allocate(Math.max(1, count) * RECORD_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            int at = i * RECORD_BYTES;
            b.putLong(at, base[i]);
            b.putLong(at + 8, levelStride[i]);
            b.putInt(at + 16, width[i]);
            b.putInt(at + 20, height[i]);
            b.putInt(at + 24, pitch[i]);
            b.putInt(at + 28, octave(i));
            b.putInt(at + 32, extremaTileStart[i]);
            b.putInt(at + 36, extremaTilesX[i]);
            b.putFloat(at + 40, SiftOctave.origin(firstOctave));
        }
        return b.array();
    }

    static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }
}
