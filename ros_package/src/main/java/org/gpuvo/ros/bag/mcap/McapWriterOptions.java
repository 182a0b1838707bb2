package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.GpuvoVersion;

import java.util.Objects;

/**
 * How {@link McapBagFileWriter} writes: chunk compression (default zstd), zstd level (default -1), chunk size in
 * uncompressed bytes after which a chunk is closed (default 4 MiB; a larger message gets a chunk of its own),
 * whether CRCs are computed (default yes: chunks, data section, summary), whether a summary section is written
 * (default yes; without one, readers must scan the file), and the header's library string. Immutable.
 */
public final class McapWriterOptions {
    public static final int DEFAULT_CHUNK_SIZE = 4 << 20;
    /**
     * zstd's fast level -1: camera images compress little at any level (1280×720 KITTI frames to 83 % at level 1,
     * 92 % at -1), but -1 decompresses 3.6 times as fast (4,200 against 1,180 frames/s on one core here,
     * McapReadBenchmark), which is what replaying a bag faster than real time needs.
     */
    public static final int DEFAULT_ZSTD_LEVEL = -1;

    private final McapCompression compression;
    private final int zstdLevel;
    private final int chunkSize;
    private final boolean crcs;
    private final boolean summary;
    private final String library;

    private McapWriterOptions(McapCompression compression, int zstdLevel, int chunkSize, boolean crcs,
                              boolean summary, String library) {
        this.compression = Objects.requireNonNull(compression, "compression");
        this.zstdLevel = zstdLevel;
        this.chunkSize = chunkSize;
        this.crcs = crcs;
        this.summary = summary;
        this.library = Objects.requireNonNull(library, "library");
        if (chunkSize < 1)
            throw new IllegalArgumentException("chunk size must be positive: " + chunkSize);
        if (zstdLevel < -7 || zstdLevel > 22)
            throw new IllegalArgumentException("zstd level outside [-7, 22]: " + zstdLevel);
    }

    /** zstd level -1, 4 MiB chunks, CRCs and summary on, library "gpuvo &lt;version&gt;". */
    public static McapWriterOptions defaults() {
        return new McapWriterOptions(McapCompression.ZSTD, DEFAULT_ZSTD_LEVEL, DEFAULT_CHUNK_SIZE, true, true,
                "gpuvo " + GpuvoVersion.VERSION);
    }

    public McapWriterOptions withCompression(McapCompression compression) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapWriterOptions withZstdLevel(int zstdLevel) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapWriterOptions withChunkSize(int chunkSize) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapWriterOptions withCrcs(boolean crcs) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapWriterOptions withSummary(boolean summary) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapWriterOptions withLibrary(String library) {
        return new McapWriterOptions(compression, zstdLevel, chunkSize, crcs, summary, library);
    }

    public McapCompression compression() {
        return compression;
    }

    public int zstdLevel() {
        return zstdLevel;
    }

    public int chunkSize() {
        return chunkSize;
    }

    public boolean crcs() {
        return crcs;
    }

    public boolean summary() {
        return summary;
    }

    public String library() {
        return library;
    }

    @Override
    public String toString() {
        return "MCAP " + (compression == McapCompression.NONE ? "uncompressed" : compression.id())
                + (compression == McapCompression.ZSTD ? " level " + zstdLevel : "") + ", chunks of " + chunkSize
                + " bytes, CRCs " + (crcs ? "on" : "off") + ", summary " + (summary ? "on" : "off");
    }
}
