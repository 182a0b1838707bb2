package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the little-endian fields of MCAP records (spec "Serialization": uintN, String and Bytes with a uint32
 * length, Map and Array with a uint32 byte length) from a part of a byte array. Every length is checked against
 * what is left, so a lying field ends in a {@link BagFormatException} naming the place, never in a huge
 * allocation.
 */
final class RecordInput {
    private final Path file;
    private final byte[] buf;
    private final int start;
    private final int end;
    private final long fileOffset;
    private final boolean inChunk;
    private int pos;

    private RecordInput(Path file, byte[] buf, int start, int end, long fileOffset, boolean inChunk) {
        this.file = file;
        this.buf = buf;
        this.start = start;
        this.end = end;
        this.fileOffset = fileOffset;
        this.inChunk = inChunk;
        this.pos = start;
    }

    /** Bytes {@code [start, end)} of {@code buf}, read from the file at {@code fileOffset}. */
    static RecordInput ofFile(Path file, byte[] buf, int start, int end, long fileOffset) {
        return new RecordInput(file, buf, start, end, fileOffset, false);
    }

    /** Bytes {@code [start, end)} of a decompressed chunk: errors name the chunk's offset in the file. */
    static RecordInput ofChunk(Path file, byte[] buf, int start, int end, long chunkOffset) {
        return new RecordInput(file, buf, start, end, chunkOffset, true);
    }

    /** The next {@code length} bytes as an input of their own (a record's content); this one skips them. */
    RecordInput slice(long length, String what) throws BagFormatException {
        need(length, what);
        RecordInput sub = new RecordInput(file, buf, pos, pos + (int) length,
                inChunk ? fileOffset : fileOffset + (pos - start), inChunk);
        pos += (int) length;
        return sub;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return end - pos;
    }

    byte[] array() {
        return buf;
    }

    /** File offset of the current position (of the chunk, inside a chunk). */
    long fileOffset() {
        return inChunk ? fileOffset : fileOffset + (pos - start);
    }

    int u8(String what) throws BagFormatException {
        need(1, what);
        return buf[pos++] & 0xFF;
    }

    int u16(String what) throws BagFormatException {
        need(2, what);
        int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    /** A uint32 as a non-negative long. */
    long u32(String what) throws BagFormatException {
        need(4, what);
        long v = getIntLE(buf, pos) & 0xFFFFFFFFL;
        pos += 4;
        return v;
    }

    /** A uint64 as its bit pattern (timestamps past 2262 come out negative). */
    long u64(String what) throws BagFormatException {
        need(8, what);
        long v = getLongLE(buf, pos);
        pos += 8;
        return v;
    }

    /** A uint64 that is a length or an offset: must fit in a signed long. */
    long size64(String what) throws BagFormatException {
        long v = u64(what);
        if (v < 0)
            throw fail(what + " of " + Long.toUnsignedString(v) + " is impossibly large");
        return v;
    }

    String string(String what) throws BagFormatException {
        long n = u32(what + " length");
        need(n, what);
        String s = new String(buf, pos, (int) n, StandardCharsets.UTF_8);
        pos += (int) n;
        return s;
    }

    /** Bytes with a uint32 length prefix. */
    byte[] bytes32(String what) throws BagFormatException {
        long n = u32(what + " length");
        need(n, what);
        byte[] b = java.util.Arrays.copyOfRange(buf, pos, pos + (int) n);
        pos += (int) n;
        return b;
    }

    /** Map&lt;String, String&gt;: uint32 byte length, then key and value strings. */
    Map<String, String> stringMap(String what) throws BagFormatException {
        RecordInput entries = slice(u32(what + " length"), what);
        Map<String, String> map = new LinkedHashMap<>();
        while (entries.remaining() > 0)
            map.put(entries.string(what + " key"), entries.string(what + " value"));
        return map;
    }

    /** Map&lt;uint16, uint64&gt;: uint32 byte length, then (key, value) pairs. */
    Map<Integer, Long> idToLongMap(String what) throws BagFormatException {
        RecordInput entries = slice(u32(what + " length"), what);
        Map<Integer, Long> map = new LinkedHashMap<>();
        while (entries.remaining() > 0)
            map.put(entries.u16(what + " key"), entries.u64(what + " value"));
        return map;
    }

    void skip(long n, String what) throws BagFormatException {
        need(n, what);
        pos += (int) n;
    }

    /** An error at the current position. */
    BagFormatException fail(String message) {
        if (inChunk)
            return new BagFormatException(file, fileOffset,
                    message + " (uncompressed byte " + (pos - start) + " of the chunk)");
        return new BagFormatException(file, fileOffset(), message);
    }

    private void need(long n, String what) throws BagFormatException {
        if (n < 0 || n > end - pos)
            throw fail(what + " needs " + n + " bytes but only " + (end - pos) + " are left in the record");
    }

    static int getIntLE(byte[] b, int i) {
        return (b[i] & 0xFF) | (b[i + 1] & 0xFF) << 8 | (b[i + 2] & 0xFF) << 16 | (b[i + 3] & 0xFF) << 24;
    }

    static long getLongLE(byte[] b, int i) {
        return (getIntLE(b, i) & 0xFFFFFFFFL) | (long) getIntLE(b, i + 4) << 32;
    }
}
