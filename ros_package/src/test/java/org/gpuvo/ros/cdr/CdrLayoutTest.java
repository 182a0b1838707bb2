package org.gpuvo.ros.cdr;

import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.DiagnosticStatus;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Int32Message;
import org.gpuvo.ros.msg.KeyValue;
import org.gpuvo.ros.msg.Point;
import org.gpuvo.ros.msg.Pose;
import org.gpuvo.ros.msg.PoseStamped;
import org.gpuvo.ros.msg.Quaternion;
import org.gpuvo.ros.msg.StringMessage;
import org.gpuvo.ros.msg.TFMessage;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.cdr.Hex.bytes;
import static org.gpuvo.ros.cdr.SameMessage.assertSameMessage;

/**
 * Encodings written out by hand from the CDR rules (OMG CDR version 1: primitives aligned to their size counted
 * from the byte after the 4-byte encapsulation header; strings as uint32 length with the NUL, the bytes, the NUL),
 * checked both ways: the codec writes exactly these bytes and reads them back to the message. A mistake that
 * reader and writer share would survive a round trip; it does not survive these.
 */
class CdrLayoutTest {
    private static final Header CAM0 = new Header(new Time(1, 2), "cam0");

    @Test
    void headerLittleEndian() {
        assertLayout(Header.class, CAM0, ByteOrder.LITTLE_ENDIAN, """
                00 01 00 00       encapsulation: CDR little endian, options 0
                01 00 00 00       stamp.sec = 1             (body offset 0)
                02 00 00 00       stamp.nanosec = 2         (4)
                05 00 00 00       frame_id length: 4 chars + NUL  (8)
                63 61 6d 30 00    "cam0" NUL                (12..16); nothing after the last field
                """);
    }

    @Test
    void headerBigEndian() {
        assertLayout(Header.class, CAM0, ByteOrder.BIG_ENDIAN, """
                00 00 00 00       encapsulation: CDR big endian
                00 00 00 01       stamp.sec
                00 00 00 02       stamp.nanosec
                00 00 00 05       frame_id length
                63 61 6d 30 00    "cam0" NUL
                """);
    }

    @Test
    void doublesAlignToEightCountedFromAfterTheEncapsulationHeader() {
        PoseStamped pose = new PoseStamped(CAM0, new Pose(new Point(1.0, -2.0, 0.5), Quaternion.IDENTITY));
        // the header ends at body offset 17; position.x goes to body offset 24, which is blob offset 28: aligning
        // from the start of the blob instead would put it at body offset 20
        assertLayout(PoseStamped.class, pose, ByteOrder.LITTLE_ENDIAN, """
                00 01 00 00
                01 00 00 00  02 00 00 00  05 00 00 00  63 61 6d 30 00   header (body 0..16)
                00 00 00 00 00 00 00                                    padding (17..23)
                00 00 00 00 00 00 f0 3f     position.x = 1.0            (24)
                00 00 00 00 00 00 00 c0     position.y = -2.0           (32)
                00 00 00 00 00 00 e0 3f     position.z = 0.5            (40)
                00 00 00 00 00 00 00 00     orientation.x = 0           (48)
                00 00 00 00 00 00 00 00     orientation.y
                00 00 00 00 00 00 00 00     orientation.z
                00 00 00 00 00 00 f0 3f     orientation.w = 1.0         (72..79)
                """);
    }

    @Test
    void imageFieldsAndTheirPadding() {
        Image image = new Image(new Header(new Time(0, 0), ""), 1, 1, "rgb8", true, 3, new byte[]{1, 2, 3});
        assertLayout(Image.class, image, ByteOrder.BIG_ENDIAN, """
                00 00 00 00
                00 00 00 00                  header.stamp.sec            (body 0)
                00 00 00 00                  header.stamp.nanosec        (4)
                00 00 00 01  00              header.frame_id: "" is length 1 and a NUL (8..12)
                00 00 00                     padding                     (13..15)
                00 00 00 01                  height                      (16)
                00 00 00 01                  width                       (20)
                00 00 00 05  72 67 62 38 00  encoding "rgb8"             (24..32)
                01                           is_bigendian, one byte      (33)
                00 00                        padding                     (34..35)
                00 00 00 03                  step                        (36)
                00 00 00 03  01 02 03        data: count 3, the bytes    (40..46)
                """);
    }

