package org.gpuvo.ros.transport.ihmc;

/**
 * One serialized message (encapsulation header and CDR body) on its way through Fast DDS: a buffer and how many of
 * its bytes are the message. On the way out the buffer is the caller's array; on the way in it is reused and grows
 * to the largest message seen.
 */
final class CdrSample {
    byte[] data = new byte[0];
    int length;

    /** Makes room for {@code size} bytes; what the buffer held is not kept. */
    void ensureCapacity(int size) {
        if (data.length < size)
            data = new byte[size];
    }
}
