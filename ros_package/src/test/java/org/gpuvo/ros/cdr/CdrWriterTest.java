package org.gpuvo.ros.cdr;

import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpuvo.ros.cdr.Hex.bytes;

class CdrWriterTest {
    @Test
    void eachPrimitiveAlignsToItsOwnSize() {
        CdrWriter out = new CdrWriter(ByteOrder.LITTLE_ENDIAN, "test", 16);
        out.bool(true);          // body 0
        out.int16(-2);           // 2 (1 byte of padding)
        out.int8(0x7F);          // 4
        out.int64(1);            // 8 (3 bytes of padding)
        out.uint8(0xFF);         // 16
        out.float32(1.0f);       // 20
        out.float64(-0.0);       // 24
        out.uint16(0xFFFF);      // 32
        out.uint32(0xFFFF_FFFF); // 36
        out.uint64(-1L);         // 40
        assertThat(out.toByteArray()).isEqualTo(bytes("""
                00 01 00 00
                01 00 fe ff  7f 00 00 00  01 00 00 00 00 00 00 00
                ff 00 00 00  00 00 80 3f  00 00 00 00 00 00 00 80
                ff ff 00 00  ff ff ff ff  ff ff ff ff ff ff ff ff
                """));
    }

    @Test
    void float64SequencesAlignTheirElementsOnlyWhereThereAreAny() {
        CdrWriter out = new CdrWriter(ByteOrder.BIG_ENDIAN, "test", 16);
        out.uint8(7);                                   // body 0
        out.float64Sequence("a", new double[0]);        // count at 4, no elements, no padding
        out.uint8(9);                                   // 8
        out.float64Sequence("b", new double[]{1.5});    // count at 12, element at 16
        out.float64Array("c", new double[]{2, 3}, 2);   // 24, 32: no count
        assertThat(out.toByteArray()).isEqualTo(bytes("""
                00 00 00 00
                07 00 00 00  00 00 00 00
                09 00 00 00  00 00 00 01  3f f8 00 00 00 00 00 00
                40 00 00 00 00 00 00 00  40 08 00 00 00 00 00 00
                """));
    }

    @Test
    void theBufferGrowsAndIsReusedAfterReset() {
        CdrWriter out = new CdrWriter(ByteOrder.LITTLE_ENDIAN, "test", 8);
        byte[] pixels = new byte[100_001];
        Arrays.fill(pixels, (byte) 3);
        out.uint8Sequence("data", pixels);
        assertThat(out.size()).isEqualTo(4 + 4 + pixels.length);
        out.reset();
        out.uint8(1);
        out.int32(5); // its padding is zeroed, though the bytes were 3 before the reset
        assertThat(out.toByteArray()).isEqualTo(bytes("00 01 00 00  01 00 00 00  05 00 00 00"));
    }

    @Test
    void everyKindOfFieldLandsInTheGrownBuffer() {
        // each write that crosses the initial capacity must go to the new buffer, not the one it replaced
        CdrWriter out = new CdrWriter(ByteOrder.BIG_ENDIAN, "test", 0);
        CdrWriter expected = new CdrWriter(ByteOrder.BIG_ENDIAN, "test", 4096);
        for (CdrWriter w : new CdrWriter[]{out, expected}) {
            for (int i = 0; i < 300; i++) {
                w.bool(i % 2 == 0);
                w.uint8(i);
                w.int16(i);
                w.int32(i);
                w.float64(i);
                w.string("s", "x".repeat(i % 5));
                w.uint8Sequence("b", new byte[]{(byte) i, 1, 2});
                w.float64Sequence("d", new double[]{i});
            }
        }
        assertThat(out.toByteArray()).isEqualTo(expected.toByteArray());
        CdrReader in = CdrReader.open(out.toByteArray(), 0, out.size(), "test");
        for (int i = 0; i < 300; i++) {
            assertThat(in.bool("a")).isEqualTo(i % 2 == 0);
            assertThat(in.uint8("b")).isEqualTo(i & 0xFF);
            assertThat(in.int16("c")).isEqualTo((short) i);
            assertThat(in.int32("d")).isEqualTo(i);
            assertThat(in.float64("e")).isEqualTo(i);
            assertThat(in.string("f")).isEqualTo("x".repeat(i % 5));
            assertThat(in.uint8Sequence("g")).containsExactly((byte) i, 1, 2);
            assertThat(in.float64Sequence("h")).containsExactly(i);
        }
        assertThat(in.remaining()).isZero();
    }

    @Test
    void valuesCdrCannotCarryAreRefusedNamingTheField() {
        CdrWriter out = new CdrWriter(ByteOrder.LITTLE_ENDIAN, "pkg/msg/T", 16);
        assertThatThrownBy(() -> out.string("frame_id", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("pkg/msg/T.frame_id is null");
        assertThatThrownBy(() -> out.string("frame_id", "a\0b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pkg/msg/T.frame_id").hasMessageContaining("NUL");
        assertThatThrownBy(() -> out.float64Array("k", new double[8], 9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("pkg/msg/T.k: fixed array of 9 float64 but 8 given");
        assertThatThrownBy(() -> out.uint8Sequence("data", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("pkg/msg/T.data is null");
    }

    @Test
    void aNullNestedFieldOfAMessageIsNamedByItsPath() {
        var info = new org.gpuvo.ros.msg.CameraInfo(new org.gpuvo.ros.msg.Header(null, "cam0"), 1, 1, "plumb_bob",
                new double[0], new double[9], new double[9], new double[12], 0, 0,
                org.gpuvo.ros.msg.RegionOfInterest.FULL);
        assertThatThrownBy(() -> MessageCodecs.of(org.gpuvo.ros.msg.CameraInfo.class).encode(info))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("sensor_msgs/msg/CameraInfo.header.stamp is null");
        var tf = new org.gpuvo.ros.msg.TFMessage(java.util.Collections.singletonList(null));
        assertThatThrownBy(() -> MessageCodecs.of(org.gpuvo.ros.msg.TFMessage.class).encode(tf))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("tf2_msgs/msg/TFMessage.transforms[0] is null");
    }
}
