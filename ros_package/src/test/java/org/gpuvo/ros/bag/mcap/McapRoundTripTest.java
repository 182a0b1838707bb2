package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gpuvo.ros.bag.mcap.McapAssertions.assertSameMessages;
import static org.gpuvo.ros.bag.mcap.McapRealFilesTest.readAll;
import static org.gpuvo.ros.bag.mcap.WrittenMessage.asBagMessages;
import static org.gpuvo.ros.bag.mcap.WrittenMessage.byTime;

/** Files written by {@link McapBagFileWriter} read back by {@link McapBagFileReader}, with and without index. */
class McapRoundTripTest {
    static final TopicInfo IMAGE = new TopicInfo("/camera/image", "sensor_msgs/msg/Image", "cdr",
            "- history: keep_last\n  depth: 5\n  reliability: best_effort\n",
            "RIHS01_d31d41a9a4c4bc8eae9be757b0beed306564f7526c88ea6a4588fb9582527d47");
    static final TopicInfo ODOM = new TopicInfo("/odom", "nav_msgs/msg/Odometry", "cdr",
            "- history: keep_last\n  depth: 10\n  reliability: reliable\n", "");
    static final TopicInfo TF = new TopicInfo("/tf", "tf2_msgs/msg/TFMessage", "cdr", "", "");
    static final TopicInfo SILENT = TopicInfo.of("/never/published", "std_msgs/msg/String");
    static final Map<String, String> DEFINITIONS = Map.of(
            IMAGE.type(), "std_msgs/Header header\nuint32 height\nuint32 width\n",
            ODOM.type(), "std_msgs/Header header\nstring child_frame_id\n",
            TF.type(), "geometry_msgs/TransformStamped[] transforms\n",
            SILENT.type(), "string data\n");

    @TempDir
    Path tmp;

    static McapBagFileWriter createWithTopics(Path file, McapWriterOptions options) throws IOException {
        McapBagFileWriter writer = McapBagFileWriter.create(file, options);
        for (TopicInfo t : List.of(IMAGE, ODOM, TF, SILENT))
            writer.addTopic(t, DEFINITIONS.get(t.type()));
        return writer;
    }

    /**
     * Images of 20-300 KB at 10 Hz (every tenth one larger than the 32 KiB chunks), odometry at 50 Hz and TF at
     * 100 Hz, some at equal times, in time order: dozens of chunks.
     */
    static List<WrittenMessage> recording(long seed) {
        Random random = new Random(seed);
        List<WrittenMessage> messages = new ArrayList<>();
        long t0 = 1_700_000_000_000_000_000L;
        for (int tick = 0; tick < 400; tick++) {
            long t = t0 + tick * 10_000_000L; // 100 Hz
            messages.add(new WrittenMessage(TF.name(), t, WrittenMessage.payload(random, 100 + random.nextInt(60))));
            if (tick % 2 == 0)
                messages.add(new WrittenMessage(ODOM.name(), t, WrittenMessage.payload(random, 720)));
            if (tick % 10 == 0) {
                int size = tick % 100 == 0 ? 300_000 : 20_000 + random.nextInt(20_000);
                messages.add(new WrittenMessage(IMAGE.name(), t + (tick % 20 == 0 ? 0 : 3_000_000L),
                        WrittenMessage.payload(random, size)));
            }
        }
        return messages;
    }

