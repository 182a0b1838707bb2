package org.gpuvo.ros.bag.mcap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds MCAP bytes record by record, independently of the writer under test, for files that writer would never
 * produce: unknown opcodes, messages outside chunks, unusual compression, lying lengths.
 */
final class RawMcap {
    static final byte[] MAGIC = {(byte) 0x89, 'M', 'C', 'A', 'P', '0', '\r', '\n'};

    /** Little-endian fields of one record's content. */
    static final class Fields {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Fields u8(int v) {
            out.write(v);
            return this;
        }

        Fields u16(int v) {
            return u8(v).u8(v >>> 8);
        }

        Fields u32(long v) {
            for (int i = 0; i < 4; i++)
                out.write((int) (v >>> (8 * i)));
            return this;
        }

        Fields u64(long v) {
            for (int i = 0; i < 8; i++)
                out.write((int) (v >>> (8 * i)));
            return this;
        }

        Fields str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            u32(b.length);
            return raw(b);
        }

        Fields raw(byte[] b) {
            out.write(b, 0, b.length);
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    private final Fields file = new Fields();

    RawMcap() {
        file.raw(MAGIC);
    }

    static Fields fields() {
        return new Fields();
    }

    /** One record: opcode, content length, content. */
    static byte[] record(int opcode, Fields content) {
        byte[] c = content.bytes();
        return new Fields().u8(opcode).u64(c.length).raw(c).bytes();
    }

    static byte[] header() {
        return record(0x01, fields().str("ros2").str("raw test"));
    }

    static byte[] schema(int id, String name, String definition) {
        byte[] data = definition.getBytes(StandardCharsets.UTF_8);
        return record(0x03, fields().u16(id).str(name).str("ros2msg").u32(data.length).raw(data));
    }

    static byte[] channel(int id, int schemaId, String topic) {
        return record(0x04, fields().u16(id).u16(schemaId).str(topic).str("cdr").u32(0));
    }

    static byte[] message(int channel, long time, byte[] data) {
        return record(0x05, fields().u16(channel).u32(0).u64(time).u64(time).raw(data));
    }

    /** A chunk whose records are {@code compressed}, declaring {@code uncompressedSize} and no CRC. */
    static byte[] chunk(long start, long end, String compression, long uncompressedSize, byte[] compressed) {
        return record(0x06, fields().u64(start).u64(end).u64(uncompressedSize).u32(0).str(compression)
                .u64(compressed.length).raw(compressed));
    }

    static byte[] dataEnd() {
        return record(0x0F, fields().u32(0));
    }

    /** A footer without summary, and the magic. */
    static byte[] endWithoutSummary() {
        return new Fields().raw(record(0x02, fields().u64(0).u64(0).u32(0))).raw(MAGIC).bytes();
    }

    RawMcap add(byte[]... records) {
        for (byte[] r : records)
            file.raw(r);
        return this;
    }

    long size() {
        return file.out.size();
    }

    Path write(Path path) throws IOException {
        Files.write(path, file.bytes());
        return path;
    }

    static byte[] concat(byte[]... parts) {
        Fields f = new Fields();
        for (byte[] p : parts)
            f.raw(p);
        return f.bytes();
    }
}
