package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RequestHeaderTest {
    /** An Empty request as rmw_cyclonedds_cpp writes it: header (client 0x0102..., number 5), then the one byte. */
    @Test
    void takesTheHeaderOffARequestAndPutsItOnTheReply() {
        byte[] request = {0, 1, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0};
        RequestHeader header = RequestHeader.of(request);
        assertThat(header).isEqualTo(new RequestHeader(0x0102030405060708L, 5));
        assertThat(RequestHeader.body(request)).containsExactly(0, 1, 0, 0, 0);
        byte[] response = {0, 1, 0, 0, 0};
        assertThat(header.reply(response)).isEqualTo(request);
    }

    /** A big-endian request's header is read in its order and written in the response's. */
    @Test
    void followsEachPayloadsByteOrder() {
        byte[] request = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 3, 0};
        RequestHeader header = RequestHeader.of(request);
        assertThat(header).isEqualTo(new RequestHeader(9, 3));
        assertThat(header.reply(new byte[]{0, 1, 0, 0, 0})).containsExactly(0, 1, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 3, 0,
                0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void aPayloadTooShortForAHeaderHasNone() {
        assertThat(RequestHeader.of(new byte[]{0, 1, 0, 0, 1, 2, 3})).isNull();
    }
}
