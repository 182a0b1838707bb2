package org.gpuvo.ros.bag.mcap;

import com.github.luben.zstd.Zstd;
import org.gpuvo.ros.bag.BagDamageLog;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReadLimits;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.MessageCursor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.bag.mcap.McapAssertions.assertSameMessages;
import static org.gpuvo.ros.bag.mcap.McapRealFilesTest.readAll;

/**
 * A damaged chunk costs its own messages only: the reader goes on with the chunks after it, with or without the
 * summary, and every damaged chunk is reported once. Chunks that declare more than the read limits are refused
 * before their buffer is allocated.
 */
class McapReadPastDamageTest {
    @TempDir
    Path tmp;

    private List<ChunkIndexRecord> chunkIndexes(Path file) throws IOException {
        try (McapFile mcap = McapFile.open(file)) {
            return McapSummary.read(mcap, McapSummary.readFooter(mcap), 8).chunkIndexes;
        }
    }

    /** The messages of a bag read past its damage, and the damage reported. */
    private record ReadPast(List<BagMessage> messages, BagDamageLog damage) {
    }

    private static ReadPast readPast(Path file) throws IOException {
        List<BagMessage> messages = new ArrayList<>();
        BagDamageLog damage = new BagDamageLog();
        try (BagReader bag = Bags.open(file); MessageCursor cursor = bag.messages(null, damage)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                messages.add(m);
        }
        return new ReadPast(messages, damage);
    }

    private static Path zeroed(Path source, Path target, long offset, int length) throws IOException {
        byte[] bytes = Files.readAllBytes(source);
        for (int i = 0; i < length; i++)
            bytes[(int) offset + i] = 0;
        return Files.write(target, bytes);
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void zeroedBytesInTwoChunksCostThoseChunksOnly(McapCompression compression) throws IOException {
        Path intact = McapRoundTripTest.write(tmp.resolve("intact.mcap"), McapWriterOptions.defaults()
                .withCompression(compression).withChunkSize(32 << 10), McapRoundTripTest.recording(5));
        List<ChunkIndexRecord> chunks = chunkIndexes(intact);
        assertThat(chunks).hasSizeGreaterThanOrEqualTo(6);
        List<BagMessage> all;
        try (McapBagFileReader reader = McapBagFileReader.open(intact)) {
            all = readAll(reader, null);
        }
        // 64 zeroed bytes in the middle of the records of chunks 2 and 3 (two damaged chunks in a row)
        Path damaged = intact;
        for (int c : new int[]{1, 2}) {
            ChunkIndexRecord victim = chunks.get(c);
            long records = victim.chunkStartOffset() + victim.chunkLength() - victim.compressedSize();
            damaged = zeroed(damaged, tmp.resolve("damaged" + c + ".mcap"), records + victim.compressedSize() / 2,
                    64);
        }
        long lost1 = chunks.get(1).chunkStartOffset(), lost2 = chunks.get(2).chunkStartOffset();
        List<BagMessage> expected = all.stream().filter(m -> m.offset() != lost1 && m.offset() != lost2).toList();
        assertThat(expected.size()).isLessThan(all.size());
        for (Path file : List.of(damaged, McapFiles.withoutSummary(damaged, tmp.resolve("linear.mcap")))) {
            ReadPast read = readPast(file);
            assertThat(read.damage().count()).as("%s", file).isEqualTo(2);
            assertThat(read.damage().first()).extracting(e -> e.offset()).containsExactly(lost1, lost2);
            assertSameMessages(read.messages(), expected);
        }
    }

    @Test
    void aZstdBombIsRefusedBeforeItsBufferIsAllocated() throws IOException {
        // 8 MiB of zeros compress to a few hundred bytes; with a 1 MiB chunk limit the chunk is refused by its size
        byte[] header = RawMcap.concat(RawMcap.schema(1, "std_msgs/msg/String", ""), RawMcap.channel(1, 1, "/a"));
        int size = 8 << 20;
        byte[] records = new byte[size];
        System.arraycopy(header, 0, records, 0, header.length);
        byte[] bomb = Zstd.compress(records);
        assertThat(bomb.length).isLessThan(2048);
        Path file = new RawMcap().add(RawMcap.header(), RawMcap.chunk(10, 10, "zstd", size, bomb),
                RawMcap.dataEnd(), RawMcap.endWithoutSummary()).write(tmp.resolve("bomb.mcap"));
        String before = System.getProperty(BagReadLimits.CHUNK_PROPERTY);
        System.setProperty(BagReadLimits.CHUNK_PROPERTY, Integer.toString(1 << 20));
        try {
            McapDamageTest.Outcome outcome = McapDamageTest.readUntilDamage(file);
            assertThat(outcome.error()).hasMessageContaining(file.toString())
                    .hasMessageContaining("of 8388608 bytes is more than the 1048576 this reader allows")
                    .hasMessageContaining(BagReadLimits.CHUNK_PROPERTY);
        } finally {
            if (before == null)
                System.clearProperty(BagReadLimits.CHUNK_PROPERTY);
            else
                System.setProperty(BagReadLimits.CHUNK_PROPERTY, before);
        }
    }

    @Test
    void theDefaultChunkLimitIsFiniteAndWithinTheHeap() {
        BagReadLimits limits = BagReadLimits.defaults();
        assertThat(limits.chunkBytes()).isPositive().isLessThanOrEqualTo(Runtime.getRuntime().maxMemory() / 3);
        assertThat(limits.messageBytes()).isPositive().isLessThanOrEqualTo(Runtime.getRuntime().maxMemory() / 3);
    }
}
