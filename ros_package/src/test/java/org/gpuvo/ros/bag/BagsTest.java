package org.gpuvo.ros.bag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.bag.Cursors.assertInTimeOrder;
import static org.gpuvo.ros.bag.Cursors.drain;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Opening whole bags: directories with and without metadata, single files, split bags, and bad input. */
class BagsTest {
    @TempDir
    Path tmp;

    private static Path sqlite3Resources() {
        return RosbagSql.rosbags().resolve("rosbag2-test-resources/rosbag2_py/test/resources/sqlite3");
    }

    /** tf_example/ with its metadata.yaml: 518 messages, and what the reader finds agrees with the yaml. */
    @Test
    void opensTfExampleAsADirectoryWithMetadata() throws Exception {
        Path dir = RosbagSql.rosbags().resolve("tf_example");
        try (BagReader bag = Bags.open(dir)) {
            assertThat(bag.files()).containsExactly(dir.resolve("tf_example.db3"));
            assertThat(bag.storageId()).isEqualTo("sqlite3");
            assertThat(bag.messageCounts()).containsExactly(Map.entry("/tf_static", 1L), Map.entry("/tf", 517L));
            assertThat(bag.messageCount()).isEqualTo(518);

            BagMetadata m = bag.metadata().orElseThrow();
            assertThat(m).isEqualTo(BagMetadata.read(dir.resolve("metadata.yaml")));
            assertThat(bag.messageCount()).isEqualTo(m.messageCount());
            for (BagMetadata.TopicMessageCount t : m.topicsWithMessageCount()) {
                assertThat(bag.messageCounts().get(t.topic().name())).isEqualTo(t.messageCount());
                assertThat(bag.topics()).contains(t.topic());
            }
            TimeRange range = bag.timeRange().orElseThrow();
            assertThat(range.startNs()).isEqualTo(m.startingTimeNs());
            assertThat(bag.durationNs()).isEqualTo(m.durationNs());
            assertThat(m.storageIdentifier()).isEqualTo(bag.storageId());

            List<BagMessage> all = drain(bag.messages(null));
            assertThat(all).hasSize(518);
            assertInTimeOrder(all);
            assertThat(all.get(0).timeNs()).isEqualTo(range.startNs());
            assertThat(all.get(all.size() - 1).timeNs()).isEqualTo(range.endNs());
            assertThat(drain(bag.messages(Set.of("/tf_static")))).hasSize(1);
        }
    }

    @Test
    void opensASingleFile() throws Exception {
        Path file = RosbagSql.rosbags().resolve("tf_example/tf_example.db3");
        try (BagReader bag = Bags.open(file)) {
            assertThat(bag.metadata()).isEmpty();
            assertThat(bag.files()).containsExactly(file);
            assertThat(bag.messageCount()).isEqualTo(518);
            assertThat(drain(bag.messages(null))).hasSize(518);
        }
    }

    /** wbag (5 files, 8 topics) and multiple_files (3 files), as directories without metadata. */
    @Test
    void splitBagsMergeInTimeOrderAcrossFiles() throws Exception {
        for (String name : List.of("wbag", "reindex_test_bags/multiple_files")) {
            Path dir = sqlite3Resources().resolve(name);
            List<Path> files = db3In(dir);
            try (BagReader bag = Bags.open(dir)) {
                assertThat(bag.files()).isEqualTo(files);
                assertThat(bag.metadata()).isEmpty();
                assertMergeMatchesSql(bag, files);
            }
        }
    }

