package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

/** Schema record (spec op 0x03): id (uint16), name, encoding, data (uint32-prefixed bytes). Id 0 is invalid. */
record SchemaRecord(int id, String name, String encoding, byte[] data) {
    static SchemaRecord read(RecordInput in) throws BagFormatException {
        return new SchemaRecord(in.u16("schema id"), in.string("schema name"), in.string("schema encoding"),
                in.bytes32("schema data"));
    }

    void write(LittleEndianBuffer out) {
        int at = out.beginRecord(McapFormat.OP_SCHEMA);
        out.u16(id).string(name).string(encoding).bytes32(data);
        out.endRecord(at);
    }
}
