package org.gpuvo.ros.transport.ihmc;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The request header that rmw_cyclonedds_cpp puts inside a service's payloads, and how a request and its reply carry
 * it. Its client writes, after the 4-byte encapsulation header and before the request's fields, a
 * {@code cdds_request_header_t} (rmw_cyclonedds_cpp {@code src/serdata.hpp}): {@code uint64_t guid}, the instance
 * handle of the client's request writer, and {@code int64_t seq}, the request's number, in the payload's byte order.
 * The server sends the same 16 bytes at the head of the reply; the client keeps only replies whose guid is its own
 * ({@code rmw_take_response_request} in {@code src/rmw_node.cpp}). Being 16 bytes, the header leaves the fields'
 * alignment as it would be without it.
 *
 * <p>rmw_fastrtps_cpp carries no header in the payload: the request's sample identity (writer GUID and sequence
 * number) is DDS's own, and the reply names it as its related sample identity, a parameter of the DDS write
 * ({@code __rmw_send_response} in rmw_fastrtps_shared_cpp {@code src/rmw_response.cpp}). Its clients since Humble
 * also put their reply reader's GUID in the request's related sample identity ({@code src/rmw_request.cpp}), which
 * tells their requests apart from rmw_cyclonedds_cpp's, which have none.</p>
 *
 * @param clientId the client's id, as its 8 bytes
 * @param sequence the request's number
 */
record RequestHeader(long clientId, long sequence) {
    static final int BYTES = 16;
    private static final int ENCAPSULATION_BYTES = 4;

    /** The header at the head of a request, or null where the payload is too short to hold one. */
    static RequestHeader of(byte[] payload) {
        if (payload.length < ENCAPSULATION_BYTES + BYTES)
            return null;
        ByteBuffer b = ByteBuffer.wrap(payload, ENCAPSULATION_BYTES, BYTES).order(order(payload));
        return new RequestHeader(b.getLong(), b.getLong());
    }

    /** The request without the header: its encapsulation header, then its fields. */
    static byte[] body(byte[] payload) {
        byte[] body = new byte[payload.length - BYTES];
        System.arraycopy(payload, 0, body, 0, ENCAPSULATION_BYTES);
        System.arraycopy(payload, ENCAPSULATION_BYTES + BYTES, body, ENCAPSULATION_BYTES, body.length
                - ENCAPSULATION_BYTES);
        return body;
    }

    /** The reply's payload: the response's encapsulation header, this header in the response's byte order, then its
     * fields. */
    byte[] reply(byte[] response) {
        byte[] reply = new byte[response.length + BYTES];
        System.arraycopy(response, 0, reply, 0, ENCAPSULATION_BYTES);
        ByteBuffer.wrap(reply, ENCAPSULATION_BYTES, BYTES).order(order(response)).putLong(clientId).putLong(sequence);
        System.arraycopy(response, ENCAPSULATION_BYTES, reply, ENCAPSULATION_BYTES + BYTES, response.length
                - ENCAPSULATION_BYTES);
        return reply;
    }

    /** CDR's representation identifiers: 00 01 little endian, 00 00 big endian (the options bytes follow). */
    private static ByteOrder order(byte[] payload) {
        return (payload[1] & 1) == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }
}
