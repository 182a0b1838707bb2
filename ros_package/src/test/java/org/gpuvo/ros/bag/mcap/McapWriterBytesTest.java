package org.gpuvo.ros.bag.mcap;

import com.github.luben.zstd.Zstd;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bytes {@link McapBagFileWriter} writes, read here with plain ByteBuffers against the MCAP specification
 * (https://mcap.dev/spec): magic, Header, Footer, DataEnd, Summary Offset, Chunk, Message Index and Chunk Index
 * records and their CRCs, independently of the reader under test.
 */
class McapWriterBytesTest {
    private static final byte[] MAGIC = {(byte) 0x89, 0x4D, 0x43, 0x41, 0x50, 0x30, 0x0D, 0x0A};

    @TempDir
    Path tmp;

    @Test
    void magicHeaderAndFooterAreThoseOfTheSpec() throws IOException {
        Path file = tmp.resolve("bytes.mcap");
        McapWriterOptions options = McapWriterOptions.defaults().withLibrary("gpuvo test");
        try (McapBagFileWriter writer = McapBagFileWriter.create(file, options)) {
            writer.addTopic(TopicInfo.of("/a", "std_msgs/msg/String"), "string data\n");
            writer.write("/a", 42, new byte[]{0, 1, 0, 0, 1, 0, 0, 0, 0});
        }
        byte[] b = Files.readAllBytes(file);
        // leading magic, then Header: opcode 0x01, length 4+4 ("ros2") + 4+10 ("gpuvo test") = 22
        byte[] expectedStart = concat(MAGIC, new byte[]{0x01, 22, 0, 0, 0, 0, 0, 0, 0},
                new byte[]{4, 0, 0, 0}, "ros2".getBytes(StandardCharsets.US_ASCII),
                new byte[]{10, 0, 0, 0}, "gpuvo test".getBytes(StandardCharsets.US_ASCII));
        assertThat(Arrays.copyOf(b, expectedStart.length)).isEqualTo(expectedStart);
        // trailing magic, before it the Footer: opcode 0x02, length 20
        assertThat(Arrays.copyOfRange(b, b.length - 8, b.length)).isEqualTo(MAGIC);
        int footer = b.length - 8 - 29;
        assertThat(Arrays.copyOfRange(b, footer, footer + 9)).isEqualTo(new byte[]{0x02, 20, 0, 0, 0, 0, 0, 0, 0});
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        long summaryStart = le.getLong(footer + 9);
        long summaryOffsetStart = le.getLong(footer + 17);
        long summaryCrc = le.getInt(footer + 25) & 0xFFFFFFFFL;
        // the summary CRC runs from the summary's start through summary_offset_start
        assertThat(summaryCrc).isEqualTo(crc(b, (int) summaryStart, footer + 25));
        // DataEnd just before the summary, with the CRC of every byte before it
        int dataEnd = (int) summaryStart - 13;
        assertThat(Arrays.copyOfRange(b, dataEnd, dataEnd + 9)).isEqualTo(new byte[]{0x0F, 4, 0, 0, 0, 0, 0, 0, 0});
        assertThat(le.getInt(dataEnd + 9) & 0xFFFFFFFFL).isEqualTo(crc(b, 0, dataEnd));
        // the summary begins with the Schema group, the summary offset section with a Summary Offset record
        assertThat(b[(int) summaryStart]).isEqualTo((byte) 0x03);
        assertThat(b[(int) summaryOffsetStart]).isEqualTo((byte) 0x0E);
    }

    @Test
    void summaryOffsetsChunksAndIndexesAgreeWithTheFile() throws IOException {
        Path file = tmp.resolve("index.mcap");
        List<WrittenMessage> written = McapRoundTripTest.recording(7);
        McapRoundTripTest.write(file, McapWriterOptions.defaults().withChunkSize(48 << 10), written);
        byte[] b = Files.readAllBytes(file);
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int footer = b.length - 8 - 29;
        int summaryStart = (int) le.getLong(footer + 9);
        int summaryOffsetStart = (int) le.getLong(footer + 17);

        // each Summary Offset record names a group of records of one opcode, exactly covering it
        Map<Integer, int[]> groups = new LinkedHashMap<>();
        for (int at = summaryOffsetStart; at < footer; at += 9 + (int) le.getLong(at + 1)) {
            assertThat(b[at]).isEqualTo((byte) 0x0E);
            groups.put(b[at + 9] & 0xFF, new int[]{(int) le.getLong(at + 10), (int) le.getLong(at + 18)});
        }
        assertThat(groups.keySet()).containsExactly(0x03, 0x04, 0x0B, 0x08);
        int covered = 0;
        for (Map.Entry<Integer, int[]> g : groups.entrySet()) {
            int start = g.getValue()[0];
            int end = start + g.getValue()[1];
            for (int at = start; at < end; at += 9 + (int) le.getLong(at + 1))
                assertThat(b[at] & 0xFF).isEqualTo(g.getKey());
            covered += g.getValue()[1];
        }
        assertThat(covered).isEqualTo(summaryOffsetStart - summaryStart);

        // statistics: counts per channel, time range
        int stats = groups.get(0x0B)[0] + 9;
        assertThat(le.getLong(stats)).isEqualTo(written.size());
        assertThat(le.getLong(stats + 26)).isEqualTo(written.get(0).timeNs());

        // every Chunk Index points to a Chunk whose CRC, sizes and message indexes hold
        List<Integer> chunkIndexes = new ArrayList<>();
        int[] chunkGroup = groups.get(0x08);
        for (int at = chunkGroup[0]; at < chunkGroup[0] + chunkGroup[1]; at += 9 + (int) le.getLong(at + 1))
            chunkIndexes.add(at + 9);
        assertThat(chunkIndexes).hasSizeGreaterThan(20);
        int messages = 0;
        for (int ci : chunkIndexes) {
            long start = le.getLong(ci);
            long end = le.getLong(ci + 8);
            int chunk = (int) le.getLong(ci + 16);
            int chunkLength = (int) le.getLong(ci + 24);
            int offsetsLength = le.getInt(ci + 32);
            int after = ci + 36 + offsetsLength;
            long messageIndexLength = le.getLong(after);
            assertThat(string(b, after + 8)).isEqualTo("zstd");
            long compressedSize = le.getLong(after + 16);
            long uncompressedSize = le.getLong(after + 24);

            assertThat(b[chunk]).isEqualTo((byte) 0x06);
            assertThat(9 + le.getLong(chunk + 1)).isEqualTo(chunkLength);
            int c = chunk + 9;
            assertThat(le.getLong(c)).isEqualTo(start);
            assertThat(le.getLong(c + 8)).isEqualTo(end);
            assertThat(le.getLong(c + 16)).isEqualTo(uncompressedSize);
            long chunkCrc = le.getInt(c + 24) & 0xFFFFFFFFL;
            assertThat(string(b, c + 28)).isEqualTo("zstd");
            int recordsAt = c + 28 + 8 + 8;
            assertThat(le.getLong(c + 36)).isEqualTo(compressedSize);
            byte[] records = Zstd.decompress(Arrays.copyOfRange(b, recordsAt, recordsAt + (int) compressedSize),
                    (int) uncompressedSize);
            assertThat(crc(records, 0, records.length)).isEqualTo(chunkCrc);
            ByteBuffer r = ByteBuffer.wrap(records).order(ByteOrder.LITTLE_ENDIAN);

            // Message Index records follow the chunk; each entry points at a Message of its channel and time
            int indexTotal = 0;
            for (int k = 0; k < offsetsLength / 10; k++) {
                int channel = le.getShort(ci + 36 + k * 10) & 0xFFFF;
                int mi = (int) le.getLong(ci + 36 + k * 10 + 2);
                assertThat(b[mi]).isEqualTo((byte) 0x07);
                assertThat(le.getShort(mi + 9) & 0xFFFF).isEqualTo(channel);
                int entries = le.getInt(mi + 11) / 16;
                long previous = Long.MIN_VALUE;
                for (int e = 0; e < entries; e++) {
                    long time = le.getLong(mi + 15 + e * 16);
                    int offset = (int) le.getLong(mi + 15 + e * 16 + 8);
                    assertThat(time).isBetween(start, end).isGreaterThanOrEqualTo(previous);
                    previous = time;
                    assertThat(records[offset]).isEqualTo((byte) 0x05);
                    assertThat(r.getShort(offset + 9) & 0xFFFF).isEqualTo(channel);
                    assertThat(r.getLong(offset + 15)).as("log time").isEqualTo(time);
                    assertThat(r.getLong(offset + 23)).as("publish time").isEqualTo(time);
                    messages++;
                }
                indexTotal += 9 + (int) le.getLong(mi + 1);
            }
            assertThat(messageIndexLength).isEqualTo(indexTotal);
        }
        assertThat(messages).isEqualTo(written.size());
    }

    @Test
    void schemasAndChannelsCarryWhatRosbag2Writes() throws IOException {
        Path file = tmp.resolve("channel.mcap");
        TopicInfo topic = new TopicInfo("/odom", "nav_msgs/msg/Odometry", "cdr", "- history: keep_last\n",
                "RIHS01_abc");
        try (McapBagFileWriter writer = McapBagFileWriter.create(file,
                McapWriterOptions.defaults().withCompression(McapCompression.NONE))) {
            writer.addTopic(topic, "std_msgs/Header header\n");
            writer.write("/odom", 7, new byte[]{0, 1, 0, 0});
            writer.write("/odom", 8, new byte[]{0, 1, 0, 0});
        }
        byte[] b = Files.readAllBytes(file);
        ByteBuffer le = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int chunk = 8 + 9 + (int) le.getLong(8 + 1);
        assertThat(b[chunk]).isEqualTo((byte) 0x06);
        int records = chunk + 9 + 8 + 8 + 8 + 4 + 4 + 8; // compression ""
        // Schema: id 1, name, "ros2msg", the definition
        assertThat(b[records]).isEqualTo((byte) 0x03);
        int s = records + 9;
        assertThat(le.getShort(s)).isEqualTo((short) 1);
        assertThat(string(b, s + 2)).isEqualTo("nav_msgs/msg/Odometry");
        int encodingAt = s + 2 + 4 + 21;
        assertThat(string(b, encodingAt)).isEqualTo("ros2msg");
        assertThat(string(b, encodingAt + 4 + 7)).isEqualTo("std_msgs/Header header\n");
        // Channel: id 1, schema 1, topic, "cdr", metadata offered_qos_profiles and topic_type_hash
        int channel = s + (int) le.getLong(records + 1);
        assertThat(b[channel]).isEqualTo((byte) 0x04);
        int c = channel + 9;
        assertThat(le.getShort(c)).isEqualTo((short) 1);
        assertThat(le.getShort(c + 2)).isEqualTo((short) 1);
        assertThat(string(b, c + 4)).isEqualTo("/odom");
        assertThat(string(b, c + 4 + 4 + 5)).isEqualTo("cdr");
        int map = c + 4 + 4 + 5 + 4 + 3 + 4;
        assertThat(string(b, map)).isEqualTo("offered_qos_profiles");
        int v = map + 4 + 20;
        assertThat(string(b, v)).isEqualTo("- history: keep_last\n");
        int k2 = v + 4 + 21;
        assertThat(string(b, k2)).isEqualTo("topic_type_hash");
        assertThat(string(b, k2 + 4 + 15)).isEqualTo("RIHS01_abc");
        // Messages: sequence numbers 0, 1 per channel
        int message = channel + 9 + (int) le.getLong(channel + 1);
        assertThat(b[message]).isEqualTo((byte) 0x05);
        assertThat(le.getInt(message + 9 + 2)).isZero();
        int second = message + 9 + (int) le.getLong(message + 1);
        assertThat(le.getInt(second + 9 + 2)).isEqualTo(1);
    }

    @Test
    void withoutSummaryTheFooterIsZero() throws IOException {
        Path file = tmp.resolve("nosummary.mcap");
        McapBagFileWriter.create(file, McapWriterOptions.defaults().withSummary(false).withCrcs(false)).close();
        byte[] b = Files.readAllBytes(file);
        int footer = b.length - 8 - 29;
        byte[] expectedTail = concat(new byte[]{0x0F, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                new byte[]{0x02, 20, 0, 0, 0, 0, 0, 0, 0}, new byte[20], MAGIC);
        assertThat(Arrays.copyOfRange(b, footer - 13, b.length)).isEqualTo(expectedTail);
    }

    private static String string(byte[] b, int at) {
        int n = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(at);
        return new String(b, at + 4, n, StandardCharsets.UTF_8);
    }

    private static long crc(byte[] b, int from, int to) {
        CRC32 crc = new CRC32();
        crc.update(b, from, to - from);
        return crc.getValue();
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts)
            n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }
}
