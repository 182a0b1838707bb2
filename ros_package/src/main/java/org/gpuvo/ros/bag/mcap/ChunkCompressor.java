package org.gpuvo.ros.bag.mcap;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import net.jpountz.lz4.LZ4FrameOutputStream;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Compresses chunk records: zstd (one frame, with its content size) through a reused context, LZ4 as one frame of
 * independent 64 KiB blocks with the content size (readable by any LZ4 frame decoder), or not at all. The output
 * array is reused from chunk to chunk.
 */
final class ChunkCompressor implements AutoCloseable {
    private final McapCompression compression;
    private final ZstdCompressCtx zstd;
    private final LittleEndianBuffer lz4Out = new LittleEndianBuffer(1 << 16);
    private byte[] zstdOut = new byte[0];
    private byte[] output;

    ChunkCompressor(McapCompression compression, int zstdLevel) {
        this.compression = compression;
        this.zstd = compression == McapCompression.ZSTD
                ? new ZstdCompressCtx().setLevel(zstdLevel).setContentSize(true) : null;
    }

    /** Compresses {@code src[0, len)}; the result is {@link #output()}{@code [0, returned length)}. */
    int compress(byte[] src, int len) {
        switch (compression) {
            case NONE -> {
                output = src;
                return len;
            }
            case ZSTD -> {
                long bound = Zstd.compressBound(len);
                if (bound > McapFormat.MAX_ARRAY)
                    throw new IllegalStateException("chunk of " + len + " bytes is too large to compress");
                if (zstdOut.length < bound)
                    zstdOut = new byte[(int) bound];
                output = zstdOut;
                return zstd.compressByteArray(zstdOut, 0, zstdOut.length, src, 0, len);
            }
            case LZ4 -> {
                lz4Out.clear();
                try (LZ4FrameOutputStream frame = new LZ4FrameOutputStream(lz4Out,
                        LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, len,
                        LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
                        LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE)) {
                    frame.write(src, 0, len);
                } catch (IOException e) {
                    throw new UncheckedIOException("LZ4 into memory failed", e); // writes to an array do not fail
                }
                output = lz4Out.array();
                return lz4Out.size();
            }
            default -> throw new IllegalStateException(compression.toString());
        }
    }

    byte[] output() {
        return output;
    }

    @Override
    public void close() {
        if (zstd != null)
            zstd.close();
    }
}
