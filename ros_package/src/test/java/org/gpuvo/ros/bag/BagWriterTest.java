package org.gpuvo.ros.bag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BagWriterTest {
    @TempDir
    Path tmp;

    private static final BagWriterOptions OPTIONS = new BagWriterOptions("jazzy", Map.of("recorded_by", "gpuvo"));

    /** A bag written through the sqlite3 storage reads back whole, and its metadata.yaml states what was written. */
    @Test
    void aWrittenBagReadsBackWithItsMetadata() throws Exception {
        Path dir = tmp.resolve("drive");
        TopicInfo image = TopicInfo.of("/camera/image_raw", "sensor_msgs/msg/Image");
        TopicInfo odom = TopicInfo.of("/odom", "nav_msgs/msg/Odometry");
        TopicInfo unused = TopicInfo.of("/unused", "std_msgs/msg/String");
        Random random = new Random(7);
        List<BagMessage> written = new ArrayList<>();
        try (BagWriter writer = Bags.create(dir, Storage.SQLITE3, OPTIONS)) {
            assertThat(writer.file()).isEqualTo(dir.resolve("drive_0.db3"));
            writer.addTopic(image, "uint32 height\n");
            writer.addTopic(odom, "");
            writer.addTopic(unused, "string data\n");
            writer.addTopic(image, ""); // again, same type: nothing happens
            long t = 1_000_000_000L;
            for (int i = 0; i < 2000; i++) {
                t += 1 + random.nextInt(5_000_000);
                TopicInfo topic = i % 4 == 0 ? image : odom;
                byte[] data = new byte[topic == image ? 20_000 + random.nextInt(1000) : 100];
                random.nextBytes(data);
                writer.write(topic.name(), t, data);
                written.add(new BagMessage(topic, t, data, null, -1));
            }
        }
        long first = written.get(0).timeNs(), last = written.get(written.size() - 1).timeNs();
        BagMetadata metadata = BagMetadata.read(dir.resolve("metadata.yaml"));
        assertThat(metadata).isEqualTo(new BagMetadata(8, "sqlite3", last - first, first, 2000,
                List.of(new BagMetadata.TopicMessageCount(image, 500), new BagMetadata.TopicMessageCount(odom, 1500),
                        new BagMetadata.TopicMessageCount(unused, 0)),
                "", "", List.of("drive_0.db3"), List.of(new BagMetadata.FileInfo("drive_0.db3", first, last - first,
                2000)), Map.of("recorded_by", "gpuvo"), "jazzy"));
        assertThat(BagMetadataTest.keyTree(Files.readString(dir.resolve("metadata.yaml"))))
                .isEqualTo(BagMetadataTest.keyTree(Files.readString(
                        RosbagSql.rosbags().resolve("tf_example/metadata.yaml"))));
        assertThat(RosbagSql.countsPerTopic(dir.resolve("drive_0.db3")))
                .containsExactly(Map.entry("/camera/image_raw", 500L), Map.entry("/odom", 1500L),
                        Map.entry("/unused", 0L));
        try (Connection c = RosbagSql.connect(dir.resolve("drive_0.db3")); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT metadata FROM metadata")) {
            assertThat(rs.next()).isTrue();
            assertThat(BagMetadataYaml.parse(rs.getString(1), dir)).isEqualTo(metadata);
        }

        try (BagReader bag = Bags.open(dir)) {
            assertThat(bag.metadata()).contains(metadata);
            assertThat(bag.messageCounts()).containsExactly(Map.entry("/camera/image_raw", 500L),
                    Map.entry("/odom", 1500L), Map.entry("/unused", 0L));
            assertThat(bag.timeRange()).contains(new TimeRange(first, last));
            assertThat(bag.messageDefinitions()).containsEntry("sensor_msgs/msg/Image", "uint32 height\n");
            List<BagMessage> read = Cursors.drain(bag.messages(null));
            assertThat(read).hasSize(written.size());
            for (int i = 0; i < read.size(); i++) {
                assertThat(read.get(i).topic()).isEqualTo(written.get(i).topic());
                assertThat(read.get(i).timeNs()).isEqualTo(written.get(i).timeNs());
                assertThat(read.get(i).data()).isEqualTo(written.get(i).data());
            }
        }
    }

    @Test
    void anEmptyBagHasZeroTimes() throws Exception {
        Path dir = tmp.resolve("nothing");
        try (BagWriter writer = Bags.create(dir, Storage.SQLITE3, OPTIONS)) {
            writer.addTopic(TopicInfo.of("/a", "std_msgs/msg/String"), "");
        }
        BagMetadata m = BagMetadata.read(dir.resolve("metadata.yaml"));
        assertThat(m.messageCount()).isZero();
        assertThat(m.startingTimeNs()).isZero();
        assertThat(m.durationNs()).isZero();
        try (BagReader bag = Bags.open(dir)) {
            assertThat(bag.timeRange()).isEmpty();
            assertThat(bag.durationNs()).isZero();
            assertThat(bag.messages(null).next()).isNull();
        }
    }

    @Test
    void aDirectoryThatHoldsFilesIsNotWrittenInto() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("taken"));
        Files.writeString(dir.resolve("keep.txt"), "mine");
        assertThatThrownBy(() -> Bags.create(dir, Storage.SQLITE3, OPTIONS))
                .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("not empty");
        assertThat(Files.list(dir).toList()).containsExactly(dir.resolve("keep.txt"));

        Path file = Files.writeString(tmp.resolve("a_file"), "x");
        assertThatThrownBy(() -> Bags.create(file, Storage.SQLITE3, OPTIONS))
                .isInstanceOf(FileAlreadyExistsException.class).hasMessageContaining("not a directory");

        Path emptyDir = Files.createDirectory(tmp.resolve("ready"));
        try (BagWriter writer = Bags.create(emptyDir, Storage.SQLITE3, OPTIONS)) {
            assertThat(writer.file()).isEqualTo(emptyDir.resolve("ready_0.db3"));
        }
    }

    @Test
    void undeclaredTopicsAndTypeChangesAreRefused() throws Exception {
        try (BagWriter writer = Bags.create(tmp.resolve("strict"), Storage.SQLITE3, OPTIONS)) {
            writer.addTopic(TopicInfo.of("/a", "std_msgs/msg/String"), "");
            assertThatThrownBy(() -> writer.write("/b", 1, new byte[4])).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("/b");
            assertThatThrownBy(() -> writer.addTopic(TopicInfo.of("/a", "std_msgs/msg/Int32"), ""))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("std_msgs/msg/String");
        }
    }

    /** MCAP is the default storage; until its classes are plugged in, creating one says so and leaves no folder. */
    @Test
    void mcapIsTheDefaultAndSaysWhenItIsNotAvailable() throws IOException {
        assertThat(Storage.DEFAULT).isEqualTo(Storage.MCAP);
        assertThat(Storage.ofId("mcap")).isEqualTo(Storage.MCAP);
        assertThat(Storage.ofId("sqlite3")).isEqualTo(Storage.SQLITE3);
        if (Storage.MCAP.isAvailable())
            return;
        Path dir = tmp.resolve("mcap_bag");
        assertThatThrownBy(() -> Bags.create(dir, Storage.MCAP, OPTIONS)).isInstanceOf(IOException.class)
                .hasMessageContaining("storage mcap is not available");
        assertThat(dir).doesNotExist();
    }
}