    /** The same split bag under other names, with a metadata.yaml naming its files and a stray bag file beside. */
    @Test
    void splitBagWithMetadataReadsTheFilesItNames() throws Exception {
        List<Path> originals = db3In(sqlite3Resources().resolve("wbag"));
        Path dir = Files.createDirectory(tmp.resolve("renamed"));
        List<Path> copies = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < originals.size(); i++) {
            String name = "part_" + (char) ('e' - i) + ".db3"; // names sort against the bag's order
            copies.add(Files.copy(originals.get(i), dir.resolve(name)));
            names.add(name);
        }
        Files.copy(RosbagSql.rosbags().resolve("tf_example/tf_example.db3"), dir.resolve("stray_0.db3"));
        new BagMetadata(8, "sqlite3", 0, 0, 0, List.of(), "", "", names, List.of(), Map.of(), "")
                .write(dir.resolve("metadata.yaml"));
        try (BagReader bag = Bags.open(dir)) {
            assertThat(bag.files()).isEqualTo(copies);
            assertMergeMatchesSql(bag, copies);
        }
    }

    /**
     * wbag with a bad row in its third file and a damaged page in its fourth: strict reading gives the good
     * messages up to the bad row, then the error naming file and row; carrying on with a damage log gives every
     * good message of the other files, the rest of the third, and the fourth up to its damaged page.
     */
    @Test
    void damageInSplitFilesIsReportedAndCanBeSkipped() throws Exception {
        List<Path> originals = db3In(sqlite3Resources().resolve("wbag"));
        Path dir = Files.createDirectory(tmp.resolve("wbag"));
        for (Path p : originals)
            Files.copy(p, dir.resolve(p.getFileName()));
        Path third = dir.resolve("wbag_2.db3"), fourth = dir.resolve("wbag_3.db3");
        RosbagSql.execute(third, "UPDATE messages SET topic_id = 77 WHERE id = 100");
        byte[] bytes = Files.readAllBytes(fourth);
        byte[] noise = new byte[4000];
        new Random(2).nextBytes(noise);
        System.arraycopy(noise, 0, bytes, 12 * 4096 + 8, noise.length);
        Files.write(fourth, bytes);

        long total = 0;
        for (Path p : originals)
            total += RosbagSql.number(p, "SELECT count(*) FROM messages");
        List<long[]> thirdRows = RosbagSql.timeAndRowId(third);
        long badTime = thirdRows.stream().filter(r -> r[1] == 100).findFirst().orElseThrow()[0];

        try (BagReader bag = Bags.open(dir)) {
            List<BagMessage> before = new ArrayList<>();
            BagFormatException error = null;
            try (MessageCursor c = bag.messages(null)) {
                for (BagMessage m = c.next(); m != null; m = c.next())
                    before.add(m);
            } catch (BagFormatException e) {
                error = e;
            }
            assertThat(error).isNotNull();
            assertThat(error.file()).isEqualTo(third);
            assertThat(error.offset()).isEqualTo(100);
            assertThat(error.getMessage()).contains("wbag_2.db3", "row id 100", "topic_id 77");
            assertInTimeOrder(before);
            assertThat(before.get(before.size() - 1).timeNs()).isLessThanOrEqualTo(badTime);
            assertThat(before).noneMatch(m -> m.file().equals(third) && m.offset() == 100);

            BagDamageLog log = new BagDamageLog();
            List<BagMessage> all = drain(bag.messages(null, log));
            assertInTimeOrder(all);
            assertThat(log.count()).isEqualTo(2);
            assertThat(log.first()).extracting(BagFormatException::file).containsExactly(third, fourth);
            for (Path p : List.of(originals.get(0), originals.get(1), originals.get(4)))
                assertThat(all.stream().filter(m -> m.file().getFileName().equals(p.getFileName())).count())
                        .isEqualTo(RosbagSql.number(p, "SELECT count(*) FROM messages"));
            assertThat(all.stream().filter(m -> m.file().equals(third)).count()).isEqualTo(thirdRows.size() - 1);
            long fromFourth = all.stream().filter(m -> m.file().equals(fourth)).count();
            assertThat(fromFourth).isBetween(1L, RosbagSql.number(originals.get(3), "SELECT count(*) FROM messages")
                    - 1);
            System.out.printf("damaged wbag: %d of %d messages read past 2 damaged places (%d of the damaged page's "
                    + "file)%n", all.size(), total, fromFourth);
        }
    }

    /** Files of a directory come in split order: _2 before _10. */
    @Test
    void directoryFilesAreOrderedByTheirSplitIndex() throws Exception {
        Path source = RosbagSql.rosbags().resolve(
                "rosbag2-test-resources/rosbag2_transport/test/resources/sqlite3/test_bag_for_seek/"
                        + "test_bag_for_seek_0.db3");
        Path dir = Files.createDirectory(tmp.resolve("seek"));
        for (int i : new int[]{10, 2, 0, 1})
            Files.copy(source, dir.resolve("seek_" + i + ".db3"));
        Files.writeString(dir.resolve("notes.txt"), "not a bag file");
        try (BagReader bag = Bags.open(dir)) {
            assertThat(bag.files()).extracting(p -> p.getFileName().toString())
                    .containsExactly("seek_0.db3", "seek_1.db3", "seek_2.db3", "seek_10.db3");
            assertThat(bag.messageCount()).isEqualTo(4 * 5);
            // equal times in four files: file order breaks the ties
            List<BagMessage> all = drain(bag.messages(null));
            assertThat(all).extracting(m -> m.file().getFileName().toString() + "@" + m.timeNs()).startsWith(
                    "seek_0.db3@1000000000", "seek_1.db3@1000000000", "seek_2.db3@1000000000",
                    "seek_10.db3@1000000000", "seek_0.db3@1100000000");
        }
    }

    private static List<Path> db3In(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".db3")).sorted().toList();
        }
    }

    /** The merge equals all rows of all files sorted by (timestamp, file, row id), got by plain SQL. */
    private static void assertMergeMatchesSql(BagReader bag, List<Path> files) throws Exception {
        List<long[]> expected = new ArrayList<>();
        long total = 0;
        for (int f = 0; f < files.size(); f++) {
            for (long[] row : RosbagSql.timeAndRowId(files.get(f)))
                expected.add(new long[]{row[0], f, row[1]});
            for (long n : RosbagSql.countsPerTopic(files.get(f)).values())
                total += n;
        }
        expected.sort(Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1])
                .thenComparingLong(r -> r[2]));
        assertThat(bag.messageCount()).isEqualTo(total).isEqualTo(expected.size());
        List<BagMessage> merged = drain(bag.messages(null));
        assertThat(merged).hasSize(expected.size());
        for (int i = 0; i < merged.size(); i++) {
            BagMessage m = merged.get(i);
            long[] e = expected.get(i);
            assertThat(new long[]{m.timeNs(), files.indexOf(m.file()), m.offset()}).as("message " + i)
                    .containsExactly(e);
        }
        System.out.printf("%s: %d messages merged from %d files%n", bag.path().getFileName(), merged.size(),
                files.size());
    }

    @Test
    void badPathsAreClearErrors() throws Exception {
        Path absent = tmp.resolve("no_such_bag");
        assertThatThrownBy(() -> Bags.open(absent)).isInstanceOf(NoSuchFileException.class)
                .hasMessageContaining(absent.toString());

        Path empty = Files.createDirectory(tmp.resolve("empty"));
        assertThatThrownBy(() -> Bags.open(empty)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining(empty.toString()).hasMessageContaining("no bag files");
        Files.writeString(empty.resolve("README.txt"), "hello");
        assertThatThrownBy(() -> Bags.open(empty)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("no bag files");

        Path missing = Files.createDirectory(tmp.resolve("missing_file"));
        Files.copy(RosbagSql.rosbags().resolve("tf_example/metadata.yaml"), missing.resolve("metadata.yaml"));
        assertThatThrownBy(() -> Bags.open(missing)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining(missing.resolve("metadata.yaml").toString())
                .hasMessageContaining("tf_example.db3, which does not exist");

        Path compressed = Files.createDirectory(tmp.resolve("compressed"));
        Files.writeString(compressed.resolve("metadata.yaml"), Files.readString(
                RosbagSql.rosbags().resolve("tf_example/metadata.yaml"))
                .replace("compression_format: ''", "compression_format: zstd")
                .replace("compression_mode: ''", "compression_mode: FILE"));
        assertThatThrownBy(() -> Bags.open(compressed)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("compressed bags are not supported (compression_mode FILE, "
                        + "compression_format zstd)");

        Path zstdFiles = Files.createDirectory(tmp.resolve("zstd_files"));
        Files.write(zstdFiles.resolve("zstd_files_0.db3.zstd"), new byte[]{0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0});
        assertThatThrownBy(() -> Bags.open(zstdFiles)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("zstd_files_0.db3.zstd").hasMessageContaining("compressed");

        Path mixed = Files.createDirectory(tmp.resolve("mixed"));
        Files.copy(RosbagSql.rosbags().resolve("tf_example/tf_example.db3"), mixed.resolve("a_0.db3"));
        Files.writeString(mixed.resolve("a_0.mcap"), "x");
        assertThatThrownBy(() -> Bags.open(mixed)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("both .db3 and .mcap");
    }

    @Test
    void filesThatAreNotBagsAreClearErrors() throws Exception {
        byte[] noise = new byte[2000];
        new Random(5).nextBytes(noise);
        Path random = Files.write(tmp.resolve("random.db3"), noise);
        assertThatThrownBy(() -> Bags.open(random)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("not a rosbag2 sqlite3 file: " + random);
        Path empty = Files.createFile(tmp.resolve("empty.db3"));
        assertThatThrownBy(() -> Bags.open(empty)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("not a rosbag2 sqlite3 file: " + empty).hasMessageContaining("empty");
        Path unknown = Files.write(tmp.resolve("data.bin"), noise);
        assertThatThrownBy(() -> Bags.open(unknown)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining(unknown.toString()).hasMessageContaining("not a rosbag2 file");
        Path zstd = Files.write(tmp.resolve("bag_0.db3"), new byte[]{0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 1, 2});
        assertThatThrownBy(() -> Bags.open(zstd)).isInstanceOf(BagFormatException.class)
                .hasMessageContaining("zstd-compressed");
    }

    /** The storage is told by the first bytes: a SQLite file named .mcap is sqlite3, an MCAP named .db3 is MCAP. */
    @Test
    void storageIsToldByMagicBeforeExtension() throws Exception {
        Path sqliteNamedMcap = Files.copy(RosbagSql.rosbags().resolve("tf_example/tf_example.db3"),
                tmp.resolve("looks_like.mcap"));
        assertThat(Storage.of(sqliteNamedMcap)).isEqualTo(Storage.SQLITE3);
        try (BagReader bag = Bags.open(sqliteNamedMcap)) {
            assertThat(bag.storageId()).isEqualTo("sqlite3");
            assertThat(bag.messageCount()).isEqualTo(518);
        }
        Path mcapNamedDb3 = tmp.resolve("looks_like.db3");
        try (var in = Files.newInputStream(RosbagSql.rosbags().resolve("nav2_turtlebot.mcap"))) {
            Files.write(mcapNamedDb3, in.readNBytes(64));
        }
        assertThat(Storage.of(mcapNamedDb3)).isEqualTo(Storage.MCAP);
        if (!Storage.MCAP.isAvailable())
            assertThatThrownBy(() -> Bags.open(mcapNamedDb3)).isInstanceOf(IOException.class)
                    .hasMessageContaining("storage mcap is not available");
    }
}