    static Path write(Path file, McapWriterOptions options, List<WrittenMessage> messages) throws IOException {
        try (McapBagFileWriter writer = createWithTopics(file, options)) {
            for (WrittenMessage m : messages)
                writer.write(m.topic(), m.timeNs(), m.data());
        }
        return file;
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void messagesComeBackWithAndWithoutTheIndex(McapCompression compression) throws IOException {
        List<WrittenMessage> written = recording(1);
        McapWriterOptions options = McapWriterOptions.defaults().withCompression(compression).withChunkSize(32 << 10);
        Path file = write(tmp.resolve("rt.mcap"), options, written);
        List<BagMessage> expected = asBagMessages(byTime(written));

        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertThat(reader.isIndexed()).isTrue();
            assertThat(reader.library()).startsWith("gpuvo ");
            assertThat(reader.topics()).containsExactly(IMAGE, ODOM, TF, SILENT);
            assertThat(reader.messageDefinitions()).isEqualTo(DEFINITIONS);
            assertThat(reader.messageCounts()).containsExactly(Map.entry(IMAGE.name(), 40L),
                    Map.entry(ODOM.name(), 200L), Map.entry(TF.name(), 400L), Map.entry(SILENT.name(), 0L));
            assertThat(chunkCount(file)).isGreaterThan(30);
            List<BagMessage> read = readAll(reader, null);
            assertSameMessages(read, expected);
            assertThat(read).allMatch(m -> m.file().equals(file) && m.offset() > 0);
            assertThat(read.get(0).topic()).isIn(IMAGE, TF); // the declared description, not a stand-in
        }
        for (Path linear : List.of(McapFiles.withoutSummary(file, tmp.resolve("no-summary.mcap")),
                write(tmp.resolve("written-without.mcap"), options.withSummary(false), written))) {
            try (McapBagFileReader reader = McapBagFileReader.open(linear)) {
                assertThat(reader.hasSummary()).isFalse();
                assertThat(reader.damage()).isEmpty();
                assertThat(reader.topics()).containsExactly(IMAGE, ODOM, TF, SILENT);
                assertThat(reader.messageDefinitions()).isEqualTo(DEFINITIONS);
                assertThat(reader.messageCounts()).containsEntry(TF.name(), 400L).containsEntry(SILENT.name(), 0L);
                assertSameMessages(readAll(reader, null), expected);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void outOfOrderTimesWithinChunksAreSortedStably(McapCompression compression) throws IOException {
        Random random = new Random(2);
        List<WrittenMessage> written = new ArrayList<>();
        Path file = tmp.resolve("shuffled.mcap");
        try (McapBagFileWriter writer = createWithTopics(file, McapWriterOptions.defaults()
                .withCompression(compression))) {
            for (int chunk = 0; chunk < 12; chunk++) {
                for (int i = 0; i < 50; i++) {
                    // times within the chunk's own range, in random order, many of them equal
                    long t = chunk * 1_000_000L + random.nextInt(20) * 1000L;
                    WrittenMessage m = new WrittenMessage(i % 3 == 0 ? ODOM.name() : TF.name(), t,
                            WrittenMessage.payload(random, 40 + random.nextInt(100)));
                    writer.write(m.topic(), m.timeNs(), m.data());
                    written.add(m);
                }
                writer.endChunk();
            }
        }
        List<BagMessage> expected = asBagMessages(byTime(written));
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertSameMessages(readAll(reader, null), expected);
        }
        try (McapBagFileReader reader = McapBagFileReader.open(
                McapFiles.withoutSummary(file, tmp.resolve("linear.mcap")))) {
            assertSameMessages(readAll(reader, null), expected); // chunks do not overlap: sorting each suffices
        }
    }

    @ParameterizedTest
    @EnumSource(McapCompression.class)
    void overlappingChunksAreMergedThroughTheIndex(McapCompression compression) throws IOException {
        Random random = new Random(3);
        // chunk 0: 0, 10, 20, ...; chunk 1: 5, 15, ... (and equal times 10, 20, ...); chunk 2 inside chunk 0's
        // range; chunk 3 after all of them
        long[][] chunkTimes = {series(0, 10, 40), series(5, 5, 60), series(100, 7, 20), series(1000, 1, 30)};
        List<WrittenMessage> written = new ArrayList<>();
        List<List<WrittenMessage>> perChunk = new ArrayList<>();
        Path file = tmp.resolve("overlap.mcap");
        try (McapBagFileWriter writer = createWithTopics(file, McapWriterOptions.defaults()
                .withCompression(compression))) {
            for (long[] times : chunkTimes) {
                List<WrittenMessage> chunk = new ArrayList<>();
                for (long t : times) {
                    WrittenMessage m = new WrittenMessage(t % 2 == 0 ? TF.name() : ODOM.name(), t,
                            WrittenMessage.payload(random, 30 + random.nextInt(30)));
                    writer.write(m.topic(), m.timeNs(), m.data());
                    chunk.add(m);
                }
                writer.endChunk();
                written.addAll(chunk);
                perChunk.add(chunk);
            }
        }
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            // equal times: the earlier chunk in the file first, as written
            assertSameMessages(readAll(reader, null), asBagMessages(byTime(written)));
            assertSameMessages(readAll(reader, Set.of(ODOM.name())), asBagMessages(byTime(written.stream()
                    .filter(m -> m.topic().equals(ODOM.name())).toList())));
        }
        List<WrittenMessage> fileOrder = new ArrayList<>();
        perChunk.forEach(chunk -> fileOrder.addAll(byTime(chunk)));
        try (McapBagFileReader reader = McapBagFileReader.open(
                McapFiles.withoutSummary(file, tmp.resolve("linear.mcap")))) {
            // without an index: chunk after chunk, each sorted
            assertSameMessages(readAll(reader, null), asBagMessages(fileOrder));
        }
    }

    private static long[] series(long start, long step, int n) {
        long[] t = new long[n];
        for (int i = 0; i < n; i++)
            t[i] = start + i * step;
        return t;
    }

    @Test
    void filteredTopicsSkipChunksWithoutThem() throws IOException {
        List<WrittenMessage> written = recording(4);
        Path file = tmp.resolve("filter.mcap");
        try (McapBagFileWriter writer = createWithTopics(file, McapWriterOptions.defaults()
                .withCompression(McapCompression.NONE))) {
            // images in chunks of their own, the rest in others
            for (WrittenMessage m : written)
                if (m.topic().equals(IMAGE.name())) {
                    writer.endChunk();
                    writer.write(m.topic(), m.timeNs(), m.data());
                    writer.endChunk();
                } else {
                    writer.write(m.topic(), m.timeNs(), m.data());
                }
        }
        List<WrittenMessage> expectedOdom = written.stream().filter(m -> m.topic().equals(ODOM.name())).toList();
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertSameMessages(readAll(reader, Set.of(ODOM.name())), asBagMessages(expectedOdom));
            assertThat(readAll(reader, Set.of())).isEmpty();
        }
        // damage every image chunk: reading /odom alone must not touch them, reading all must fail
        Path damaged = tmp.resolve("damaged-images.mcap");
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            for (BagMessage m : readAll(reader, Set.of(IMAGE.name())))
                bytes[(int) m.offset() + 200] ^= 0x55; // inside the image's pixels
        }
        java.nio.file.Files.write(damaged, bytes);
        try (McapBagFileReader reader = McapBagFileReader.open(damaged)) {
            assertSameMessages(readAll(reader, Set.of(ODOM.name(), TF.name())), asBagMessages(written.stream()
                    .filter(m -> !m.topic().equals(IMAGE.name())).toList()));
            assertThatThrownBy(() -> readAll(reader, null)).isInstanceOf(org.gpuvo.ros.bag.BagFormatException.class)
                    .hasMessageContaining("CRC");
        }
    }

    @Test
    void emptyFilesAndTopicsWithoutMessages() throws IOException {
        Path empty = tmp.resolve("empty.mcap");
        McapBagFileWriter.create(empty).close();
        try (McapBagFileReader reader = McapBagFileReader.open(empty)) {
            assertThat(reader.topics()).isEmpty();
            assertThat(reader.messageCounts()).isEmpty();
            try (MessageCursor cursor = reader.messages(null)) {
                assertThat(cursor.next()).isNull();
                assertThat(cursor.next()).isNull();
            }
        }
        Path silent = tmp.resolve("silent.mcap");
        createWithTopics(silent, McapWriterOptions.defaults()).close();
        try (McapBagFileReader reader = McapBagFileReader.open(silent)) {
            assertThat(reader.topics()).containsExactly(IMAGE, ODOM, TF, SILENT);
            assertThat(reader.messageCounts().values()).containsOnly(0L);
            assertThat(readAll(reader, null)).isEmpty();
        }
    }

    @Test
    void metadataRecordsComeBackThroughTheIndexAndLinearly() throws IOException {
        Path file = tmp.resolve("metadata.mcap");
        Map<String, String> values = new LinkedHashMap<>();
        values.put("serialized_metadata", "version: 9\nstorage_identifier: mcap\n");
        try (McapBagFileWriter writer = createWithTopics(file, McapWriterOptions.defaults())) {
            writer.write(TF.name(), 5, new byte[]{0, 1, 0, 0});
            writer.addMetadata("rosbag2", values);
        }
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertThat(reader.metadata()).containsExactly(Map.entry("rosbag2", values));
        }
        try (McapBagFileReader reader = McapBagFileReader.open(
                McapFiles.withoutSummary(file, tmp.resolve("linear.mcap")))) {
            assertThat(reader.metadata()).containsExactly(Map.entry("rosbag2", values));
        }
    }

    @Test
    void writerRefusesMisuse() throws IOException {
        Path file = tmp.resolve("misuse.mcap");
        McapBagFileWriter writer = createWithTopics(file, McapWriterOptions.defaults());
        writer.addTopic(ODOM, DEFINITIONS.get(ODOM.type())); // the same again: accepted
        assertThatThrownBy(() -> writer.addTopic(TopicInfo.of(ODOM.name(), "std_msgs/msg/String"), ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/odom");
        assertThatThrownBy(() -> writer.write("/undeclared", 1, new byte[4]))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/undeclared");
        assertThatThrownBy(() -> writer.write(ODOM.name(), -1, new byte[4]))
                .isInstanceOf(IllegalArgumentException.class);
        writer.close();
        writer.close();
        assertThatThrownBy(() -> writer.write(ODOM.name(), 1, new byte[4])).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> McapWriterOptions.defaults().withChunkSize(0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void typesSharingADefinitionShareASchema() throws IOException {
        Path file = tmp.resolve("schemas.mcap");
        try (McapBagFileWriter writer = McapBagFileWriter.create(file)) {
            writer.addTopic(TopicInfo.of("/a", "std_msgs/msg/String"), "string data\n");
            writer.addTopic(TopicInfo.of("/b", "std_msgs/msg/String"), "string data\n");
            writer.addTopic(TopicInfo.of("/c", "std_msgs/msg/Int32"), "int32 data\n");
        }
        try (McapFile mcap = McapFile.open(file)) {
            McapSummary summary = McapSummary.read(mcap, McapSummary.readFooter(mcap), 8);
            assertThat(summary.schemas).extracting(SchemaRecord::name)
                    .containsExactly("std_msgs/msg/String", "std_msgs/msg/Int32");
            assertThat(summary.channels).extracting(ChannelRecord::schemaId).containsExactly(1, 1, 2);
        }
    }

    static int chunkCount(Path file) throws IOException {
        try (McapFile mcap = McapFile.open(file)) {
            return McapSummary.read(mcap, McapSummary.readFooter(mcap), 8).chunkIndexes.size();
        }
    }

    static Set<Long> chunkOffsets(List<BagMessage> messages) {
        Set<Long> offsets = new HashSet<>();
        messages.forEach(m -> offsets.add(m.offset()));
        return offsets;
    }
}
