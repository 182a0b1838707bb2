package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.GpuvoVersion;
import com.github.luben.zstd.Zstd;
import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;
import static org.gpuvo.ros.bag.mcap.McapAssertions.assertSameMessages;
import static org.gpuvo.ros.bag.mcap.McapRealFilesTest.readAll;

/** Damaged files: every message before the damage comes out, then a {@link BagFormatException} names the place. */
class McapDamageTest {
    @TempDir
    Path tmp;

    /** What a reader returned before it threw, and what it threw (null where it did not). */
    record Outcome(List<BagMessage> messages, BagFormatException error) {
    }

    static Outcome readUntilDamage(Path file) throws IOException {
        List<BagMessage> messages = new ArrayList<>();
        try (McapBagFileReader reader = McapBagFileReader.open(file);
             MessageCursor cursor = reader.messages(null)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                messages.add(m);
            return new Outcome(messages, null);
        } catch (BagFormatException e) {
            return new Outcome(messages, e);
        }
    }

    private Path writeRecording(McapCompression compression) throws IOException {
        return McapRoundTripTest.write(tmp.resolve("intact-" + compression + ".mcap"), McapWriterOptions.defaults()
                .withCompression(compression).withChunkSize(32 << 10), McapRoundTripTest.recording(11));
    }

    private static List<ChunkIndexRecord> chunkIndexes(Path file) throws IOException {
        try (McapFile mcap = McapFile.open(file)) {
            return McapSummary.read(mcap, McapSummary.readFooter(mcap), 8).chunkIndexes;
        }
    }

    @ParameterizedTest
    @EnumSource(value = McapCompression.class, names = {"NONE", "ZSTD"})
    void truncatedFilesGiveEveryCompleteChunkThenThrow(McapCompression compression) throws IOException {
        // small messages in 4 KiB chunks: many chunks in a file small enough to cut hundreds of times
        List<WrittenMessage> small = McapRoundTripTest.recording(11).stream()
                .filter(m -> !m.topic().equals(McapRoundTripTest.IMAGE.name())).toList();
        Path intact = McapRoundTripTest.write(tmp.resolve("intact.mcap"), McapWriterOptions.defaults()
                .withCompression(compression).withChunkSize(4 << 10), small);
        long size = Files.size(intact);
        List<ChunkIndexRecord> chunks = chunkIndexes(intact);
        assertThat(chunks).hasSizeGreaterThan(15);
        List<BagMessage> all;
        try (McapBagFileReader reader = McapBagFileReader.open(intact)) {
            all = readAll(reader, null);
        }
        TreeSet<Long> cuts = new TreeSet<>();
        for (long c = 0; c < 40; c++)
            cuts.add(c);
        for (ChunkIndexRecord chunk : chunks)
            for (long d : new long[]{-1, 0, 1, 9, 50, chunk.chunkLength() / 2, chunk.chunkLength() - 1,
                    chunk.chunkLength(), chunk.chunkLength() + 1})
                cuts.add(chunk.chunkStartOffset() + d);
        for (long c = 0; c < size; c += 499)
            cuts.add(c);
        for (long d = 1; d <= 60; d++)
            cuts.add(size - d);
        long dataStart = 8 + 9 + 8 + 4 + ("gpuvo " + GpuvoVersion.VERSION).length(); // magic, Header

        for (long cut : cuts) {
            Path file = McapFiles.truncated(intact, tmp.resolve("cut.mcap"), cut);
            long completeEnd = dataStart;
            for (ChunkIndexRecord chunk : chunks)
                if (chunk.chunkStartOffset() + chunk.chunkLength() <= cut)
                    completeEnd = Math.max(completeEnd, chunk.chunkStartOffset() + chunk.chunkLength());
            if (cut < dataStart) {
                assertThatThrownBy(() -> McapBagFileReader.open(file)).as("cut at %d", cut)
                        .isInstanceOf(BagFormatException.class);
                continue;
            }
            Outcome outcome = readUntilDamage(file);
            long end = completeEnd;
            List<BagMessage> expected = all.stream().filter(m -> chunkEnd(chunks, m.offset()) <= end).toList();
            assertThat(outcome.error()).as("cut at %d", cut).isNotNull();
            assertThat(outcome.error().file()).isEqualTo(file);
            assertThat(outcome.error().offset()).as("cut at %d", cut).isBetween(completeEnd, cut);
            assertThat(outcome.error()).hasMessageContaining("truncated");
            assertSameMessages(outcome.messages(), expected);
            try (McapBagFileReader reader = McapBagFileReader.open(file)) {
                assertThat(reader.damage()).isPresent();
                assertThat(reader.messageCounts().values().stream().mapToLong(Long::longValue).sum())
                        .isEqualTo(expected.size());
            }
        }
    }

