package org.gpuvo.ros.bag.mcap;

/**
 * Constants of the MCAP format, version 0 (https://mcap.dev/spec): the magic, the record opcodes, and the keys
 * that rosbag2's MCAP storage plugin writes into channel metadata (seen in real rosbag2 recordings).
 */
final class McapFormat {
    private McapFormat() {
    }

    /** Begins and ends every MCAP file: 0x89 "MCAP" '0' "\r\n"; the '0' is the major version. */
    static final byte[] MAGIC = {(byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};

    /** Every record: opcode (uint8), content length (uint64), content. */
    static final int RECORD_PREFIX = 1 + 8;
    /** Footer content: summary_start, summary_offset_start (uint64), summary_crc (uint32). */
    static final int FOOTER_CONTENT = 8 + 8 + 4;
    /** The footer record and the trailing magic. */
    static final int FILE_TAIL = RECORD_PREFIX + FOOTER_CONTENT + 8;

    static final int OP_HEADER = 0x01;
    static final int OP_FOOTER = 0x02;
    static final int OP_SCHEMA = 0x03;
    static final int OP_CHANNEL = 0x04;
    static final int OP_MESSAGE = 0x05;
    static final int OP_CHUNK = 0x06;
    static final int OP_MESSAGE_INDEX = 0x07;
    static final int OP_CHUNK_INDEX = 0x08;
    static final int OP_ATTACHMENT = 0x09;
    static final int OP_ATTACHMENT_INDEX = 0x0A;
    static final int OP_STATISTICS = 0x0B;
    static final int OP_METADATA = 0x0C;
    static final int OP_METADATA_INDEX = 0x0D;
    static final int OP_SUMMARY_OFFSET = 0x0E;
    static final int OP_DATA_END = 0x0F;

    /** Header profile of ROS 2 recordings (spec appendix "Well-known profiles"). */
    static final String PROFILE_ROS2 = "ros2";
    /** Schema encoding of ROS 2 .msg definitions (with their dependencies after "=====" separator lines). */
    static final String SCHEMA_ENCODING_ROS2MSG = "ros2msg";
    /** Channel metadata keys that rosbag2 writes. */
    static final String KEY_QOS = "offered_qos_profiles";
    static final String KEY_TYPE_HASH = "topic_type_hash";

    /** The largest byte array a JVM reliably allocates: chunks beyond it cannot be held in one. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    static String opcodeName(int opcode) {
        return switch (opcode) {
            case OP_HEADER -> "Header";
            case OP_FOOTER -> "Footer";
            case OP_SCHEMA -> "Schema";
            case OP_CHANNEL -> "Channel";
            case OP_MESSAGE -> "Message";
            case OP_CHUNK -> "Chunk";
            case OP_MESSAGE_INDEX -> "MessageIndex";
            case OP_CHUNK_INDEX -> "ChunkIndex";
            case OP_ATTACHMENT -> "Attachment";
            case OP_ATTACHMENT_INDEX -> "AttachmentIndex";
            case OP_STATISTICS -> "Statistics";
            case OP_METADATA -> "Metadata";
            case OP_METADATA_INDEX -> "MetadataIndex";
            case OP_SUMMARY_OFFSET -> "SummaryOffset";
            case OP_DATA_END -> "DataEnd";
            default -> String.format("unknown opcode 0x%02x", opcode);
        };
    }
}
