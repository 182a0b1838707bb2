package org.gpuvo.ros.cdr;

import java.nio.ByteOrder;

/**
 * Serializes one ROS 2 message type to and from CDR blobs (the 4-byte encapsulation header, then the fields): the
 * form of sqlite3 and MCAP bag messages and of DDS samples. Get one from {@link MessageCodecs}. Thread-safe.
 */
public interface MessageCodec<T> {
    /** The ROS 2 type name, e.g. {@code sensor_msgs/msg/Image}. */
    String type();

    /** The record class of the messages. */
    Class<T> messageClass();

    /**
     * The full {@code ros2msg} definition, as rosbag2 writes it into MCAP schemas and sqlite3 bags: the type's
     * {@code .msg} text, then, for each type it uses, a line of 80 '=', {@code MSG: pkg/Type} and that type's text.
     */
    String definition();

    /**
     * The type's hash as REP-2011 defines it ({@code RIHS01_} and 64 hex digits), as ROS 2 from Iron on announces it
     * in discovery and writes it into bags.
     */
    String typeHash();

    /** Decodes a whole blob. */
    default T decode(byte[] blob) {
        return decode(blob, 0, blob.length);
    }

    /**
     * Decodes the blob {@code blob[offset, offset + length)}, little or big endian as its header says. Up to 3
     * trailing padding bytes are accepted.
     *
     * @throws CdrException               where the blob is not a valid message of this type; it names the field and
     *                                    the byte offset
     * @throws IndexOutOfBoundsException where {@code offset} and {@code length} do not lie within {@code blob}
     */
    T decode(byte[] blob, int offset, int length);

    /** Encodes a message as little-endian CDR, the byte order ROS 2 uses on common machines. */
    default byte[] encode(T message) {
        return encode(message, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Encodes a message in the given byte order.
     *
     * @throws NullPointerException     where a field is null
     * @throws IllegalArgumentException where a fixed-size array has the wrong length or a string holds NUL
     */
    byte[] encode(T message, ByteOrder order);
}
