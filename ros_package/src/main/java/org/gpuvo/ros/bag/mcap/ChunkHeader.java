package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

/**
 * The fields of a Chunk record (spec op 0x06) before its records: message time range, uncompressed size, CRC-32 of
 * the uncompressed records (0 = not computed), compression ("", "zstd", "lz4"), and the length of the (compressed)
 * records that follow.
 */
record ChunkHeader(long messageStartTime, long messageEndTime, long uncompressedSize, long uncompressedCrc,
                   String compression, long recordsLength) {
    static ChunkHeader read(RecordInput in) throws BagFormatException {
        return new ChunkHeader(in.u64("message_start_time"), in.u64("message_end_time"),
                in.size64("uncompressed_size"), in.u32("uncompressed_crc"), in.string("compression"),
                in.size64("records length"));
    }
}
