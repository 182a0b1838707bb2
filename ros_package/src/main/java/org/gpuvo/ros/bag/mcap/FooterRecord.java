package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

/**
 * Footer record (spec op 0x02), the last record before the trailing magic: where the summary and the summary
 * offset sections start (0 = absent) and a CRC-32 of the bytes from the summary's start up to and including
 * summary_offset_start (0 = not computed).
 */
record FooterRecord(long summaryStart, long summaryOffsetStart, long summaryCrc) {
    static FooterRecord read(RecordInput in) throws BagFormatException {
        return new FooterRecord(in.size64("summary_start"), in.size64("summary_offset_start"),
                in.u32("summary_crc"));
    }

    /** Bytes of the footer that the summary CRC covers: its opcode, length, summary_start and summary_offset_start. */
    static final int CRC_COVERED_PREFIX = McapFormat.RECORD_PREFIX + 16;
}
