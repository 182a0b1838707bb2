package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.util.Map;

/** Metadata record (spec op 0x0C): a name and a Map&lt;String, String&gt; (rosbag2 writes "rosbag2"). */
record MetadataRecord(String name, Map<String, String> metadata) {
    static MetadataRecord read(RecordInput in) throws BagFormatException {
        return new MetadataRecord(in.string("metadata name"), in.stringMap("metadata"));
    }

    void write(LittleEndianBuffer out) {
        int at = out.beginRecord(McapFormat.OP_METADATA);
        out.string(name).stringMap(metadata);
        out.endRecord(at);
    }
}
