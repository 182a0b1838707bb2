package org.gpuvo.ros.bag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Bags that a careless writer or a damaged disk leaves: rows of unknown topics are reported, not dropped; a cut
 * sqlite3 file gives the rows its pages still hold; reading changes nothing in the bag's folder; a metadata.yaml that
 * names a file twice, is not UTF-8, or holds several YAML documents is an error naming the file and the line.
 */
class BagInputRobustnessTest {
    private static final TopicInfo IMAGE = new TopicInfo("/camera/image", "sensor_msgs/msg/Image", "cdr", "", "");
    private static final TopicInfo OTHER = new TopicInfo("/other", "std_msgs/msg/String", "cdr", "", "");

    @TempDir
    Path tmp;

    private Path sqliteBag(String name, int messages, int bytesEach) throws IOException {
        Path dir = tmp.resolve(name);
        try (BagWriter writer = Bags.create(dir, Storage.SQLITE3)) {
            writer.addTopic(IMAGE, "");
            writer.addTopic(OTHER, "");
            for (int i = 0; i < messages; i++) {
                byte[] data = new byte[bytesEach];
                data[0] = (byte) i;
                writer.write(i % 5 == 4 ? OTHER.name() : IMAGE.name(), 1_000_000_000L + i * 1_000_000L, data);
            }
        }
        return dir;
    }

    private static Path db3(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".db3")).findFirst().orElseThrow();
        }
    }

    private static List<BagMessage> readAll(Path bag, Set<String> topics, BagDamageLog damage) throws IOException {
        List<BagMessage> out = new ArrayList<>();
        try (BagReader reader = Bags.open(bag); MessageCursor cursor = reader.messages(topics, damage)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                out.add(m);
        }
        return out;
    }

    @Test
    void aRowOfAnUnknownTopicIsReportedWhenTopicsAreChosen() throws Exception {
        Path bag = sqliteBag("unknown", 10, 16);
        RosbagSql.execute(db3(bag), "UPDATE messages SET topic_id = 99 WHERE id = 3");
        BagDamageLog damage = new BagDamageLog();
        List<BagMessage> read = readAll(bag, Set.of(IMAGE.name()), damage);
        assertThat(read).hasSize(7);
        assertThat(damage.count()).isEqualTo(1);
        assertThat(damage.first().get(0)).hasMessageContaining("messages row id 3")
                .hasMessageContaining("topic_id 99 is not in table topics");
    }

    @Test
    void aMessageOverTheLimitIsReportedAndTheOthersRead() throws Exception {
        Path bag = sqliteBag("large", 10, 16);
        RosbagSql.execute(db3(bag), "UPDATE messages SET data = zeroblob(5000) WHERE id = 2");
        String before = System.getProperty(BagReadLimits.MESSAGE_PROPERTY);
        System.setProperty(BagReadLimits.MESSAGE_PROPERTY, "4096");
        try {
            BagDamageLog damage = new BagDamageLog();
            assertThat(readAll(bag, null, damage)).hasSize(9);
            assertThat(damage.first().get(0)).hasMessageContaining("messages row id 2")
                    .hasMessageContaining("message of 5000 bytes is more than the 4096");
        } finally {
            if (before == null)
                System.clearProperty(BagReadLimits.MESSAGE_PROPERTY);
            else
                System.setProperty(BagReadLimits.MESSAGE_PROPERTY, before);
        }
    }

    @Test
    void aCutSqliteFileGivesTheRowsItsPagesStillHold() throws Exception {
        Path bag = sqliteBag("cut", 200, 4000);
        Path file = db3(bag);
        byte[] bytes = Files.readAllBytes(file);
        Path cutDir = Files.createDirectories(tmp.resolve("cut-bag"));
        Path cut = cutDir.resolve("cut.db3");
        Files.write(cut, java.util.Arrays.copyOf(bytes, (int) (bytes.length * 0.91)));
        BagDamageLog damage = new BagDamageLog();
        List<BagMessage> read = readAll(cut, null, damage);
        assertThat(read).hasSizeBetween(100, 199);
        for (int i = 0; i < read.size(); i++)
            assertThat(read.get(i).data()[0]).as("row %d", i).isEqualTo((byte) i);
        assertThat(damage.count()).isEqualTo(1);
        assertThat(damage.first().get(0)).hasMessageContaining(cut.toString())
                .hasMessageContaining("after messages row")
                .hasMessageContaining("truncated");
    }

    @Test
    void readingASqliteBagLeavesItsFolderAsItWas() throws Exception {
        Path bag = sqliteBag("untouched", 10, 16);
        RosbagSql.execute(db3(bag), "PRAGMA journal_mode=WAL");
        List<Path> before;
        try (Stream<Path> files = Files.list(bag)) {
            before = files.sorted().toList();
        }
        assertThat(readAll(bag, null, new BagDamageLog())).hasSize(10);
        try (Stream<Path> files = Files.list(bag)) {
            assertThat(files.sorted().toList()).isEqualTo(before);
        }
    }

    @Test
    void metadataNamingAFileTwiceIsRefused() throws Exception {
        Path bag = sqliteBag("twice", 10, 16);
        Path metadata = bag.resolve(BagMetadata.FILE_NAME);
        String name = db3(bag).getFileName().toString();
        String text = Files.readString(metadata).replace("relative_file_paths:\n  - " + name,
                "relative_file_paths:\n  - " + name + "\n  - ./" + name);
        assertThat(text).contains("./" + name);
        Files.writeString(metadata, text);
        assertThatThrownBy(() -> Bags.open(bag)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining(metadata.toString()).hasMessageContaining("twice");
    }

    @Test
    void metadataErrorsNameTheFileAndLineOnOneLine() throws Exception {
        Path bag = sqliteBag("meta", 3, 16);
        Path metadata = bag.resolve(BagMetadata.FILE_NAME);
        String good = Files.readString(metadata);

        Files.writeString(metadata, good + "---\nsecond: document\n");
        assertThatThrownBy(() -> Bags.open(bag)).hasMessageStartingWith(metadata + ":")
                .hasMessageNotContaining("at byte -1").satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

        Files.writeString(metadata, "rosbag2_bagfile_information: !!python/object:os.system [ls]\n");
        assertThatThrownBy(() -> Bags.open(bag)).hasMessageStartingWith(metadata + ":1:")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));

        Files.write(metadata, good.getBytes(StandardCharsets.UTF_16));
        assertThatThrownBy(() -> Bags.open(bag)).hasMessageStartingWith(metadata + ":1:")
                .hasMessageContaining("UTF-16").hasMessageNotContaining("Input length");

        Files.writeString(metadata, good.replace("version: 8", "version: [8]"));
        assertThatThrownBy(() -> Bags.open(bag)).hasMessageStartingWith(metadata + ": metadata field")
                .hasMessageNotContaining("at byte -1");
    }

    @Test
    void aHugeMetadataFileIsRefusedBeforeItIsRead() throws Exception {
        Path bag = sqliteBag("huge", 3, 16);
        Path metadata = bag.resolve(BagMetadata.FILE_NAME);
        try (var out = Files.newOutputStream(metadata)) {
            byte[] line = ("# " + "x".repeat(1000) + "\n").getBytes(StandardCharsets.US_ASCII);
            for (long n = 0; n <= BagReadLimits.DEFAULT_METADATA_BYTES; n += line.length)
                out.write(line);
        }
        assertThatThrownBy(() -> Bags.open(bag)).hasMessageStartingWith(metadata + ": the file has")
                .hasMessageContaining(BagReadLimits.DEFAULT_METADATA_BYTES + " a text file may have");
    }
}
