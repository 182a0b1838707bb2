package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Test;
import us.ihmc.pubsub.common.SerializedPayload;

import java.io.IOException;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The payload that goes to Fast DDS and what a reader makes of what comes back; no native code involved. */
class RawCdrTypeTest {
    private static final byte[] SEVEN_BYTES = {0, 1, 0, 0, 'a', 'b', 'c'};

    @Test
    void aMessageOfWholeWordsGoesOutAsItIs() throws IOException {
        byte[] message = {0, 1, 0, 0, 1, 2, 3, 4};
        byte[] payload = serialize(message);
        assertThat(payload).isEqualTo(message);
    }

    @Test
    void aMessageEndingMidWordIsPaddedAndCountsItsPadding() throws IOException {
        byte[] payload = serialize(SEVEN_BYTES);
        assertThat(payload).containsExactly(0, 1, 0, 1, 'a', 'b', 'c', 0);
        assertThat(RawCdrType.unpaddedLength(payload, payload.length)).isEqualTo(7);
        assertThat(Arrays.copyOf(payload, 7)).isEqualTo(SEVEN_BYTES);
    }

    @Test
    void aMessageThatCountsItsOwnPaddingIsLeftAlone() throws IOException {
        byte[] counted = {0, 1, 0, 3, 'a', 0, 0, 0};
        assertThat(serialize(counted)).isEqualTo(counted);
    }

    @Test
    void anImpossiblePaddingCountIsLeftAsItCame() {
        byte[] header = {0, 1, 0, 3};
        assertThat(RawCdrType.unpaddedLength(header, 4)).isEqualTo(4);
        assertThat(header[3]).isEqualTo((byte) 3);
        byte[] plain = {0, 1, 0, 0, 9, 9, 0, 0};
        assertThat(RawCdrType.unpaddedLength(plain, 8)).isEqualTo(8);
    }

    @Test
    void theTypeSizeIsTheLimitRoundedUpToWholeWords() {
        assertThat(new RawCdrType("x", 5).getTypeSize()).isEqualTo(8);
        assertThat(new RawCdrType("x", 1 << 20).getTypeSize()).isEqualTo(1 << 20);
        assertThat(new RawCdrType("std_msgs::msg::dds_::String_", 8).getName())
                .isEqualTo("std_msgs::msg::dds_::String_");
    }

    @Test
    void aMessageTooLargeForThePayloadIsRefused() {
        RawCdrType type = new RawCdrType("x", 8);
        CdrSample sample = new CdrSample();
        sample.data = new byte[9];
        sample.length = 9;
        assertThatThrownBy(() -> type.serialize(sample, new SerializedPayload(type.getTypeSize())))
                .isInstanceOf(IOException.class).hasMessageContaining("9 bytes");
    }

    private static byte[] serialize(byte[] message) throws IOException {
        RawCdrType type = new RawCdrType("test::msg::dds_::Bytes_", 64);
        CdrSample sample = new CdrSample();
        sample.data = message;
        sample.length = message.length;
        SerializedPayload payload = new SerializedPayload(type.getTypeSize());
        type.serialize(sample, payload);
        byte[] out = new byte[payload.getLength()];
        payload.getData().get(0, out);
        return out;
    }
}
