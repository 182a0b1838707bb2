package org.gpuvo.ros.bag.mcap;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;

/**
 * Decompresses chunk records into arrays from a {@link BufferPool}, keeping its zstd context between chunks. A
 * declared uncompressed size is checked against what the compressed data can hold before an array of that size
 * is allocated, so a lying size cannot exhaust the heap.
 */
final class ChunkDecompressor implements AutoCloseable {
    /** LZ4 produces at most about 255 bytes per input byte (a match length byte of 255 each). */
    private static final long LZ4_MAX_RATIO = 256;
    /**
     * zstd produces at most 128 KiB (a block's largest size) per 4 input bytes: an RLE block is a 3-byte header
     * and the byte to repeat (RFC 8878, section 3.1.1.2).
     */
    private static final long ZSTD_MAX_RATIO = (128 << 10) / 4;
    /** First buffer size where a zstd frame does not state its content size; grows as data actually comes. */
    private static final int STREAM_START = 1 << 20;

    private final BufferPool pool;
    private ZstdDecompressCtx zstd;
    private Lz4FrameDecoder lz4;
    private byte[] scratch = new byte[0];

    ChunkDecompressor(BufferPool pool) {
        this.pool = pool;
    }

    /**
     * Decompresses {@code src[off, off + len)} (a direct buffer, so that zstd reads it where the file was read to)
     * to an array from the pool holding exactly {@code size} valid bytes at its start.
     */
    byte[] decompress(McapCompression compression, ByteBuffer src, int off, int len, int size)
            throws DataFormatException {
        switch (compression) {
            case NONE -> {
                if (len != size)
                    throw new DataFormatException("uncompressed chunk holds " + len + " bytes but declares " + size);
                byte[] dst = pool.take(size);
                src.get(off, dst, 0, size);
                return dst;
            }
            case ZSTD -> {
                return zstd(src, off, len, size);
            }
            case LZ4 -> {
                if (size > LZ4_MAX_RATIO * len + 4096)
                    throw new DataFormatException(len + " bytes of LZ4 cannot decode to the " + size + " declared");
                if (lz4 == null)
                    lz4 = new Lz4FrameDecoder();
                byte[] compressed = heapCopy(src, off, len);
                byte[] dst = pool.take(size);
                try {
                    lz4.decode(compressed, 0, len, dst, size);
                } catch (DataFormatException e) {
                    pool.give(dst);
                    throw e;
                }
                return dst;
            }
            default -> throw new IllegalStateException(compression.toString());
        }
    }

    private byte[] zstd(ByteBuffer src, int off, int len, int size) throws DataFormatException {
        if (size > ZSTD_MAX_RATIO * len + 4096)
            throw new DataFormatException(len + " bytes of zstd cannot decode to the " + size + " declared");
        long frameSize = Zstd.getDirectByteBufferFrameContentSize(src, off, len);
        if (frameSize == -2)
            throw new DataFormatException("not a zstd frame");
        if (frameSize > size)
            throw new DataFormatException("zstd frame holds " + frameSize + " bytes, the chunk declares " + size);
        if (frameSize != size) // size unknown, or several frames
            return zstdStreamed(heapCopy(src, off, len), len, size);
        if (zstd == null)
            zstd = new ZstdDecompressCtx();
        byte[] dst = pool.take(size);
        try {
            int n = zstd.decompressDirectByteBufferToByteArray(dst, 0, size, src, off, len);
            if (n != size)
                throw new DataFormatException("zstd data decode to " + n + " bytes, not the " + size + " declared");
            return dst;
        } catch (ZstdException e) {
            pool.give(dst);
            throw new DataFormatException("corrupt zstd data: " + e.getMessage());
        } catch (DataFormatException e) {
            pool.give(dst);
            throw e;
        }
    }

    /** {@code src[off, off + len)} in a heap array (reused), for the decoders that need one. */
    private byte[] heapCopy(ByteBuffer src, int off, int len) {
        if (scratch.length < len)
            scratch = new byte[len];
        src.get(off, scratch, 0, len);
        return scratch;
    }

    /** Decompresses a zstd stream whose size the frame header does not give, growing the output as it comes. */
    private static byte[] zstdStreamed(byte[] src, int len, int size) throws DataFormatException {
        byte[] dst = new byte[Math.min(size, STREAM_START)];
        int n = 0;
        try (ZstdInputStreamNoFinalizer in = new ZstdInputStreamNoFinalizer(new ByteArrayInputStream(src, 0, len))) {
            while (true) {
                if (n == dst.length) {
                    if (n == size) {
                        if (in.read() >= 0)
                            throw new DataFormatException("zstd data decode to more than the " + size + " declared");
                        return dst;
                    }
                    dst = Arrays.copyOf(dst, (int) Math.min(size, 2L * dst.length));
                }
                int r = in.read(dst, n, dst.length - n);
                if (r < 0)
                    throw new DataFormatException("zstd data decode to " + n + " bytes, not the " + size + " declared");
                n += r;
            }
        } catch (IOException e) {
            throw new DataFormatException("corrupt zstd data: " + e.getMessage());
        }
    }

    @Override
    public void close() {
        if (zstd != null)
            zstd.close();
        zstd = null;
    }
}
