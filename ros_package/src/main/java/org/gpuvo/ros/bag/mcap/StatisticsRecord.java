package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.util.Map;

/**
 * Statistics record (spec op 0x0B), in the summary: counts of messages, schemas (uint16), channels, attachments,
 * metadata and chunks (uint32), the time range of all messages, and the message count of each channel.
 */
record StatisticsRecord(long messageCount, int schemaCount, long channelCount, long attachmentCount,
                        long metadataCount, long chunkCount, long messageStartTime, long messageEndTime,
                        Map<Integer, Long> channelMessageCounts) {
    static StatisticsRecord read(RecordInput in) throws BagFormatException {
        return new StatisticsRecord(in.u64("message_count"), in.u16("schema_count"), in.u32("channel_count"),
                in.u32("attachment_count"), in.u32("metadata_count"), in.u32("chunk_count"),
                in.u64("message_start_time"), in.u64("message_end_time"),
                in.idToLongMap("channel_message_counts"));
    }

    void write(LittleEndianBuffer out) {
        int at = out.beginRecord(McapFormat.OP_STATISTICS);
        out.u64(messageCount).u16(schemaCount).u32(channelCount).u32(attachmentCount).u32(metadataCount)
                .u32(chunkCount).u64(messageStartTime).u64(messageEndTime).idToLongMap(channelMessageCounts);
        out.endRecord(at);
    }
}
