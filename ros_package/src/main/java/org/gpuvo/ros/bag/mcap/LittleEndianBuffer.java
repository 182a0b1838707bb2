package org.gpuvo.ros.bag.mcap;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * A growable byte array that MCAP records are assembled in, little endian as the spec's "Serialization" section
 * requires. It is also an {@link OutputStream} so that a compressing stream can write into it.
 */
final class LittleEndianBuffer extends OutputStream {
    private byte[] buf;
    private int size;

    LittleEndianBuffer(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    /** The backing array; bytes {@code [0, size())} are valid. */
    byte[] array() {
        return buf;
    }

    void clear() {
        size = 0;
    }

    /** Makes room for {@code n} more bytes and returns the index where they go (the caller fills them). */
    int reserve(int n) {
        ensure(n);
        int at = size;
        size += n;
        return at;
    }

    /** Drops bytes past {@code newSize} (after a {@link #reserve} that was not filled). */
    void truncate(int newSize) {
        if (newSize < 0 || newSize > size)
            throw new IllegalArgumentException("size " + newSize + " outside [0, " + size + "]");
        size = newSize;
    }

    /** Starts a record: its opcode and a length to be filled in by {@link #endRecord}; returns where that is. */
    int beginRecord(int opcode) {
        u8(opcode);
        return reserve(8);
    }

    /** Fills in the content length of the record begun with {@link #beginRecord}. */
    void endRecord(int lengthAt) {
        putLongAt(lengthAt, size - lengthAt - 8);
    }

    LittleEndianBuffer u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    LittleEndianBuffer u16(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
        return this;
    }

    LittleEndianBuffer u32(long v) {
        ensure(4);
        putIntAt(size, (int) v);
        size += 4;
        return this;
    }

    LittleEndianBuffer u64(long v) {
        ensure(8);
        putLongAt(size, v);
        size += 8;
        return this;
    }

    /** Overwrites the uint64 at {@code index} (a length written before its content was known). */
    void putLongAt(int index, long v) {
        putIntAt(index, (int) v);
        putIntAt(index + 4, (int) (v >>> 32));
    }

    void putIntAt(int index, int v) {
        buf[index] = (byte) v;
        buf[index + 1] = (byte) (v >>> 8);
        buf[index + 2] = (byte) (v >>> 16);
        buf[index + 3] = (byte) (v >>> 24);
    }

    LittleEndianBuffer string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        u32(b.length);
        return bytes(b, 0, b.length);
    }

    /** Bytes with a uint32 length prefix. */
    LittleEndianBuffer bytes32(byte[] b) {
        u32(b.length);
        return bytes(b, 0, b.length);
    }

    LittleEndianBuffer bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    /** Map&lt;String, String&gt; with its uint32 byte length. */
    LittleEndianBuffer stringMap(Map<String, String> map) {
        int lengthAt = reserve(4);
        for (Map.Entry<String, String> e : map.entrySet())
            string(e.getKey()).string(e.getValue());
        putIntAt(lengthAt, size - lengthAt - 4);
        return this;
    }

    /** Map&lt;uint16, uint64&gt; with its uint32 byte length. */
    LittleEndianBuffer idToLongMap(Map<Integer, Long> map) {
        u32(map.size() * 10L);
        for (Map.Entry<Integer, Long> e : map.entrySet())
            u16(e.getKey()).u64(e.getValue());
        return this;
    }

    @Override
    public void write(int b) {
        u8(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        bytes(b, off, len);
    }

    private void ensure(int n) {
        long needed = (long) size + n;
        if (needed <= buf.length)
            return;
        if (needed > McapFormat.MAX_ARRAY)
            throw new IllegalStateException("an MCAP record of " + needed + " bytes does not fit in a Java array");
        buf = Arrays.copyOf(buf, (int) Math.min(McapFormat.MAX_ARRAY, Math.max(needed, buf.length * 2L)));
    }
}
