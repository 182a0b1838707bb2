package org.gpuvo.gpu.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A small PNG that declares a huge image is refused from its header, before a pixel is decoded (decoding a
 * 30000 × 30000 image would take gigabytes), with an error that names the file; decoder errors carry their cause.
 */
class ImageSizeLimitTest {
    @TempDir
    Path dir;

    /** A PNG (PNG specification, sections 5 and 11.2.2) of 8-bit grey, one compressed row of zeros. */
    static byte[] png(int width, int height) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.write(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        ByteArrayOutputStream ihdr = new ByteArrayOutputStream();
        DataOutputStream h = new DataOutputStream(ihdr);
        h.writeInt(width);
        h.writeInt(height);
        h.write(new byte[]{8, 0, 0, 0, 0}); // bit depth 8, grey, deflate, adaptive filtering, no interlace
        chunk(out, "IHDR", ihdr.toByteArray());
        Deflater deflater = new Deflater();
        deflater.setInput(new byte[width + 1]);
        deflater.finish();
        byte[] idat = new byte[width + 64];
        int n = deflater.deflate(idat);
        chunk(out, "IDAT", java.util.Arrays.copyOf(idat, n));
        chunk(out, "IEND", new byte[0]);
        return bytes.toByteArray();
    }

    private static void chunk(DataOutputStream out, String type, byte[] data) throws IOException {
        byte[] name = type.getBytes(StandardCharsets.US_ASCII);
        out.writeInt(data.length);
        out.write(name);
        out.write(data);
        CRC32 crc = new CRC32();
        crc.update(name);
        crc.update(data);
        out.writeInt((int) crc.getValue());
    }

    @Test
    void aHugeDeclaredSizeIsRefusedFromTheHeader() throws IOException {
        Path file = dir.resolve("bomb.png");
        Files.write(file, png(30000, 30000));
        assertThat(Files.size(file)).isLessThan(200);
        assertThatThrownBy(() -> ImageFiles.readGray(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ": an image of 30000x30000 is refused")
                .hasMessageContaining(ImageFiles.MAX_PIXELS_PROPERTY);
        assertThatThrownBy(() -> ImageFiles.decode(png(40000, 4), "the message")).isInstanceOf(IOException.class)
                .hasMessageStartingWith("the message: an image of 40000x4 is refused");
    }

    @Test
    void aDecoderErrorSaysWhatWentWrong() throws IOException {
        // a 64 x 64 image whose data holds one row: the decoder fails, and its reason reaches the message
        Path file = dir.resolve("short.png");
        Files.write(file, png(64, 64));
        assertThatThrownBy(() -> ImageFiles.readGray(file)).isInstanceOf(IOException.class)
                .hasMessageStartingWith(file + ": the 64x64 image cannot be decoded: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotEndWith(": "));
    }
}
