package org.gpuvo.ros.cdr;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.gpuvo.ros.cdr.ByteViews.INT_BE;
import static org.gpuvo.ros.cdr.ByteViews.INT_LE;
import static org.gpuvo.ros.cdr.ByteViews.LONG_BE;
import static org.gpuvo.ros.cdr.ByteViews.LONG_LE;
import static org.gpuvo.ros.cdr.ByteViews.SHORT_BE;
import static org.gpuvo.ros.cdr.ByteViews.SHORT_LE;

/**
 * Reads the fields of one serialized ROS 2 message: plain CDR (OMG CDR version 1, XCDR1) after the 4-byte
 * encapsulation header, in the byte order that header names. Each primitive is aligned to its own size (at most 8)
 * counted from the first byte after the header; strings are a uint32 length that counts the terminating NUL, the
 * UTF-8 bytes and the NUL; sequences are a uint32 count and the elements; fixed arrays have no count.
 *
 * <p>Works in place on the caller's array: nothing is copied except where a field is returned as an array of its
 * own ({@link #uint8Sequence}, the float64 arrays). Every length is checked against the bytes left before anything is
 * allocated; a field that does not fit throws {@link CdrException} naming the field (e.g.
 * {@code sensor_msgs/msg/Image.header.frame_id}) and the byte offset in the blob. Each method takes the field's name
 * only for that message. A reader that has thrown is not to be used further.</p>
 */
public final class CdrReader {
    /** The most trailing bytes accepted after the last field: the padding to 4 bytes that rmw implementations add. */
    static final int MAX_TRAILING_PADDING = 3;

    private final byte[] buffer;
    private final int blobStart;
    /** Index in {@link #buffer} that alignment is counted from: the first byte after the encapsulation header. */
    private final int origin;
    private final int end;
    private final boolean little;
    private final FieldPath path;
    private int position;

    private CdrReader(byte[] buffer, int blobStart, int end, ByteOrder order, String messageType) {
        this.buffer = buffer;
        this.blobStart = blobStart;
        this.origin = blobStart + Encapsulation.HEADER_SIZE;
        this.end = end;
        this.little = order == ByteOrder.LITTLE_ENDIAN;
        this.path = new FieldPath(messageType);
        this.position = origin;
    }

    /**
     * A reader of the blob {@code blob[offset, offset + length)}, positioned after its encapsulation header.
     *
     * @param messageType the ROS type expected, e.g. {@code sensor_msgs/msg/Image}, for the error messages
     * @throws CdrException where the header is missing or is not plain CDR
     */
    public static CdrReader open(byte[] blob, int offset, int length, String messageType) {
        java.util.Objects.checkFromIndexSize(offset, length, blob.length);
        ByteOrder order = Encapsulation.read(blob, offset, length, messageType);
        return new CdrReader(blob, offset, offset + length, order, messageType);
    }

