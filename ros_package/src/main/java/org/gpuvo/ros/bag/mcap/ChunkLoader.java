package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.io.IOException;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;

/**
 * Reads a Chunk record from the file, decompresses its records, checks their CRC where the chunk has one, and
 * parses them. Damage is reported as a {@link BagFormatException} at the chunk's offset. Compressed and
 * decompressed buffers are reused from chunk to chunk.
 */
final class ChunkLoader implements AutoCloseable {
    private final McapFile file;
    private final BufferPool pool = new BufferPool();
    private final ChunkDecompressor decompressor = new ChunkDecompressor(pool);
    private final CRC32 crc = new CRC32();
    private byte[] raw = new byte[0];

    ChunkLoader(McapFile file) {
        this.file = file;
    }

    /** Loads the chunk whose record is {@code header} (already checked to lie within the file). */
    ChunkMessages load(McapFile.RecordHeader header, ChannelTable table, ChannelFilter filter) throws IOException {
        long offset = header.offset();
        if (header.length() > McapFormat.MAX_ARRAY)
            throw new BagFormatException(file.path(), offset, "chunk of " + header.length()
                    + " bytes is too large to read");
        int length = (int) header.length();
        if (raw.length < length)
            raw = new byte[length];
        file.read(header.contentStart(), raw, 0, length);
        RecordInput in = RecordInput.ofFile(file.path(), raw, 0, length, header.contentStart());
        ChunkHeader chunk = ChunkHeader.read(in);
        if (chunk.recordsLength() > in.remaining())
            throw new BagFormatException(file.path(), offset, "chunk records of " + chunk.recordsLength()
                    + " bytes run past the chunk record (" + in.remaining() + " bytes left)");
        McapCompression compression = McapCompression.fromId(chunk.compression());
        if (compression == null)
            throw new BagFormatException(file.path(), offset, "chunk uses unknown compression '"
                    + chunk.compression() + "'");
        if (chunk.uncompressedSize() > McapFormat.MAX_ARRAY)
            throw new BagFormatException(file.path(), offset, "chunk declares " + chunk.uncompressedSize()
                    + " uncompressed bytes, too many to hold");
        int size = (int) chunk.uncompressedSize();
        byte[] records;
        try {
            records = decompressor.decompress(compression, raw, in.position(), (int) chunk.recordsLength(), size);
        } catch (DataFormatException e) {
            throw new BagFormatException(file.path(), offset, "chunk does not decompress ("
                    + (compression == McapCompression.NONE ? "uncompressed" : compression.id()) + "): "
                    + e.getMessage(), e);
        }
        try {
            if (chunk.uncompressedCrc() != 0) {
                crc.reset();
                crc.update(records, 0, size);
                if (crc.getValue() != chunk.uncompressedCrc())
                    throw new BagFormatException(file.path(), offset, String.format(
                            "chunk CRC mismatch: its records hash to %08x, the chunk says %08x", crc.getValue(),
                            chunk.uncompressedCrc()));
            }
            return ChunkMessages.parse(file.path(), offset, records, 0, size, table, filter);
        } catch (BagFormatException e) {
            pool.give(records);
            throw e;
        }
    }

    /** Returns a chunk's buffer for reuse once all its messages were taken. */
    void release(ChunkMessages messages) {
        pool.give(messages.buffer());
    }

    @Override
    public void close() {
        decompressor.close();
    }
}
