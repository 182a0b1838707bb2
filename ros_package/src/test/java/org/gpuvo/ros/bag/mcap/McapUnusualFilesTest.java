package org.gpuvo.ros.bag.mcap;

import com.github.luben.zstd.ZstdOutputStream;
import org.gpuvo.ros.bag.BagMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.bag.mcap.McapRealFilesTest.readAll;

/** Valid MCAP files that this project's writer does not produce, built record by record. */
class McapUnusualFilesTest {
    private static final byte[] CDR = {0, 1, 0, 0};

    @TempDir
    Path tmp;

    private static byte[] cdr(int value) {
        return new byte[]{0, 1, 0, 0, (byte) value};
    }

    private static byte[] unknown(int opcode) {
        return RawMcap.record(opcode, RawMcap.fields().u64(0x1234).str("a record from a later version"));
    }

    @Test
    void unknownRecordsAreSkippedAndMessagesOutsideChunksAreRead() throws IOException {
        byte[] chunkRecords = RawMcap.concat(unknown(0x80), RawMcap.message(1, 30, cdr(3)), unknown(0xF0),
                RawMcap.message(2, 20, cdr(2)));
        Path file = new RawMcap().add(RawMcap.header(), unknown(0x81),
                RawMcap.schema(0, "ignored/msg/Zero", "id 0 is invalid"),
                RawMcap.schema(1, "std_msgs/msg/String", "string data\n"),
                RawMcap.channel(1, 1, "/a"), RawMcap.channel(2, 0, "/no_schema"),
                RawMcap.message(1, 10, cdr(1)),
                RawMcap.record(0x09, RawMcap.fields().u64(5).u64(5).str("calib.yaml").str("text/yaml")
                        .u64(3).raw(new byte[]{'a', ':', '1'}).u32(0)), // an attachment
                RawMcap.chunk(20, 30, "", chunkRecords.length, chunkRecords),
                RawMcap.message(2, 40, cdr(4)), RawMcap.dataEnd(), RawMcap.endWithoutSummary())
                .write(tmp.resolve("unusual.mcap"));
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertThat(reader.damage()).isEmpty();
            assertThat(reader.topics()).extracting(t -> t.name() + ":" + t.type())
                    .containsExactly("/a:std_msgs/msg/String", "/no_schema:");
            assertThat(reader.messageDefinitions()).containsExactly(Map.entry("std_msgs/msg/String", "string data\n"));
            assertThat(reader.messageCounts()).containsExactly(Map.entry("/a", 2L), Map.entry("/no_schema", 2L));
            List<BagMessage> messages = readAll(reader, null);
            assertThat(messages).extracting(BagMessage::timeNs).containsExactly(10L, 20L, 30L, 40L);
            assertThat(messages).extracting(m -> m.data()[4]).containsExactly((byte) 1, (byte) 2, (byte) 3, (byte) 4);
            // a message outside chunks names its own record's offset
            assertThat(messages.get(0).offset()).isGreaterThan(8).isNotEqualTo(messages.get(1).offset());
        }
    }

    @Test
    void zstdWithoutAContentSizeIsDecodedAsAStream() throws IOException {
        byte[] records = RawMcap.concat(RawMcap.schema(1, "std_msgs/msg/String", ""), RawMcap.channel(1, 1, "/a"),
                RawMcap.message(1, 1, cdr(7)), RawMcap.message(1, 2, new byte[3 << 20])); // 3 MiB: several steps
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (ZstdOutputStream z = new ZstdOutputStream(compressed)) {
            z.write(records);
        }
        byte[] zstd = compressed.toByteArray();
        assertThat(com.github.luben.zstd.Zstd.getFrameContentSize(zstd)).isEqualTo(-1); // unknown: the case tested
        Path file = new RawMcap().add(RawMcap.header(), RawMcap.chunk(1, 2, "zstd", records.length, zstd),
                RawMcap.dataEnd(), RawMcap.endWithoutSummary()).write(tmp.resolve("stream.mcap"));
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            List<BagMessage> messages = readAll(reader, null);
            assertThat(messages).hasSize(2);
            assertThat(messages.get(0).data()).isEqualTo(cdr(7));
            assertThat(messages.get(1).data()).hasSize(3 << 20);
        }
    }

    @Test
    void aSummaryWithRecordsUnknownToTheReaderIsUsed() throws IOException {
        byte[] records = RawMcap.concat(RawMcap.message(1, 100, cdr(1)), RawMcap.message(1, 50, cdr(2)));
        RawMcap raw = new RawMcap().add(RawMcap.header());
        long chunkStart = raw.size();
        byte[] chunk = RawMcap.chunk(50, 100, "", records.length, records);
        raw.add(chunk, RawMcap.dataEnd());
        long summaryStart = raw.size();
        raw.add(RawMcap.schema(1, "std_msgs/msg/String", "string data\n"), RawMcap.channel(1, 1, "/a"),
                unknown(0x99),
                RawMcap.record(0x0B, RawMcap.fields().u64(2).u16(1).u32(1).u32(0).u32(0).u32(1).u64(50).u64(100)
                        .u32(10).u16(1).u64(2)),
                RawMcap.record(0x08, RawMcap.fields().u64(50).u64(100).u64(chunkStart).u64(chunk.length).u32(0)
                        .u64(0).str("").u64(records.length).u64(records.length)));
        raw.add(RawMcap.record(0x02, RawMcap.fields().u64(summaryStart).u64(0).u32(0)), RawMcap.MAGIC);
        Path file = raw.write(tmp.resolve("summary.mcap"));
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertThat(reader.isIndexed()).isTrue();
            assertThat(reader.messageCounts()).containsExactly(Map.entry("/a", 2L));
            // the chunk holds them out of order: sorted on reading
            assertThat(readAll(reader, null)).extracting(BagMessage::timeNs).containsExactly(50L, 100L);
        }
    }

    @Test
    void undeclaredChannelsAndSchemasAreDamage() throws IOException {
        Path noChannel = new RawMcap().add(RawMcap.header(), RawMcap.message(3, 1, CDR), RawMcap.dataEnd(),
                RawMcap.endWithoutSummary()).write(tmp.resolve("nochannel.mcap"));
        McapDamageTest.Outcome outcome = McapDamageTest.readUntilDamage(noChannel);
        assertThat(outcome.error()).hasMessageContaining("message of channel 3, which no Channel record");

        Path noSchema = new RawMcap().add(RawMcap.header(), RawMcap.channel(1, 9, "/a"), RawMcap.dataEnd(),
                RawMcap.endWithoutSummary()).write(tmp.resolve("noschema.mcap"));
        outcome = McapDamageTest.readUntilDamage(noSchema);
        assertThat(outcome.error()).hasMessageContaining("refers to schema 9");
    }
}
