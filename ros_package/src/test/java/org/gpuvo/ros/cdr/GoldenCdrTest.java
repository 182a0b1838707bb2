package org.gpuvo.ros.cdr;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.msg.CameraInfo;
import org.gpuvo.ros.msg.Image;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The golden messages of the shared data ({@code rosbags/golden-cdr}), serialized by a CDR library independent of
 * this one. The expected values were decoded by hand from the bytes ({@code xxd}), shown beside each test.
 */
class GoldenCdrTest {
    private static Path golden(String name) {
        return SharedData.require("rosbags/golden-cdr").resolve(name);
    }

    /*
     * image_golden.cdr, 58 bytes:
     *   00000000: 0001 0000 c9fe aa53 00fc 9f0f 0500 0000
     *   00000010: 6361 6d30 0000 0000 0200 0000 0300 0000
     *   00000020: 0600 0000 6d6f 6e6f 3800 0000 0300 0000
     *   00000030: 0600 0000 0001 0203 0405
     * 0x00 00 01 00 00   CDR little endian
     * 0x04 c9 fe aa 53   header.stamp.sec = 0x53aafec9 = 1403715273
     * 0x08 00 fc 9f 0f   header.stamp.nanosec = 0x0f9ffc00 = 262142976
     * 0x0c 05 00 00 00   frame_id: 5 bytes, "cam0" NUL at 0x10..0x14, 3 bytes padding 0x15..0x17
     * 0x18 02 00 00 00   height = 2
     * 0x1c 03 00 00 00   width = 3
     * 0x20 06 00 00 00   encoding: 6 bytes, "mono8" NUL at 0x24..0x29
     * 0x2a 00            is_bigendian = 0, then 1 byte of padding (0x2b)
     * 0x2c 03 00 00 00   step = 3
     * 0x30 06 00 00 00   data: 6 bytes, 00 01 02 03 04 05 at 0x34..0x39
     */
    @Test
    void image() throws IOException {
        byte[] blob = Files.readAllBytes(golden("image_golden.cdr"));
        MessageCodec<Image> codec = MessageCodecs.of(Image.class);
        Image image = codec.decode(blob);
        assertThat(image.header().stamp().sec()).isEqualTo(1403715273);
        assertThat(image.header().stamp().nanosec()).isEqualTo(262142976);
        assertThat(image.header().frameId()).isEqualTo("cam0");
        assertThat(image.height()).isEqualTo(2);
        assertThat(image.width()).isEqualTo(3);
        assertThat(image.encoding()).isEqualTo("mono8");
        assertThat(image.bigEndian()).isFalse();
        assertThat(image.step()).isEqualTo(3);
        assertThat(image.data()).containsExactly(0, 1, 2, 3, 4, 5);
        assertThat(codec.encode(image)).isEqualTo(blob);
    }

    /*
     * camerainfo_golden.cdr, 357 bytes (offsets in the blob; the body starts at 0x04):
     *   00000000: 0001 0000 0100 0000 0200 0000 0500 0000
     *   00000010: 6361 6d30 0000 0000 e001 0000 f002 0000
     *   00000020: 0a00 0000 706c 756d 625f 626f 6200 0000
     *   00000030: 0500 0000 42c1 f7c4 5b23 d2bf c77f e44a
     *   00000040: fbee b23f f0d4 0a70 cd5f 293f cfc9 cfa0
     *   00000050: 7c79 f23e 0000 0000 0000 0000 5839 b4c8
     *   00000060: 76aa 7c40 ...
     * 0x04 sec = 1, 0x08 nanosec = 2, 0x0c frame_id "cam0" (5 bytes) + 3 padding
     * 0x18 height = 0x1e0 = 480, 0x1c width = 0x2f0 = 752
     * 0x20 distortion_model: 10 bytes "plumb_bob" NUL at 0x24..0x2d, 2 bytes padding
     * 0x30 d: count 5; elements at 0x34 (body offset 48, aligned to 8):
     *      bf d2 23 5b c4 f7 c1 42 = -0.28340811, 3f b2 ee fb 4a e4 7f c7 = 0.07395907,
     *      3f 29 5f cd 70 0a d4 f0 = 0.00019359, 3e f2 79 7c a0 cf c9 cf = 1.76187114e-05, 0
     * 0x5c k[9]: 407caa76c8b43958 = 458.654, 0, 367.215, 0, 457.296, 248.375, 0, 0, 1
     * 0xa4 r[9]: identity
     * 0xec p[12]: 458.654, 0, 367.215, 0, 0, 457.296, 248.375, 0, 0, 0, 1, 0
     * 0x14c binning_x = 0, 0x150 binning_y = 0,
     * 0x154 roi: x_offset, y_offset, height, width = 0; 0x164 do_rectify = 0 (last byte)
     */
    @Test
    void cameraInfo() throws IOException {
        byte[] blob = Files.readAllBytes(golden("camerainfo_golden.cdr"));
        MessageCodec<CameraInfo> codec = MessageCodecs.of(CameraInfo.class);
        CameraInfo info = codec.decode(blob);
        assertThat(info.header().stamp().sec()).isEqualTo(1);
        assertThat(info.header().stamp().nanosec()).isEqualTo(2);
        assertThat(info.header().frameId()).isEqualTo("cam0");
        assertThat(info.height()).isEqualTo(480);
        assertThat(info.width()).isEqualTo(752);
        assertThat(info.distortionModel()).isEqualTo("plumb_bob");
        assertThat(info.d()).containsExactly(-0.28340811, 0.07395907, 0.00019359, 1.76187114e-05, 0.0);
        assertThat(Double.doubleToRawLongBits(info.k()[0])).isEqualTo(0x407caa76c8b43958L);
        assertThat(info.k()).containsExactly(458.654, 0, 367.215, 0, 457.296, 248.375, 0, 0, 1);
        assertThat(info.r()).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1);
        assertThat(info.p()).containsExactly(458.654, 0, 367.215, 0, 0, 457.296, 248.375, 0, 0, 0, 1, 0);
        assertThat(info.binningX()).isZero();
        assertThat(info.binningY()).isZero();
        assertThat(info.roi()).isEqualTo(new org.gpuvo.ros.msg.RegionOfInterest(0, 0, 0, 0, false));
        assertThat(codec.encode(info)).isEqualTo(blob);
    }
}
