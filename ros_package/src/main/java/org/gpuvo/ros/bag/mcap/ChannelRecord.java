package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.util.Map;

/**
 * Channel record (spec op 0x04): id (uint16), schema_id (uint16, 0 = none), topic, message_encoding, metadata
 * (Map&lt;String, String&gt;).
 */
record ChannelRecord(int id, int schemaId, String topic, String messageEncoding, Map<String, String> metadata) {
    static ChannelRecord read(RecordInput in) throws BagFormatException {
        return new ChannelRecord(in.u16("channel id"), in.u16("channel schema id"), in.string("channel topic"),
                in.string("channel message encoding"), in.stringMap("channel metadata"));
    }

    void write(LittleEndianBuffer out) {
        int at = out.beginRecord(McapFormat.OP_CHANNEL);
        out.u16(id).u16(schemaId).string(topic).string(messageEncoding).stringMap(metadata);
        out.endRecord(at);
    }
}
