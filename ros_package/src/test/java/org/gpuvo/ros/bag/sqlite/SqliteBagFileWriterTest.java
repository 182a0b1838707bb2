package org.gpuvo.ros.bag.sqlite;

import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagMetadata;
import org.gpuvo.ros.bag.BagMetadataYaml;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.RosbagSql;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SqliteBagFileWriterTest {
    @TempDir
    Path tmp;

    private record Written(String topic, long timeNs, byte[] data) {
    }

    /** 10,000 small messages on three topics and three big blobs: every byte, time and topic comes back. */
    @Test
    void manySmallAndSomeBigMessagesRoundTrip() throws Exception {
        Path file = tmp.resolve("round_trip_0.db3");
        List<TopicInfo> topics = List.of(TopicInfo.of("/imu", "sensor_msgs/msg/Imu"),
                new TopicInfo("/camera/image", "sensor_msgs/msg/Image", "cdr", "- history: 1\n  depth: 5", ""),
                TopicInfo.of("/odom", "nav_msgs/msg/Odometry"));
        Random random = new Random(42);
        List<Written> written = new ArrayList<>();
        long t = 1_700_000_000_000_000_000L;
        for (int i = 0; i < 10_000; i++) {
            t += random.nextInt(3) * 1000L; // equal times happen: their order must be kept
            byte[] data = new byte[4 + random.nextInt(60)];
            random.nextBytes(data);
            written.add(new Written(topics.get(random.nextInt(3)).name(), t, data));
            if (i % 3000 == 1500) {
                byte[] big = new byte[(i / 3000 + 1) * 6_000_000];
                random.nextBytes(big);
                written.add(new Written("/camera/image", t, big));
            }
        }
        long start = System.nanoTime();
        try (SqliteBagFileWriter writer = new SqliteBagFileWriter(file, "jazzy")) {
            for (TopicInfo topic : topics)
                writer.addTopic(topic, "");
            for (Written w : written)
                writer.write(w.topic(), w.timeNs(), w.data());
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        long bytes = written.stream().mapToLong(w -> w.data().length).sum();
        System.out.printf("sqlite3 writer: %d messages, %.1f MB in %d ms%n", written.size(), bytes / 1e6, ms);

        Map<String, Long> expectedCounts = new LinkedHashMap<>();
        for (TopicInfo topic : topics)
            expectedCounts.put(topic.name(), written.stream().filter(w -> w.topic().equals(topic.name())).count());
        assertThat(RosbagSql.countsPerTopic(file)).isEqualTo(expectedCounts);
        try (SqliteBagFileReader reader = new SqliteBagFileReader(file)) {
            assertThat(reader.topics()).isEqualTo(topics);
            assertThat(reader.messageCounts()).isEqualTo(expectedCounts);
            assertThat(reader.schemaVersion()).isEqualTo(4);
            assertThat(reader.rosDistro()).isEqualTo("jazzy");
            try (MessageCursor c = reader.messages(null)) {
                for (Written w : written) {
                    BagMessage m = c.next();
                    assertThat(m.topic().name()).isEqualTo(w.topic());
                    assertThat(m.timeNs()).isEqualTo(w.timeNs());
                    assertThat(m.data()).isEqualTo(w.data());
                }
                assertThat(c.next()).isNull();
            }
        }
    }

    /** The tables are created by rosbag2's own statements: sqlite_master reads as in a bag rosbag2 wrote. */
    @Test
    void theSchemaIsThatOfABagWrittenByRosbag2() throws Exception {
        Path real = RosbagSql.rosbags().resolve("rosbag2-test-resources/rosbag2_cpp/test/rosbag2_cpp/bags/"
                + "topics_and_services.db3");
        Path file = tmp.resolve("schema_0.db3");
        new SqliteBagFileWriter(file, "jazzy").close();
        assertThat(schemaOf(file)).isEqualTo(schemaOf(real)).hasSize(6);
        try (Connection c = RosbagSql.connect(file); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT schema_version, ros_distro FROM schema")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(4);
            assertThat(rs.getString(2)).isEqualTo("jazzy");
            assertThat(rs.next()).isFalse();
        }
    }

    private static Map<String, String> schemaOf(Path db3) throws Exception {
        Map<String, String> sql = new LinkedHashMap<>();
        try (Connection c = RosbagSql.connect(db3); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name, sql FROM sqlite_master ORDER BY name")) {
            while (rs.next())
                sql.put(rs.getString(1), rs.getString(2));
        }
        return sql;
    }

    /** One definition row per type (encoding "unknown" where none was given), the metadata row parses back. */
    @Test
    void definitionsAndMetadataAreStoredAsRosbag2Does() throws Exception {
        Path file = tmp.resolve("defs_0.db3");
        TopicInfo left = new TopicInfo("/left", "sensor_msgs/msg/Image", "cdr", "", "RIHS01_aa");
        TopicInfo right = new TopicInfo("/right", "sensor_msgs/msg/Image", "cdr", "", "RIHS01_aa");
        TopicInfo odom = TopicInfo.of("/odom", "nav_msgs/msg/Odometry");
        BagMetadata metadata = new BagMetadata(8, "sqlite3", 0, 0, 0,
                List.of(new BagMetadata.TopicMessageCount(left, 0)), "", "", List.of("defs_0.db3"),
                List.of(new BagMetadata.FileInfo("defs_0.db3", 0, 0, 0)), Map.of("k", "v"), "jazzy");
        try (SqliteBagFileWriter writer = new SqliteBagFileWriter(file, "jazzy")) {
            writer.addTopic(left, "std_msgs/Header header\nuint32 height\n");
            writer.addTopic(right, "std_msgs/Header header\nuint32 height\n");
            writer.addTopic(left, "ignored: the topic is known");
            writer.addTopic(odom, "");
            writer.storeMetadata(metadata);
        }
        try (Connection c = RosbagSql.connect(file); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT topic_type, encoding, encoded_message_definition, "
                    + "type_description_hash FROM message_definitions ORDER BY id")) {
                assertThat(rs.next()).isTrue();
                assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                        .containsExactly("sensor_msgs/msg/Image", "ros2msg", "std_msgs/Header header\nuint32 height\n",
                                "RIHS01_aa");
                assertThat(rs.next()).isTrue();
                assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3)))
                        .containsExactly("nav_msgs/msg/Odometry", "unknown", "");
                assertThat(rs.next()).isFalse();
            }
            assertThat(RosbagSql.number(file, "SELECT count(*) FROM topics")).isEqualTo(3);
            try (ResultSet rs = st.executeQuery("SELECT metadata_version, metadata FROM metadata")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(8);
                assertThat(rs.getString(2)).startsWith("compression_format: ''\n");
                assertThat(BagMetadataYaml.parse(rs.getString(2), file)).isEqualTo(metadata);
            }
        }
    }

    @Test
    void anExistingFileIsNotOverwritten() throws Exception {
        Path file = Files.writeString(tmp.resolve("taken.db3"), "keep me");
        assertThatThrownBy(() -> new SqliteBagFileWriter(file, "")).isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("taken.db3");
        assertThat(Files.readString(file)).isEqualTo("keep me");
    }

    @Test
    void aMessageOfAnUndeclaredTopicIsRefused() throws Exception {
        try (SqliteBagFileWriter writer = new SqliteBagFileWriter(tmp.resolve("x.db3"), "")) {
            assertThatThrownBy(() -> writer.write("/nowhere", 1, new byte[4]))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/nowhere");
        }
    }
}
