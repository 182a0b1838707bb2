package org.gpuvo.ros.cdr;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.gpuvo.ros.cdr.ByteViews.INT_BE;
import static org.gpuvo.ros.cdr.ByteViews.INT_LE;
import static org.gpuvo.ros.cdr.ByteViews.LONG_BE;
import static org.gpuvo.ros.cdr.ByteViews.LONG_LE;
import static org.gpuvo.ros.cdr.ByteViews.SHORT_BE;
import static org.gpuvo.ros.cdr.ByteViews.SHORT_LE;

/**
 * Writes one ROS 2 message as plain CDR (XCDR1), the layout {@link CdrReader} reads: the 4-byte encapsulation header
 * (00 01 for little endian, 00 00 for big endian, options 00 00), then the fields, each primitive aligned to its
 * size counted from the byte after the header, padding bytes zero, no padding after the last field.
 *
 * <p>The buffer grows as needed and can be reused for the next message with {@link #reset()}. Unsigned fields are
 * written from the low bits of the Java value. Values that CDR cannot carry (null, a fixed array of the wrong length,
 * a string holding NUL) are refused with an exception naming the field.</p>
 */
public final class CdrWriter {
    private static final int ORIGIN = Encapsulation.HEADER_SIZE;

    private final boolean little;
    private final FieldPath path;
    private byte[] buffer;
    private int position;

    /** A little-endian writer. */
    public CdrWriter() {
        this(ByteOrder.LITTLE_ENDIAN, "message", 256);
    }

    /**
     * @param messageType the ROS type written, for the error messages
     * @param initialCapacity bytes to start with (the buffer grows beyond them as needed)
     */
    public CdrWriter(ByteOrder order, String messageType, int initialCapacity) {
        this.little = order == ByteOrder.LITTLE_ENDIAN;
        this.path = new FieldPath(messageType);
        this.buffer = new byte[Math.max(initialCapacity, 64)];
        reset();
    }

    /** Starts a new message in the same buffer (also after an exception): only the encapsulation header is kept. */
    public void reset() {
        Encapsulation.write(buffer, order());
        position = ORIGIN;
        path.clear();
    }

    public ByteOrder order() {
        return little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** Bytes written so far, the header included. */
    public int size() {
        return position;
    }

    /** A copy of the bytes written so far, the header included. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buffer, position);
    }

    public void bool(boolean value) {
        int p = reserve(1, 1); // before indexing: reserve may replace the buffer
        buffer[p] = (byte) (value ? 1 : 0);
    }

    /** An int8 or uint8: the low 8 bits. */
    public void int8(int value) {
        int p = reserve(1, 1);
        buffer[p] = (byte) value;
    }

    public void uint8(int value) {
        int8(value);
    }

    /** An int16 or uint16: the low 16 bits. */
    public void int16(int value) {
        int p = reserve(2, 2);
        if (little)
            SHORT_LE.set(buffer, p, (short) value);
        else
            SHORT_BE.set(buffer, p, (short) value);
    }

    public void uint16(int value) {
        int16(value);
    }

    public void int32(int value) {
        writeInt(reserve(4, 4), value);
    }

    /** A uint32 from its 32 bits. */
    public void uint32(int value) {
        int32(value);
    }

    public void int64(long value) {
        writeLong(reserve(8, 8), value);
    }

    /** A uint64 from its 64 bits. */
    public void uint64(long value) {
        int64(value);
    }

    public void float32(float value) {
        writeInt(reserve(4, 4), Float.floatToRawIntBits(value));
    }

    public void float64(double value) {
        writeLong(reserve(8, 8), Double.doubleToRawLongBits(value));
    }

    /** A string: its UTF-8 length plus one, the bytes, a NUL. */
    public void string(String field, String value) {
        requireNonNull(field, value);
        if (value.indexOf('\0') >= 0)
            throw new IllegalArgumentException(path.describe(field) + ": a CDR string cannot hold NUL");
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        int32(utf8.length + 1);
        int p = reserve(1, utf8.length + 1L);
        System.arraycopy(utf8, 0, buffer, p, utf8.length);
        buffer[p + utf8.length] = 0;
    }

    /** A {@code uint8[]} sequence. */
    public void uint8Sequence(String field, byte[] values) {
        requireNonNull(field, values);
        int32(values.length);
        int p = reserve(1, values.length);
        System.arraycopy(values, 0, buffer, p, values.length);
    }

    /** A {@code float64[]} sequence: the count, and the values aligned to 8 where there are any. */
    public void float64Sequence(String field, double[] values) {
        requireNonNull(field, values);
        int32(values.length);
        writeDoubles(values);
    }

    /** A fixed-size {@code float64[count]} array: exactly {@code count} values, no count on the wire. */
    public void float64Array(String field, double[] values, int count) {
        requireNonNull(field, values);
        if (values.length != count)
            throw new IllegalArgumentException(path.describe(field) + ": fixed array of " + count
                    + " float64 but " + values.length + " given");
        writeDoubles(values);
    }

    /** A nested message. */
    public <T> void struct(String field, CdrType<T> type, T value) {
        requireNonNull(field, value);
        path.push(field);
        type.write(this, value);
        path.pop();
    }

    /** A sequence of nested messages. */
    public <T> void sequence(String field, CdrType<T> type, List<T> values) {
        requireNonNull(field, values);
        int32(values.size());
        for (int i = 0; i < values.size(); i++) {
            T value = values.get(i);
            path.push(field, i);
            if (value == null)
                throw new NullPointerException(path.describe(null) + " is null");
            type.write(this, value);
            path.pop();
        }
    }

    private void writeDoubles(double[] values) {
        if (values.length == 0)
            return; // Fast CDR aligns only where there are elements
        int p = reserve(8, 8L * values.length);
        for (int i = 0; i < values.length; i++)
            writeLong(p + 8 * i, Double.doubleToRawLongBits(values[i]));
    }

    private void writeInt(int p, int value) {
        if (little)
            INT_LE.set(buffer, p, value);
        else
            INT_BE.set(buffer, p, value);
    }

    private void writeLong(int p, long value) {
        if (little)
            LONG_LE.set(buffer, p, value);
        else
            LONG_BE.set(buffer, p, value);
    }

    /**
     * Writes zero padding up to {@code alignment} (counted from the byte after the header), makes room for
     * {@code size} more bytes, and returns the index of the first.
     */
    private int reserve(int alignment, long size) {
        int padding = (ORIGIN - position) & (alignment - 1);
        long needed = (long) position + padding + size;
        if (needed > buffer.length) {
            if (needed > Integer.MAX_VALUE - 8)
                throw new IllegalArgumentException(path.describe(null) + ": message larger than 2 GiB");
            buffer = Arrays.copyOf(buffer, (int) Math.max(needed, Math.min(2L * buffer.length,
                    Integer.MAX_VALUE - 8)));
        }
        Arrays.fill(buffer, position, position + padding, (byte) 0);
        int p = position + padding;
        position = (int) needed;
        return p;
    }

    private void requireNonNull(String field, Object value) {
        if (value == null)
            throw new NullPointerException(path.describe(field) + " is null");
    }
}
