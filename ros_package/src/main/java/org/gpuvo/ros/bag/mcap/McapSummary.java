package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The summary section of an MCAP file, found through its footer: schemas, channels, statistics, chunk indexes and
 * metadata indexes (spec "Summary Section"). Other summary records are skipped. Reading it checks the summary CRC
 * where the footer has one and that every chunk index points inside the data section.
 */
final class McapSummary {
    /** Metadata Index record (spec op 0x0D): where a Metadata record is, and its name. */
    record MetadataIndex(long offset, long length, String name) {
    }

    final List<SchemaRecord> schemas = new ArrayList<>();
    final List<ChannelRecord> channels = new ArrayList<>();
    final List<ChunkIndexRecord> chunkIndexes = new ArrayList<>();
    final List<MetadataIndex> metadataIndexes = new ArrayList<>();
    StatisticsRecord statistics;

    private McapSummary() {
    }

    /**
     * The footer at the end of the file, or null where the file does not end with a footer and the magic (a
     * recording that was cut short).
     */
    static FooterRecord readFooter(McapFile file) throws IOException {
        long footerOffset = file.size() - McapFormat.FILE_TAIL;
        if (footerOffset < McapFormat.MAGIC.length)
            return null;
        byte[] tail = new byte[McapFormat.FILE_TAIL];
        file.read(footerOffset, tail, 0, tail.length);
        for (int i = 0; i < McapFormat.MAGIC.length; i++)
            if (tail[tail.length - McapFormat.MAGIC.length + i] != McapFormat.MAGIC[i])
                return null;
        if ((tail[0] & 0xFF) != McapFormat.OP_FOOTER
                || RecordInput.getLongLE(tail, 1) != McapFormat.FOOTER_CONTENT)
            return null;
        return FooterRecord.read(RecordInput.ofFile(file.path(), tail, McapFormat.RECORD_PREFIX,
                McapFormat.RECORD_PREFIX + McapFormat.FOOTER_CONTENT, footerOffset + McapFormat.RECORD_PREFIX));
    }

    /**
     * Reads the summary that {@code footer} points to; {@code dataStart} is where the data section begins.
     * Throws where the summary is damaged (the caller then reads the data section instead).
     */
    static McapSummary read(McapFile file, FooterRecord footer, long dataStart) throws IOException {
        long footerOffset = file.size() - McapFormat.FILE_TAIL;
        long start = footer.summaryStart();
        long end = footer.summaryOffsetStart() != 0 ? footer.summaryOffsetStart() : footerOffset;
        if (start < dataStart || start > end || end > footerOffset)
            throw new BagFormatException(file.path(), footerOffset, "footer points to a summary at [" + start
                    + ", " + end + ") outside the file's sections");
        long covered = footerOffset + FooterRecord.CRC_COVERED_PREFIX - start;
        if (covered > McapFormat.MAX_ARRAY)
            throw new BagFormatException(file.path(), start, "summary of " + covered + " bytes is too large");
        byte[] bytes = new byte[(int) covered];
        file.read(start, bytes, 0, bytes.length);
        if (footer.summaryCrc() != 0) {
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, bytes.length);
            if (crc.getValue() != footer.summaryCrc())
                throw new BagFormatException(file.path(), start, String.format(
                        "summary CRC mismatch: %08x computed, %08x in the footer", crc.getValue(),
                        footer.summaryCrc()));
        }
        McapSummary summary = new McapSummary();
        RecordInput in = RecordInput.ofFile(file.path(), bytes, 0, (int) (end - start), start);
        while (in.remaining() > 0) {
            long recordOffset = in.fileOffset();
            int opcode = in.u8("record opcode");
            long length = in.size64("record length");
            RecordInput record = in.slice(length, McapFormat.opcodeName(opcode) + " record");
            switch (opcode) {
                case McapFormat.OP_SCHEMA -> summary.schemas.add(SchemaRecord.read(record));
                case McapFormat.OP_CHANNEL -> summary.channels.add(ChannelRecord.read(record));
                case McapFormat.OP_STATISTICS -> summary.statistics = StatisticsRecord.read(record);
                case McapFormat.OP_CHUNK_INDEX -> {
                    ChunkIndexRecord index = ChunkIndexRecord.read(record);
                    if (index.chunkStartOffset() < dataStart || index.chunkLength() > start - index.chunkStartOffset())
                        throw new BagFormatException(file.path(), recordOffset, "chunk index points to ["
                                + index.chunkStartOffset() + ", +" + index.chunkLength()
                                + ") outside the data section");
                    summary.chunkIndexes.add(index);
                }
                case McapFormat.OP_METADATA_INDEX -> summary.metadataIndexes.add(new MetadataIndex(
                        record.size64("metadata offset"), record.size64("metadata length"),
                        record.string("metadata name")));
                default -> {
                    // attachment indexes and records unknown to this reader are skipped (spec)
                }
            }
        }
        return summary;
    }
}
