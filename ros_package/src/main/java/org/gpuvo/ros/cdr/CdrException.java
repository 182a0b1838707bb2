package org.gpuvo.ros.cdr;

/**
 * A CDR blob that cannot be decoded: truncated, a length field larger than the bytes left, an unsupported
 * encapsulation, bytes left over. The message names the field (e.g. {@code sensor_msgs/msg/Image.header.frame_id})
 * and the byte offset in the blob, counted from its first encapsulation byte.
 *
 * <p>Unchecked: a decoder is called per message, and one bad message is the caller's to count and skip.</p>
 */
public class CdrException extends RuntimeException {
    private final int offset;

    public CdrException(String message, int offset) {
        super(message);
        this.offset = offset;
    }

    /** Byte offset of the fault in the blob (0 is the first byte of the encapsulation header). */
    public int offset() {
        return offset;
    }
}
