package org.gpuvo.ros.bag.mcap;

import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.DataFormatException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** LZ4 frames as MCAP chunks hold them, from the reference lz4 tool and from lz4-java. */
class Lz4FrameDecoderTest {
    /**
     * The text that {@code linked-blocks.lz4} holds. That file was made with the reference command line tool (lz4
     * v1.9.4): {@code lz4 -BD -B4 -BX --content-size}: linked 64 KiB blocks, block and content checksums, the
     * content size; the tool's own decoder reproduced the text from it.
     */
    static byte[] text() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 6000; i++)
            s.append("line ").append(i).append(": the quick brown fox jumps over the lazy dog ")
                    .append((long) i * i % 1000).append('\n');
        return s.toString().getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] linkedFrame() throws IOException {
        try (InputStream in = Lz4FrameDecoderTest.class.getResourceAsStream("linked-blocks.lz4")) {
            return in.readAllBytes();
        }
    }

    @Test
    void linkedBlocksOfTheReferenceToolDecode() throws Exception {
        byte[] frame = linkedFrame();
        byte[] expected = text();
        assertThat(frame[4] & 0x20).as("block independence flag").isZero();
        // lz4-java's own frame stream refuses such frames: the reason for Lz4BlockDecoder
        assertThatThrownBy(() -> new LZ4FrameInputStream(new ByteArrayInputStream(frame)).readAllBytes())
                .hasMessageContaining("Dependent block stream is unsupported");

        byte[] prefix = new byte[7];
        byte[] shifted = RawMcap.concat(prefix, frame);
        byte[] out = new byte[expected.length];
        new Lz4FrameDecoder().decode(shifted, prefix.length, frame.length, out, expected.length);
        assertThat(out).isEqualTo(expected);
    }

    @Test
    void framesOfLz4JavaDecodeAndSeveralFramesFollowOneAnother() throws Exception {
        Random random = new Random(5);
        byte[] a = new byte[300_000];
        for (int i = 0; i < a.length; i++)
            a[i] = (byte) (random.nextInt(8) + (i / 1000)); // compressible, not trivially
        byte[] b = "a second frame".getBytes(StandardCharsets.US_ASCII);
        byte[] frames = RawMcap.concat(lz4Java(a, true), lz4Java(b, false));
        byte[] out = new byte[a.length + b.length];
        new Lz4FrameDecoder().decode(frames, 0, frames.length, out, out.length);
        assertThat(Arrays.copyOf(out, a.length)).isEqualTo(a);
        assertThat(Arrays.copyOfRange(out, a.length, out.length)).isEqualTo(b);
    }

    private static byte[] lz4Java(byte[] data, boolean checksums) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        LZ4FrameOutputStream.FLG.Bits[] bits = checksums
                ? new LZ4FrameOutputStream.FLG.Bits[]{LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE,
                LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM}
                : new LZ4FrameOutputStream.FLG.Bits[]{LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE};
        try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(bytes, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB,
                bits)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }

    @Test
    void damageIsReportedNotDecodedIntoGarbage() throws Exception {
        byte[] frame = linkedFrame();
        int size = text().length;
        // header checksum, a block's data (its checksum), the content checksum, a cut frame, a wrong size
        assertFails(flip(frame, 6), size, "descriptor checksum");
        assertFails(flip(frame, 30), size, "block checksum");
        assertFails(flip(frame, frame.length - 2), size, "content checksum");
        assertFails(Arrays.copyOf(frame, frame.length / 2), size, "cut off");
        assertFails(frame, size - 1, "content size");
        assertFails(frame, size + 1, "not the " + (size + 1) + " declared");
        assertFails(new byte[]{1, 2, 3, 4, 5}, 10, "not an LZ4 frame");
    }

    @Test
    void blockDecoderRefusesReferencesBeforeItsWindowAndOverruns() throws DataFormatException {
        // token: 4 literals then a match of 4 at offset 8 (before the start), then the last literals
        byte[] block = {0x40, 'a', 'b', 'c', 'd', 8, 0, 0x50, 'e', 'f', 'g', 'h', 'i'};
        assertThatThrownBy(() -> Lz4BlockDecoder.decode(block, 0, block.length, new byte[64], 0, 0, 64))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("points before");
        // the same with offset 4: "abcd" repeated, then "efghi"
        byte[] good = block.clone();
        good[5] = 4;
        byte[] out = new byte[64];
        int end = Lz4BlockDecoder.decode(good, 0, good.length, out, 0, 0, 64);
        assertThat(new String(out, 0, end, StandardCharsets.US_ASCII)).isEqualTo("abcdabcdefghi");
        // overlapping match: offset 1 repeats the last byte
        byte[] run = {0x13, 'z', 1, 0, 0x10, '!'};
        end = Lz4BlockDecoder.decode(run, 0, run.length, out, 0, 0, 64);
        assertThat(new String(out, 0, end, StandardCharsets.US_ASCII)).isEqualTo("zzzzzzzz!");
        assertThatThrownBy(() -> Lz4BlockDecoder.decode(run, 0, run.length, new byte[5], 0, 0, 5))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("runs past the output");
    }

    private static byte[] flip(byte[] b, int at) {
        byte[] c = b.clone();
        c[at] ^= 0x10;
        return c;
    }

    private static void assertFails(byte[] frame, int size, String message) {
        assertThatThrownBy(() -> new Lz4FrameDecoder().decode(frame, 0, frame.length, new byte[size], size))
                .isInstanceOf(DataFormatException.class).hasMessageContaining(message);
    }
}
