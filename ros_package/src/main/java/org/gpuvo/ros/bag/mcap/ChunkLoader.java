package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagReadLimits;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;

/**
 * Reads a Chunk record from the file, decompresses its records, checks their CRC where the chunk has one, and
 * parses them. Damage is reported as a {@link BagFormatException} at the chunk's offset. Compressed and
 * decompressed buffers are reused from chunk to chunk; the compressed one is direct, which spares a copy of every
 * compressed byte (the JDK reads into heap arrays through a direct buffer of its own).
 */
final class ChunkLoader implements AutoCloseable {
    private final McapFile file;
    private final BufferPool pool = new BufferPool();
    private final ChunkDecompressor decompressor = new ChunkDecompressor(pool);
    private final CRC32 crc = new CRC32();
    private final BagReadLimits limits = BagReadLimits.defaults();
    /** Chunk fields before the compression string: start and end time, uncompressed size, CRC. */
    private static final int FIXED_FIELDS = 8 + 8 + 8 + 4;

    /** The chunk record as read from the file: direct, so that zstd decompresses from where the file put it. */
    private ByteBuffer raw = ByteBuffer.allocateDirect(0).order(ByteOrder.LITTLE_ENDIAN);
    private byte[] head = new byte[64];

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
        if (raw.capacity() < length)
            raw = ByteBuffer.allocateDirect((int) Math.min(McapFormat.MAX_ARRAY, Math.max(length, 2L * raw.capacity())))
                    .order(ByteOrder.LITTLE_ENDIAN);
        raw.clear().limit(length);
        file.read(header.contentStart(), raw);
        // the fields before the records, up to the end of the compression string and the records' length
        int compressionLength = length >= FIXED_FIELDS + 4 ? raw.getInt(FIXED_FIELDS) : 0;
        int fields = (int) Math.min(length, FIXED_FIELDS + 4 + 8 + (compressionLength & 0xFFFFFFFFL));
        if (head.length < fields)
            head = new byte[fields];
        raw.get(0, head, 0, fields);
        RecordInput in = RecordInput.ofFile(file.path(), head, 0, fields, header.contentStart());
        ChunkHeader chunk = ChunkHeader.read(in);
        if (chunk.recordsLength() > length - fields)
            throw new BagFormatException(file.path(), offset, "chunk records of " + chunk.recordsLength()
                    + " bytes run past the chunk record (" + (length - fields) + " bytes left)");
        McapCompression compression = McapCompression.fromId(chunk.compression());
        if (compression == null)
            throw new BagFormatException(file.path(), offset, "chunk uses unknown compression '"
                    + chunk.compression() + "'");
        limits.checkChunk(chunk.uncompressedSize(), file.path(), offset);
        if (chunk.uncompressedSize() > McapFormat.MAX_ARRAY)
            throw new BagFormatException(file.path(), offset, "chunk declares " + chunk.uncompressedSize()
                    + " uncompressed bytes, too many to hold");
        int size = (int) chunk.uncompressedSize();
        byte[] records;
        try {
            records = decompressor.decompress(compression, raw, fields, (int) chunk.recordsLength(), size);
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