    @Test
    void emptyString() {
        assertLayout(StringMessage.class, new StringMessage(""), ByteOrder.LITTLE_ENDIAN,
                "00 01 00 00  01 00 00 00  00");
    }

    @Test
    void nonAsciiStringIsCountedInUtf8Bytes() {
        // "é" is two bytes in UTF-8 (c3 a9): length 3 with the NUL
        assertLayout(StringMessage.class, new StringMessage("é"), ByteOrder.LITTLE_ENDIAN,
                "00 01 00 00  03 00 00 00  c3 a9 00");
    }

    @Test
    void negativeInt32BigEndian() {
        assertLayout(Int32Message.class, new Int32Message(-2), ByteOrder.BIG_ENDIAN, "00 00 00 00  ff ff ff fe");
    }

    @Test
    void emptySequenceIsItsCountAlone() {
        assertLayout(TFMessage.class, new TFMessage(List.of()), ByteOrder.LITTLE_ENDIAN, "00 01 00 00  00 00 00 00");
    }

    @Test
    void emptyMessageIsTheOneByteRosidlAddsToEveryEmptyStructure() {
        assertLayout(EmptyMessage.class, new EmptyMessage(), ByteOrder.LITTLE_ENDIAN, "00 01 00 00  00");
    }

    @Test
    void emptyMessageWithoutItsByteOrWithPaddingIsReadToo() {
        MessageCodec<EmptyMessage> codec = MessageCodecs.of(EmptyMessage.class);
        assertThat(codec.decode(bytes("00 01 00 00"))).isEqualTo(new EmptyMessage());
        assertThat(codec.decode(bytes("00 01 00 00  00 00 00 00"))).isEqualTo(new EmptyMessage());
    }

    @Test
    void diagnosticLevelIsOneUnalignedByte() {
        DiagnosticArray array = new DiagnosticArray(new Header(new Time(3, 0), ""), List.of(
                new DiagnosticStatus(DiagnosticStatus.WARN, "vo", "", "x", List.of(new KeyValue("k", "vv")))));
        assertLayout(DiagnosticArray.class, array, ByteOrder.LITTLE_ENDIAN, """
                00 01 00 00
                03 00 00 00  00 00 00 00     header.stamp                (body 0..7)
                01 00 00 00  00              header.frame_id ""          (8..12)
                00 00 00                     padding                     (13..15)
                01 00 00 00                  status: 1 element           (16)
                01                           status[0].level = WARN, a byte (20)
                00 00 00                     padding                     (21..23)
                03 00 00 00  76 6f 00        name "vo"                   (24..30)
                00                           padding                     (31)
                01 00 00 00  00              message ""                  (32..36)
                00 00 00                     padding                     (37..39)
                02 00 00 00  78 00           hardware_id "x"             (40..45)
                00 00                        padding                     (46..47)
                01 00 00 00                  values: 1 element           (48)
                02 00 00 00  6b 00           key "k"                     (52..57)
                00 00                        padding                     (58..59)
                03 00 00 00  76 76 00        value "vv"                  (60..66)
                """);
    }

    private static <T> void assertLayout(Class<T> type, T message, ByteOrder order, String annotatedHex) {
        byte[] expected = bytes(annotatedHex.lines().map(CdrLayoutTest::hexPart).reduce("", String::concat));
        MessageCodec<T> codec = MessageCodecs.of(type);
        assertThat(codec.encode(message, order)).as("encoding").isEqualTo(expected);
        assertSameMessage(codec.decode(expected), message);
    }

    /** The leading hex pairs of a line, up to its comment. */
    private static String hexPart(String line) {
        StringBuilder hex = new StringBuilder();
        for (String token : line.trim().split("\\s+")) {
            if (!token.matches("[0-9a-f]{2}"))
                break;
            hex.append(token);
        }
        return hex.toString();
    }
}
