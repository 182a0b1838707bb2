package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.StringMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteOrder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpuvo.ros.cdr.Hex.bytes;

class CdrReaderTest {
    private static final MessageCodec<StringMessage> STRING = MessageCodecs.of(StringMessage.class);

    @Test
    void readsEachPrimitiveAtItsAlignment() {
        // the same bytes as CdrWriterTest writes, read back on their own
        CdrReader in = CdrReader.open(bytes("""
                00 01 00 00
                01 00 fe ff  7f 00 00 00  01 00 00 00 00 00 00 00
                ff 00 00 00  00 00 80 3f  00 00 00 00 00 00 00 80
                ff ff 00 00  ff ff ff ff  ff ff ff ff ff ff ff ff
                """), 0, 52, "test");
        assertThat(in.order()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
        assertThat(in.bool("a")).isTrue();
        assertThat(in.int16("b")).isEqualTo((short) -2);
        assertThat(in.int8("c")).isEqualTo((byte) 0x7F);
        assertThat(in.int64("d")).isEqualTo(1L);
        assertThat(in.uint8("e")).isEqualTo(255);
        assertThat(in.float32("f")).isEqualTo(1.0f);
        assertThat(Double.doubleToRawLongBits(in.float64("g"))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(in.uint16("h")).isEqualTo(0xFFFF);
        assertThat(Integer.toUnsignedLong(in.uint32("i"))).isEqualTo(4_294_967_295L);
        assertThat(in.uint64("j")).isEqualTo(-1L);
        assertThat(in.remaining()).isZero();
        assertThat(in.position()).isEqualTo(52);
    }

    @Test
    void readsBigEndian() {
        CdrReader in = CdrReader.open(bytes("00 00 00 00  00 00 00 01  00 00 00 00  3f f8 00 00 00 00 00 00"), 0,
                20, "test");
        assertThat(in.order()).isEqualTo(ByteOrder.BIG_ENDIAN);
        assertThat(in.int32("count")).isEqualTo(1);
        assertThat(in.float64("x")).isEqualTo(1.5);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "00, 02, PL_CDR_BE",
            "00, 03, PL_CDR_LE",
            "00, 04, XML",
            "00, 06, CDR2_BE (XCDR2)",
            "00, 07, CDR2_LE (XCDR2)",
            "00, 08, D_CDR2_BE (XCDR2)",
            "00, 09, D_CDR2_LE (XCDR2)",
            "00, 0a, PL_CDR2_BE (XCDR2)",
            "00, 0b, PL_CDR2_LE (XCDR2)",
            "00, 05, an unknown representation",
            "01, 00, an unknown representation",
            "12, 34, an unknown representation"})
    void encapsulationsOtherThanPlainCdrAreRejected(String high, String low, String name) {
        byte[] blob = bytes(high + low + "0000 05000000 74657374 00");
        assertThatThrownBy(() -> STRING.decode(blob)).isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/String: encapsulation " + high + " " + low + " is " + name
                        + "; only plain CDR is supported (00 00 big endian, 00 01 little endian)")
                .extracting(e -> ((CdrException) e).offset()).isEqualTo(0);
    }

    @Test
    void aBlobShorterThanTheHeaderIsRejected() {
        assertThatThrownBy(() -> STRING.decode(bytes("0001 00"))).isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/String: blob of 3 bytes is shorter than the 4-byte encapsulation header");
    }

    @Test
    void optionBytesAreIgnored() {
        assertThat(STRING.decode(bytes("0001 0003 05000000 74657374 00")).data()).isEqualTo("test");
    }

    @Test
    void upToThreeBytesOfTrailingPaddingAreAccepted() {
        // as rmw_fastrtps writes std_msgs/String "test" (seen in rosbag2's own test bags): 3 bytes pad to 4
        assertThat(STRING.decode(bytes("0001 0000 05000000 74657374 00 000000")).data()).isEqualTo("test");
    }

    @Test
    void moreBytesLeftOverMeanAnotherType() {
        assertThatThrownBy(() -> STRING.decode(bytes("0001 0000 05000000 74657374 00 00000000")))
                .isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/String: 4 bytes left over after the message at offset 13 "
                        + "(a message of another type?)");
    }

    @Test
    void aStringWithoutItsNulIsRejected() {
        assertThatThrownBy(() -> STRING.decode(bytes("0001 0000 04000000 74657374")))
                .isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/String.data: string of 4 bytes does not end in NUL")
                .extracting(e -> ((CdrException) e).offset()).isEqualTo(8);
    }

    @Test
    void aZeroLengthStringReadsAsEmpty() {
        // no NUL at all: not what the standard says, but some writers do it for ""
        assertThat(STRING.decode(bytes("0001 0000 00000000")).data()).isEmpty();
    }

    @Test
    void aTruncatedNestedFieldIsNamedByItsPath() {
        MessageCodec<Header> header = MessageCodecs.of(Header.class);
        assertThatThrownBy(() -> header.decode(bytes("0001 0000 01000000 0200")))
                .isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/Header.stamp.nanosec: uint32 at offset 8 but only 2 bytes left")
                .extracting(e -> ((CdrException) e).offset()).isEqualTo(8);
        assertThatThrownBy(() -> header.decode(bytes("0001 0000 01000000 02000000 09000000 63616d30 00")))
                .isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/Header.frame_id: string of 9 bytes at offset 16 but only 5 bytes left");
    }

    @Test
    void offsetsCountFromTheBlobNotTheArray() {
        byte[] framed = bytes("ffffff 0001 0000 09000000 6162 ffff");
        assertThatThrownBy(() -> STRING.decode(framed, 3, 10)).isInstanceOf(CdrException.class)
                .hasMessage("std_msgs/msg/String.data: string of 9 bytes at offset 8 but only 2 bytes left")
                .extracting(e -> ((CdrException) e).offset()).isEqualTo(8);
    }
}
