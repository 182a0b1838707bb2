package org.gpuvo.ros.image;

import org.gpuvo.gpu.image.GrayImage;
import org.gpuvo.gpu.image.ImageFiles;
import org.gpuvo.odometry.dataset.DepthImage;
import org.gpuvo.ros.msg.CompressedImage;
import org.gpuvo.ros.msg.Header;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Time;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ImageMessagesTest {
    private static final Header HEADER = new Header(new Time(5, 7), "cam0");

    private static GrayImage noise(int w, int h, long seed) {
        GrayImage g = GrayImage.create(w, h);
        new Random(seed).nextBytes(g.data);
        return g;
    }

    @Test
    void mono8RoundTripsAndPaddedRowsAreUnpacked() {
        GrayImage g = noise(13, 7, 1);
        Image msg = ImageMessages.fromGray(g, HEADER);
        assertThat(msg.encoding()).isEqualTo("mono8");
        assertThat(msg.step()).isEqualTo(13);
        assertThat(ImageMessages.toGray(msg).data).isEqualTo(g.data);

        // rows padded to 16 bytes, as some drivers send them
        byte[] padded = new byte[16 * 7];
        for (int y = 0; y < 7; y++)
            System.arraycopy(g.data, y * 13, padded, y * 16, 13);
        Image withStep = new Image(HEADER, 7, 13, "mono8", false, 16, padded);
        assertThat(ImageMessages.toGray(withStep).data).isEqualTo(g.data);
    }

    @Test
    void colourIsConvertedWithTheWeightsOfImageFiles() {
        int w = 9, h = 4;
        Random random = new Random(3);
        BufferedImage rgbImage = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        byte[] rgb8 = new byte[w * h * 3], bgra8 = new byte[w * h * 4];
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int r = random.nextInt(256), gr = random.nextInt(256), b = random.nextInt(256);
                rgbImage.setRGB(x, y, r << 16 | gr << 8 | b);
                int i = y * w + x;
                rgb8[3 * i] = (byte) r; rgb8[3 * i + 1] = (byte) gr; rgb8[3 * i + 2] = (byte) b;
                bgra8[4 * i] = (byte) b; bgra8[4 * i + 1] = (byte) gr; bgra8[4 * i + 2] = (byte) r; bgra8[4 * i + 3] = (byte) 255;
            }
        byte[] expected = ImageFiles.toGray(rgbImage).data;
        assertThat(ImageMessages.toGray(new Image(HEADER, h, w, "rgb8", false, w * 3, rgb8)).data).isEqualTo(expected);
        assertThat(ImageMessages.toGray(new Image(HEADER, h, w, "bgra8", false, w * 4, bgra8)).data).isEqualTo(expected);
    }

    @Test
    void mono16KeepsTheHighByteInEitherByteOrder() {
        byte[] little = {0x34, 0x12, (byte) 0xFF, (byte) 0xAB}, big = {0x12, 0x34, (byte) 0xAB, (byte) 0xFF};
        assertThat(ImageMessages.toGray(new Image(HEADER, 1, 2, "mono16", false, 4, little)).data).containsExactly(0x12, 0xAB);
        assertThat(ImageMessages.toGray(new Image(HEADER, 1, 2, "mono16", true, 4, big)).data).containsExactly(0x12, 0xAB);
    }

    @Test
    void depthInMillimetresAndMetres() {
        // 16UC1: 1234 mm and "no depth"
        byte[] mm = {(byte) 0xD2, 0x04, 0, 0};
        DepthImage d16 = ImageMessages.toDepth(new Image(HEADER, 1, 2, "16UC1", false, 4, mm));
        assertThat(d16.metres[0]).isEqualTo(1.234f);
        assertThat(d16.at(1, 0)).isNaN();

        DepthImage depth = new DepthImage(3, 2, new float[]{0.5f, Float.NaN, 0, 7.25f, 1e-3f, 40f});
        Image msg = ImageMessages.fromDepth(depth, HEADER);
        assertThat(msg.encoding()).isEqualTo("32FC1");
        assertThat(ImageMessages.toDepth(msg).metres).isEqualTo(depth.metres);
    }

    @Test
    void malformedImagesAreNamed() {
        byte[] data = new byte[100];
        assertThatThrownBy(() -> ImageMessages.toGray(new Image(HEADER, 10, 10, "mono8", false, 9, data)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("step 9 is smaller");
        assertThatThrownBy(() -> ImageMessages.toGray(new Image(HEADER, 10, 10, "yuv422", false, 10, data)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("unknown encoding 'yuv422'");
        assertThatThrownBy(() -> ImageMessages.toGray(new Image(HEADER, 0, 0, "mono8", false, 0, new byte[0])))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("size 0x0");
        assertThatThrownBy(() -> ImageMessages.toGray(new Image(HEADER, 11, 10, "mono8", false, 10, data)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("fewer than height × step");
        // unsigned fields beyond 2^31 arrive as negative ints: a size, not an overflow
        assertThatThrownBy(() -> ImageMessages.toGray(new Image(HEADER, -1, 10, "mono8", false, 10, data)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("4294967295");
        assertThatThrownBy(() -> ImageMessages.toDepth(new Image(HEADER, 10, 10, "mono8", false, 10, data)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("depth image must be");
    }

    @ParameterizedTest
    @ValueSource(strings = {"png", "jpeg"})
    void compressedImagesDecodeToGrey(String format) throws IOException {
        GrayImage g = noise(32, 16, 9);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(ImageFiles.toBufferedImage(g), format, bytes);
        GrayImage decoded = CompressedImages.toGray(new CompressedImage(HEADER, format, bytes.toByteArray()));
        assertThat(decoded.width).isEqualTo(32);
        assertThat(decoded.height).isEqualTo(16);
        if (format.equals("png")) // lossless
            assertThat(decoded.data).isEqualTo(g.data);
    }

    @Test
    void compressedGarbageIsNamed() {
        assertThatThrownBy(() -> CompressedImages.toGray(new CompressedImage(HEADER, "jpeg", new byte[]{1, 2, 3, 4})))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("neither JPEG nor PNG");
        byte[] truncatedPng = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0};
        assertThatThrownBy(() -> CompressedImages.toGray(new CompressedImage(HEADER, "png", truncatedPng)))
                .isInstanceOf(MalformedImageException.class).hasMessageContaining("header cannot be read");
    }
}