    /** The byte order the blob's header names. */
    public ByteOrder order() {
        return little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** The offset of the next byte to read, counted from the start of the blob (its encapsulation header). */
    public int position() {
        return position - blobStart;
    }

    /** Bytes not read yet. */
    public int remaining() {
        return end - position;
    }

    public boolean bool(String field) {
        return buffer[take(field, "bool", 1, 1)] != 0;
    }

    public byte int8(String field) {
        return buffer[take(field, "int8", 1, 1)];
    }

    public int uint8(String field) {
        return buffer[take(field, "uint8", 1, 1)] & 0xFF;
    }

    public short int16(String field) {
        int p = take(field, "int16", 2, 2);
        return little ? (short) SHORT_LE.get(buffer, p) : (short) SHORT_BE.get(buffer, p);
    }

    public int uint16(String field) {
        return int16(field) & 0xFFFF;
    }

    public int int32(String field) {
        return readInt(take(field, "int32", 4, 4));
    }

    /** A uint32 as its 32 bits (values above 2^31 - 1 come back negative; see {@link Integer#toUnsignedLong}). */
    public int uint32(String field) {
        return readInt(take(field, "uint32", 4, 4));
    }

    public long int64(String field) {
        return readLong(take(field, "int64", 8, 8));
    }

    /** A uint64 as its 64 bits. */
    public long uint64(String field) {
        return readLong(take(field, "uint64", 8, 8));
    }

    public float float32(String field) {
        return Float.intBitsToFloat(readInt(take(field, "float32", 4, 4)));
    }

    public double float64(String field) {
        return Double.longBitsToDouble(readLong(take(field, "float64", 8, 8)));
    }

    /**
     * A string: its UTF-8 bytes without the terminating NUL. A length of 0 (no NUL at all), which some writers use
     * for the empty string, reads as "".
     */
    public String string(String field) {
        long length = count(field, "string length (uint32)");
        if (length == 0)
            return "";
        int p = takeCounted(field, "string", length, "bytes", 1, 1);
        int last = p + (int) length - 1;
        if (buffer[last] != 0)
            throw fail(field, "string of " + length + " bytes does not end in NUL", p);
        return new String(buffer, p, (int) length - 1, StandardCharsets.UTF_8);
    }

    /** A {@code uint8[]} (or {@code byte[]}) sequence, copied once into an array of its own. */
    public byte[] uint8Sequence(String field) {
        long count = count(field, "sequence length (uint32)");
        int p = takeCounted(field, "sequence", count, "bytes", 1, 1);
        return Arrays.copyOfRange(buffer, p, p + (int) count);
    }

    /** A {@code float64[]} sequence. */
    public double[] float64Sequence(String field) {
        long count = count(field, "sequence length (uint32)");
        // no padding before an empty sequence: Fast CDR aligns only where there are elements
        int p = takeCounted(field, "sequence", count, "float64", count == 0 ? 1 : 8, 8);
        return readDoubles(p, (int) count);
    }

    /** A fixed-size {@code float64[count]} array (no count on the wire). */
    public double[] float64Array(String field, int count) {
        if (count < 0)
            throw new IllegalArgumentException("negative array size " + count);
        int p = takeCounted(field, "array", count, "float64", count == 0 ? 1 : 8, 8);
        return readDoubles(p, count);
    }

    /** A nested message. */
    public <T> T struct(String field, CdrType<T> type) {
        path.push(field);
        T value = type.read(this);
        path.pop();
        return value;
    }

    /** A sequence of nested messages. */
    public <T> List<T> sequence(String field, CdrType<T> type) {
        long count = count(field, "sequence length (uint32)");
        // every element takes at least one byte: a count above the bytes left is a lie, found before allocating
        if (count > end - position)
            throw tooShort(field, "sequence of " + count + " elements", position);
        int n = (int) count;
        List<T> values = new ArrayList<>(Math.min(n, 64));
        for (int i = 0; i < n; i++) {
            path.push(field, i);
            values.add(type.read(this));
            path.pop();
        }
        return values;
    }

    /**
     * Checks that the message used the whole blob, up to the few bytes of padding to a multiple of 4 that rmw
     * implementations append; more left over means the blob is of another type.
     */
    public void finish() {
        if (end - position > MAX_TRAILING_PADDING)
            throw new CdrException(path.describe(null) + ": " + remaining() + " bytes left over after the message "
                    + "at offset " + position() + " (a message of another type?)", position());
    }

    /** A uint32 length or count. */
    private long count(String field, String kind) {
        return Integer.toUnsignedLong(readInt(take(field, kind, 4, 4)));
    }

    private double[] readDoubles(int p, int count) {
        double[] values = new double[count];
        for (int i = 0; i < count; i++)
            values[i] = Double.longBitsToDouble(readLong(p + 8 * i));
        return values;
    }

    private int readInt(int p) {
        return little ? (int) INT_LE.get(buffer, p) : (int) INT_BE.get(buffer, p);
    }

    private long readLong(int p) {
        return little ? (long) LONG_LE.get(buffer, p) : (long) LONG_BE.get(buffer, p);
    }

    /**
     * Skips the padding before a value aligned to {@code alignment} bytes, checks that {@code size} bytes follow,
     * and returns the index of the first.
     */
    private int take(String field, String kind, int alignment, int size) {
        int p = position + ((origin - position) & (alignment - 1));
        if (size > end - p)
            throw tooShort(field, kind, p);
        position = p + size;
        return p;
    }

    /** As {@link #take} for {@code count} elements of {@code elementSize} bytes; the count is a uint32 as read. */
    private int takeCounted(String field, String kind, long count, String unit, int alignment, int elementSize) {
        int p = position + ((origin - position) & (alignment - 1));
        long size = count * elementSize;
        if (size > end - p)
            throw tooShort(field, kind + " of " + count + " " + unit, p);
        position = p + (int) size;
        return p;
    }

    private CdrException tooShort(String field, String what, int p) {
        return fail(field, what + " at offset " + (p - blobStart) + " but only " + Math.max(0, end - p)
                + " bytes left", p);
    }

    private CdrException fail(String field, String problem, int index) {
        return new CdrException(path.describe(field) + ": " + problem, index - blobStart);
    }
}
