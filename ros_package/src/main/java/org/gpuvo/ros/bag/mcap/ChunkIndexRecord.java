package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.util.Map;

/**
 * Chunk Index record (spec op 0x08), in the summary: the chunk's message time range, where the chunk record is
 * ({@code chunkStartOffset}, {@code chunkLength}: the whole record), the offset of each channel's Message Index
 * record after it, their total length, and the compression and sizes of the chunk's records.
 */
record ChunkIndexRecord(long messageStartTime, long messageEndTime, long chunkStartOffset, long chunkLength,
                        Map<Integer, Long> messageIndexOffsets, long messageIndexLength, String compression,
                        long compressedSize, long uncompressedSize) {
    static ChunkIndexRecord read(RecordInput in) throws BagFormatException {
        return new ChunkIndexRecord(in.u64("message_start_time"), in.u64("message_end_time"),
                in.size64("chunk_start_offset"), in.size64("chunk_length"),
                in.idToLongMap("message_index_offsets"), in.size64("message_index_length"),
                in.string("compression"), in.size64("compressed_size"), in.size64("uncompressed_size"));
    }

    void write(LittleEndianBuffer out) {
        int at = out.beginRecord(McapFormat.OP_CHUNK_INDEX);
        out.u64(messageStartTime).u64(messageEndTime).u64(chunkStartOffset).u64(chunkLength)
                .idToLongMap(messageIndexOffsets).u64(messageIndexLength).string(compression)
                .u64(compressedSize).u64(uncompressedSize);
        out.endRecord(at);
    }
}
