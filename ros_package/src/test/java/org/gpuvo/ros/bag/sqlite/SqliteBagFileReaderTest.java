package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.RosbagSql;
import org.gpuvo.ros.bag.TimeRange;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gpuvo.ros.bag.Cursors.drain;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteBagFileReaderTest {
    @TempDir
    Path tmp;

    private static Path tfExample() {
        return RosbagSql.rosbags().resolve("tf_example/tf_example.db3");
    }

    /** Every real .db3: all messages come out, per topic as many as SQL counts, in (timestamp, row id) order. */
    @Test
    void everyRealDb3YieldsAllItsMessagesInTimeOrder() throws Exception {
        List<Path> files = RosbagSql.db3Files(RosbagSql.rosbags());
        assertThat(files).hasSizeGreaterThanOrEqualTo(20);
        Set<Integer> versions = new HashSet<>();
        long total = 0;
        for (Path file : files) {
            Map<String, Long> expected = RosbagSql.countsPerTopic(file);
            long expectedBytes = RosbagSql.number(file, "SELECT coalesce(sum(length(data)), 0) FROM messages");
            List<long[]> expectedOrder = RosbagSql.timeAndRowId(file);
            try (SqliteBagFileReader reader = new SqliteBagFileReader(file)) {
                versions.add(reader.schemaVersion());
                assertThat(reader.topics()).extracting(TopicInfo::name).as(file.toString())
                        .containsExactlyElementsOf(expected.keySet());
                assertThat(reader.messageCounts()).as(file.toString()).isEqualTo(expected);

                Map<String, Long> seen = new HashMap<>();
                for (String topic : expected.keySet())
                    seen.put(topic, 0L);
                long bytes = 0;
                int i = 0;
                try (MessageCursor c = reader.messages(null)) {
                    for (BagMessage m = c.next(); m != null; m = c.next(), i++) {
                        assertThat(new long[]{m.timeNs(), m.offset()}).as(file + " message " + i)
                                .containsExactly(expectedOrder.get(i));
                        assertThat(m.file()).isEqualTo(file);
                        seen.merge(m.topic().name(), 1L, Long::sum);
                        bytes += m.data().length;
                    }
                }
                assertThat(i).as(file.toString()).isEqualTo(expectedOrder.size());
                assertThat(seen).as(file.toString()).isEqualTo(expected);
                assertThat(bytes).as(file.toString()).isEqualTo(expectedBytes);
                total += i;

                if (expectedOrder.isEmpty()) {
                    assertThat(reader.timeRange()).isEmpty();
                } else {
                    assertThat(reader.timeRange()).contains(new TimeRange(expectedOrder.get(0)[0],
                            expectedOrder.get(expectedOrder.size() - 1)[0]));
                }
            }
        }
        // the real files hold schema 2 (no schema table, QoS column) and 4 (schema table, hashes, definitions)
        assertThat(versions).contains(2, 4);
        System.out.printf("read %d messages from %d real .db3 files%n", total, files.size());
    }

    /** Topic metadata as the file has it: QoS text and type hash where the columns exist. */
    @Test
    void topicsCarryQosAndHashOfTheirColumns() throws Exception {
        Path cdr = RosbagSql.rosbags().resolve("rosbag2-test-resources/rosbag2_tests/resources/sqlite3/cdr_test/"
                + "cdr_test_0.db3");
        try (SqliteBagFileReader reader = new SqliteBagFileReader(cdr);
             Connection c = RosbagSql.connect(cdr); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name, type, offered_qos_profiles FROM topics ORDER BY id")) {
            for (TopicInfo t : reader.topics()) {
                assertThat(rs.next()).isTrue();
                assertThat(t.name()).isEqualTo(rs.getString(1));
                assertThat(t.type()).isEqualTo(rs.getString(2));
                assertThat(t.offeredQosProfiles()).isEqualTo(rs.getString(3)).startsWith("- history: 3");
            }
            assertThat(reader.schemaVersion()).isEqualTo(4);
            assertThat(reader.rosDistro()).isEqualTo("rolling");
            assertThat(reader.messageDefinitions()).containsKeys("test_msgs/msg/BasicTypes", "test_msgs/msg/Arrays");
            assertThat(reader.messageDefinitions().get("test_msgs/msg/BasicTypes")).startsWith("bool bool_value\n");
        }
        try (SqliteBagFileReader reader = new SqliteBagFileReader(tfExample())) {
            assertThat(reader.topics()).containsExactly(
                    new TopicInfo("/tf_static", "tf2_msgs/msg/TFMessage", "cdr", "",
                            "RIHS01_e369d0f05a23ae52508854b66f6aa0437f3449d652e8cbf22d5abe85d020f087"),
                    new TopicInfo("/tf", "tf2_msgs/msg/TFMessage", "cdr", "",
                            "RIHS01_e369d0f05a23ae52508854b66f6aa0437f3449d652e8cbf22d5abe85d020f087"));
            // length(encoded_message_definition) by the sqlite3 command line: 990
            assertThat(reader.messageDefinitions().get("tf2_msgs/msg/TFMessage")).hasSize(990);
            assertThat(reader.rosDistro()).isEqualTo("rosbags");
        }
    }

    /**
     * The first /tf message of tf_example.db3, read by hand with the sqlite3 command line ({@code hex(data)} of row
     * id 2): 108 bytes; CDR little endian header 00 01 00 00; 1 transform; stamp sec 0x6634DFAC = 1714741164,
     * nanosec 0x0A94BACB = 177519307; frame_id "odom" (length 5 with the NUL); child_frame_id "base_footprint"
     * (length 15); translation x 1.1603796887148006 from byte 52; rotation w 0.7324656905610344 in the last 8 bytes.
     * The bag's own time of the message is 1714741164196592603.
     */
    @Test
    void firstTfMessageOfTfExampleIsHandedOverByteForByte() throws Exception {
        try (SqliteBagFileReader reader = new SqliteBagFileReader(tfExample());
             MessageCursor c = reader.messages(Set.of("/tf"))) {
            BagMessage m = c.next();
            assertThat(m.topic().name()).isEqualTo("/tf");
            assertThat(m.topic().type()).isEqualTo("tf2_msgs/msg/TFMessage");
            assertThat(m.timeNs()).isEqualTo(1714741164196592603L);
            assertThat(m.offset()).isEqualTo(2);
            assertThat(m.data()).hasSize(108);
            HexFormat hex = HexFormat.of().withUpperCase();
            assertThat(hex.formatHex(m.data(), 0, 40)).isEqualTo(
                    "0001000001000000ACDF3466CBBA940A050000006F646F6D000000000F000000626173655F666F6F");
            assertThat(hex.formatHex(m.data(), 52, 60)).isEqualTo("4C90DF4AEA90F23F");
            assertThat(hex.formatHex(m.data(), 100, 108)).isEqualTo("B7DA4CE35B70E73F");
            assertThat(c.next().timeNs()).isEqualTo(1714741164296657044L);
        }
    }

    @Test
    void topicFilterSelectsOnlyThoseTopics() throws Exception {
        try (SqliteBagFileReader reader = new SqliteBagFileReader(tfExample())) {
            assertThat(drain(reader.messages(Set.of("/tf_static")))).extracting(BagMessage::offset)
                    .containsExactly(1L);
            assertThat(drain(reader.messages(Set.of("/tf")))).hasSize(517)
                    .allMatch(m -> m.topic().name().equals("/tf"));
            assertThat(drain(reader.messages(Set.of("/not_in_bag")))).isEmpty();
            assertThat(drain(reader.messages(Set.of()))).isEmpty();
            assertThat(drain(reader.messages(null))).hasSize(518);
        }
    }

    /** Schema 1 (before Foxy: no QoS column) and 3 (Humble: schema and metadata tables, no hashes), made here. */
    @Test
    void readsSchemaVersions1And3() throws Exception {
        Path v1 = tmp.resolve("v1.db3");
        RosbagSql.execute(v1,
                "CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT NOT NULL,type TEXT NOT NULL,"
                        + "serialization_format TEXT NOT NULL)",
                "CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER NOT NULL,timestamp INTEGER NOT NULL,"
                        + " data BLOB NOT NULL)",
                "CREATE INDEX timestamp_idx ON messages (timestamp ASC)",
                "INSERT INTO topics VALUES (1, '/chatter', 'std_msgs/msg/String', 'cdr')",
                "INSERT INTO messages VALUES (1, 1, 300, x'00010000')",
                "INSERT INTO messages VALUES (2, 1, 100, x'0001000005')",
                "INSERT INTO messages VALUES (3, 1, 100, x'000100000506')");
        try (SqliteBagFileReader reader = new SqliteBagFileReader(v1)) {
            assertThat(reader.schemaVersion()).isEqualTo(1);
            assertThat(reader.topics()).containsExactly(TopicInfo.of("/chatter", "std_msgs/msg/String"));
            assertThat(drain(reader.messages(null))).extracting(BagMessage::offset).containsExactly(2L, 3L, 1L);
            assertThat(reader.messageDefinitions()).isEmpty();
        }
        Path v3 = tmp.resolve("v3.db3");
        RosbagSql.execute(v3,
                "CREATE TABLE schema(schema_version INTEGER PRIMARY KEY,ros_distro TEXT NOT NULL)",
                "CREATE TABLE metadata(id INTEGER PRIMARY KEY,metadata_version INTEGER NOT NULL,metadata TEXT NOT NULL)",
                "CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT NOT NULL,type TEXT NOT NULL,"
                        + "serialization_format TEXT NOT NULL,offered_qos_profiles TEXT NOT NULL)",
                "CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER NOT NULL,timestamp INTEGER NOT NULL,"
                        + " data BLOB NOT NULL)",
                "INSERT INTO schema VALUES (3, 'humble')",
                "INSERT INTO topics VALUES (7, '/odom', 'nav_msgs/msg/Odometry', 'cdr', '- history: 1')",
                "INSERT INTO messages VALUES (1, 7, 5, x'00010000')");
        try (SqliteBagFileReader reader = new SqliteBagFileReader(v3)) {
            assertThat(reader.schemaVersion()).isEqualTo(3);
            assertThat(reader.rosDistro()).isEqualTo("humble");
            assertThat(reader.topics()).containsExactly(
                    new TopicInfo("/odom", "nav_msgs/msg/Odometry", "cdr", "- history: 1", ""));
            assertThat(reader.messageCounts()).containsExactly(Map.entry("/odom", 1L));
        }
    }

    @Test
    void aFileThatIsNotARosbagIsRefusedNamingIt() throws Exception {
        Path random = tmp.resolve("random.db3");
        byte[] noise = new byte[5000];
        new Random(3).nextBytes(noise);
        Files.write(random, noise);
        assertNotRosbag(random, "does not start with the SQLite header");

        Path empty = Files.createFile(tmp.resolve("empty.db3"));
        assertNotRosbag(empty, "empty");

        Path other = tmp.resolve("other.db3");
        RosbagSql.execute(other, "CREATE TABLE things(id INTEGER PRIMARY KEY, name TEXT)");
        assertNotRosbag(other, "no table topics");

        Path noData = tmp.resolve("nodata.db3");
        RosbagSql.execute(noData, "CREATE TABLE topics(id INTEGER PRIMARY KEY,name TEXT,type TEXT,"
                + "serialization_format TEXT)", "CREATE TABLE messages(id INTEGER PRIMARY KEY,topic_id INTEGER,"
                + "timestamp INTEGER)");
        assertNotRosbag(noData, "table messages has no column data");

        assertThatThrownBy(() -> new SqliteBagFileReader(tmp.resolve("absent.db3")))
                .isInstanceOf(NoSuchFileException.class).hasMessageContaining("absent.db3");
    }

    private static void assertNotRosbag(Path file, String why) {
        assertThatThrownBy(() -> new SqliteBagFileReader(file))
                .isInstanceOf(BagFormatException.class)
                .hasMessageContaining("not a rosbag2 sqlite3 file: " + file)
                .hasMessageContaining(why)
                .satisfies(e -> assertThat(((BagFormatException) e).file()).isEqualTo(file));
    }

    /** A row whose topic id is not in topics: the rows before it come, then an error naming the row; then the rest. */
    @Test
    void aMessageOfAnUnknownTopicIsReportedByRowIdAndSkipped() throws Exception {
        Path bag = tmp.resolve("unknown_topic.db3");
        Files.copy(tfExample(), bag);
        RosbagSql.execute(bag, "UPDATE messages SET topic_id = 99 WHERE id = 5");
        List<long[]> order = RosbagSql.timeAndRowId(bag);
        int badIndex = 0;
        while (order.get(badIndex)[1] != 5)
            badIndex++;

        try (SqliteBagFileReader reader = new SqliteBagFileReader(bag)) {
            assertThatThrownBy(reader::messageCounts).isInstanceOf(BagFormatException.class)
                    .hasMessageContaining("messages row id 5").hasMessageContaining("topic_id 99");
            List<Long> before = new ArrayList<>();
            try (MessageCursor c = reader.messages(null)) {
                BagFormatException error = null;
                while (error == null) {
                    try {
                        before.add(c.next().offset());
                    } catch (BagFormatException e) {
                        error = e;
                    }
                }
                assertThat(error.offset()).isEqualTo(5);
                assertThat(error.file()).isEqualTo(bag);
                assertThat(error.getMessage()).contains(bag.toString(), "messages row id 5",
                        "topic_id 99 is not in table topics");
                assertThat(before).hasSize(badIndex);
                for (int i = 0; i < badIndex; i++)
                    assertThat(before.get(i)).isEqualTo(order.get(i)[1]);
                // the cursor goes on after the bad row
                assertThat(drain(c)).hasSize(518 - badIndex - 1);
            }
        }
    }

    /** A truncated file: a BagFormatException naming it (at opening or while reading), never another failure. */
    @Test
    void aTruncatedFileFailsWithABagFormatException() throws Exception {
        byte[] whole = Files.readAllBytes(tfExample());
        for (int keep : new int[]{100, 4096, whole.length / 2, whole.length - 4096}) {
            Path bag = tmp.resolve("truncated_" + keep + ".db3");
            Files.write(bag, Arrays.copyOf(whole, keep));
            assertThatThrownBy(() -> readAll(bag)).isInstanceOf(BagFormatException.class)
                    .hasMessageContaining(bag.toString())
                    .satisfies(e -> assertThat(((BagFormatException) e).file()).isEqualTo(bag));
        }
    }

    /**
     * A page of message data overwritten with noise (page 15 of tf_example's 26; the sqlite3 command line then fails
     * with "database disk image is malformed"): the messages before it come in order, then a BagFormatException
     * naming the file and the last good row.
     */
    @Test
    void aDamagedPageEndsTheMessagesWithABagFormatException() throws Exception {
        Path bag = tmp.resolve("damaged.db3");
        byte[] bytes = Files.readAllBytes(tfExample());
        byte[] noise = new byte[4000];
        new Random(1).nextBytes(noise);
        System.arraycopy(noise, 0, bytes, 14 * 4096 + 8, noise.length);
        Files.write(bag, bytes);
        List<BagMessage> delivered = new ArrayList<>();
        try (SqliteBagFileReader reader = new SqliteBagFileReader(bag); MessageCursor c = reader.messages(null)) {
            BagFormatException error = null;
            try {
                for (BagMessage m = c.next(); m != null; m = c.next())
                    delivered.add(m);
            } catch (BagFormatException e) {
                error = e;
            }
            assertThat(error).as("damage reported").isNotNull();
            assertThat(error.file()).isEqualTo(bag);
            long lastRow = delivered.isEmpty() ? -1 : delivered.get(delivered.size() - 1).offset();
            assertThat(error.getMessage()).contains(bag.toString(), "after messages row id " + lastRow, "malformed");
            assertThat(c.next()).as("the cursor ends after damage of SQLite itself").isNull();
        }
        List<long[]> order = RosbagSql.timeAndRowId(tfExample());
        assertThat(delivered).hasSizeBetween(1, 517);
        for (int i = 0; i < delivered.size(); i++)
            assertThat(delivered.get(i).offset()).isEqualTo(order.get(i)[1]);
        System.out.printf("damaged page: %d of 518 messages before the error%n", delivered.size());
    }

    private static List<BagMessage> readAll(Path file) throws IOException {
        try (SqliteBagFileReader reader = new SqliteBagFileReader(file)) {
            return drain(reader.messages(null));
        }
    }
}