    private static long chunkEnd(List<ChunkIndexRecord> chunks, long chunkOffset) {
        for (ChunkIndexRecord c : chunks)
            if (c.chunkStartOffset() == chunkOffset)
                return c.chunkStartOffset() + c.chunkLength();
        throw new AssertionError("no chunk at " + chunkOffset);
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void aFlippedByteInAChunkIsReportedAtThatChunk(McapCompression compression) throws IOException {
        Path intact = writeRecording(compression);
        List<ChunkIndexRecord> chunks = chunkIndexes(intact);
        ChunkIndexRecord victim = chunks.get(chunks.size() / 2);
        long records = victim.chunkStartOffset() + victim.chunkLength() - victim.compressedSize();
        Path damaged = McapFiles.flipped(intact, tmp.resolve("flipped.mcap"), records + victim.compressedSize() / 2);
        List<BagMessage> all;
        try (McapBagFileReader reader = McapBagFileReader.open(intact)) {
            all = readAll(reader, null);
        }
        List<BagMessage> before = all.stream().filter(m -> m.offset() < victim.chunkStartOffset()).toList();
        for (Path file : List.of(damaged, McapFiles.withoutSummary(damaged, tmp.resolve("flipped-linear.mcap")))) {
            Outcome outcome = readUntilDamage(file);
            assertThat(outcome.error()).as("%s", file).isNotNull();
            assertThat(outcome.error().offset()).isEqualTo(victim.chunkStartOffset());
            assertThat(outcome.error().getMessage()).containsPattern("CRC mismatch|does not decompress");
            if (compression == McapCompression.NONE)
                assertThat(outcome.error()).hasMessageContaining("chunk CRC mismatch");
            assertSameMessages(outcome.messages(), before);
        }
    }

    @Test
    void anUnknownCompressionIsNamed() throws IOException {
        Path intact = writeRecording(McapCompression.ZSTD);
        ChunkIndexRecord victim = chunkIndexes(intact).get(3);
        byte[] bytes = Files.readAllBytes(intact);
        int compressionAt = (int) victim.chunkStartOffset() + 9 + 8 + 8 + 8 + 4 + 4;
        assertThat(new String(bytes, compressionAt, 4, StandardCharsets.US_ASCII)).isEqualTo("zstd");
        bytes[compressionAt + 3] = 'x';
        Path damaged = tmp.resolve("zstx.mcap");
        Files.write(damaged, bytes);
        for (Path file : List.of(damaged, McapFiles.withoutSummary(damaged, tmp.resolve("zstx-linear.mcap")))) {
            Outcome outcome = readUntilDamage(file);
            assertThat(outcome.error()).hasMessageContaining("unknown compression 'zstx'");
            assertThat(outcome.error().offset()).isEqualTo(victim.chunkStartOffset());
            assertThat(outcome.messages()).isNotEmpty()
                    .allMatch(m -> m.offset() < victim.chunkStartOffset());
        }
    }

    @Test
    void aRecordLengthBeyondTheFileIsReportedWithoutAllocatingIt() throws IOException {
        Path intact = writeRecording(McapCompression.ZSTD);
        ChunkIndexRecord victim = chunkIndexes(intact).get(2);
        for (long lie : new long[]{1L << 62, -1L, Files.size(intact)}) {
            byte[] bytes = Files.readAllBytes(intact);
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong((int) victim.chunkStartOffset() + 1, lie);
            Path damaged = tmp.resolve("lying.mcap");
            Files.write(damaged, bytes);
            for (Path file : List.of(damaged, McapFiles.withoutSummary(damaged, tmp.resolve("lying-linear.mcap")))) {
                Outcome outcome = readUntilDamage(file);
                assertThat(outcome.error()).as("length %d", lie).hasMessageContaining("Chunk record declares")
                        .hasMessageContaining("remain in the file");
                assertThat(outcome.error().offset()).isEqualTo(victim.chunkStartOffset());
                assertThat(outcome.messages()).allMatch(m -> m.offset() < victim.chunkStartOffset());
            }
        }
    }

    @Test
    void lyingLengthsInsideAChunkAreReported() throws IOException {
        byte[] goodMessage = RawMcap.message(1, 10, new byte[]{0, 1, 0, 0, 42});
        byte[] records = RawMcap.concat(RawMcap.schema(1, "std_msgs/msg/String", "string data\n"),
                RawMcap.channel(1, 1, "/a"), goodMessage, RawMcap.record(0x05, RawMcap.fields().u16(1)),
                goodMessage);
        // the second message claims 2^40 bytes of content
        int lengthAt = records.length - goodMessage.length - 11 + 1;
        ByteBuffer.wrap(records).order(ByteOrder.LITTLE_ENDIAN).putLong(lengthAt, 1L << 40);
        Path file = new RawMcap().add(RawMcap.header(), RawMcap.chunk(10, 10, "", records.length, records),
                RawMcap.dataEnd(), RawMcap.endWithoutSummary()).write(tmp.resolve("inner.mcap"));
        Outcome outcome = readUntilDamage(file);
        assertThat(outcome.error()).hasMessageContaining("needs 1099511627776 bytes")
                .hasMessageContaining("uncompressed byte");
        assertThat(outcome.error().offset()).isEqualTo(8 + RawMcap.header().length);

        // a channel whose topic string claims 4 GiB
        byte[] channel = RawMcap.record(0x04, RawMcap.fields().u16(1).u16(0).u32(0xFFFFFFFFL));
        Path file2 = new RawMcap().add(RawMcap.header(), channel, RawMcap.dataEnd(), RawMcap.endWithoutSummary())
                .write(tmp.resolve("channel.mcap"));
        Outcome outcome2 = readUntilDamage(file2);
        assertThat(outcome2.error()).hasMessageContaining("channel topic needs 4294967295 bytes");
    }

    @Test
    void lyingUncompressedSizesAreCaughtBeforeAllocating() throws IOException {
        byte[] records = RawMcap.concat(RawMcap.schema(1, "std_msgs/msg/String", ""), RawMcap.channel(1, 1, "/a"),
                RawMcap.message(1, 10, new byte[]{0, 1, 0, 0}));
        byte[] zstd = Zstd.compress(records);
        // [compression, compressed bytes, declared size, expected message]
        Object[][] cases = {
                {"zstd", zstd, 1L << 40, "is more than the"},
                // a frame smaller than declared may be one of several: decoded as a stream, growing as it comes
                {"zstd", zstd, 1L << 30, "cannot decode to the 1073741824 declared"},
                {"zstd", zstd, 1L << 20, "decode to " + records.length + " bytes, not the 1048576 declared"},
                {"", records, 1L << 30, "uncompressed chunk holds"},
                {"lz4", new byte[100], 1L << 30, "cannot decode to"},
                {"zstd", zstd, records.length - 1L, "zstd frame holds"},
        };
        for (Object[] c : cases) {
            Path file = new RawMcap().add(RawMcap.header(),
                    RawMcap.chunk(10, 10, (String) c[0], (Long) c[2], (byte[]) c[1]), RawMcap.dataEnd(),
                    RawMcap.endWithoutSummary()).write(tmp.resolve("size.mcap"));
            Outcome outcome = readUntilDamage(file);
            assertThat(outcome.error()).as("%s %s", c[0], c[2]).hasMessageContaining((String) c[3]);
        }
    }

    @Test
    void aDamagedSummaryIsIgnoredAndTheDataReadInstead() throws IOException {
        Path intact = writeRecording(McapCompression.ZSTD);
        byte[] bytes = Files.readAllBytes(intact);
        long summaryStart = McapFiles.u64(bytes, bytes.length - 8 - 20);
        Path damaged = McapFiles.flipped(intact, tmp.resolve("summary.mcap"), summaryStart + 40);
        try (McapBagFileReader good = McapBagFileReader.open(intact);
             McapBagFileReader reader = McapBagFileReader.open(damaged)) {
            assertThat(reader.hasSummary()).isFalse();
            assertThat(reader.damage()).isEmpty();
            assertThat(reader.messageCounts()).isEqualTo(good.messageCounts());
            assertSameMessages(readAll(reader, null), readAll(good, null));
        }
    }

    @Test
    void aChunkIndexPointingElsewhereIsReported() throws IOException {
        Path intact = McapRoundTripTest.write(tmp.resolve("nocrc.mcap"), McapWriterOptions.defaults()
                .withCrcs(false).withChunkSize(32 << 10), McapRoundTripTest.recording(12));
        List<ChunkIndexRecord> chunks = chunkIndexes(intact);
        ChunkIndexRecord victim = chunks.get(1);
        byte[] bytes = Files.readAllBytes(intact);
        ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        // find the chunk index record of the victim in the summary and point it at its first message index
        long summaryStart = McapFiles.u64(bytes, bytes.length - 8 - 20);
        int at = (int) summaryStart;
        while (!(bytes[at] == 0x08 && le.getLong(at + 9 + 16) == victim.chunkStartOffset()))
            at += 9 + (int) le.getLong(at + 1);
        le.putLong(at + 9 + 16, victim.chunkStartOffset() + victim.chunkLength());
        Path damaged = tmp.resolve("misdirected.mcap");
        Files.write(damaged, bytes);
        Outcome outcome = readUntilDamage(damaged);
        assertThat(outcome.error()).hasMessageContaining("points to a MessageIndex record, not a Chunk");
        assertThat(outcome.messages()).isNotEmpty().allMatch(m -> m.offset() < victim.chunkStartOffset());
    }

    @Test
    void filesThatAreNotMcapAreRefused() throws IOException {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
        Object[][] cases = {
                {png, "not an MCAP file", 0L},
                {"name: value\nother: 3\n".getBytes(StandardCharsets.US_ASCII), "not an MCAP file", 0L},
                {new byte[0], "not an MCAP file", 0L},
                {new byte[]{(byte) 0x89, 'M', 'C'}, "truncated", 0L},
                {new byte[]{(byte) 0x89, 'M', 'C', 'A', 'P', '1', '\r', '\n', 1, 0}, "major version '1'", 5L},
                {RawMcap.concat(RawMcap.MAGIC, RawMcap.dataEnd()), "not the Header", 8L},
                {RawMcap.concat(RawMcap.MAGIC, new byte[]{1, 0, 0}), "truncated", 8L},
        };
        for (Object[] c : cases) {
            Path file = Files.write(tmp.resolve("not.mcap"), (byte[]) c[0]);
            try {
                McapBagFileReader.open(file).close();
                fail("opened " + new String((byte[]) c[0], StandardCharsets.ISO_8859_1));
            } catch (BagFormatException e) {
                assertThat(e).hasMessageContaining((String) c[1]).hasMessageContaining(file.toString());
                assertThat(e.offset()).isEqualTo((Long) c[2]);
                assertThat(e.file()).isEqualTo(file);
            }
        }
    }
}
