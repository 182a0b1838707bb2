package org.gpuvo.ros.bag.mcap;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every real rosbag2 MCAP file in the shared data (written by rosbag2, libmcap and the Go MCAP library). */
class McapRealFilesTest {
    @TempDir
    Path tmp;

    private static List<Path> realFiles() throws IOException {
        Path root = SharedData.require("rosbags");
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".mcap")).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void everyRealFileYieldsAllItsMessagesInTimeOrder() throws IOException {
        List<Path> files = realFiles();
        assertThat(files).hasSizeGreaterThanOrEqualTo(10);
        for (Path file : files) {
            try (McapBagFileReader reader = McapBagFileReader.open(file)) {
                assertThat(reader.hasSummary()).as("%s has a summary", file).isTrue();
                assertThat(reader.isIndexed()).as("%s is indexed", file).isTrue();
                assertThat(reader.profile()).isEqualTo("ros2");
                Map<String, Long> stated = reader.messageCounts();
                List<BagMessage> read = readAll(reader, null);
                assertThat(countPerTopic(read, reader.topics())).as("counts of %s", file).isEqualTo(stated);
                assertThat(stated.values().stream().mapToLong(Long::longValue).sum()).isPositive();
                assertNonDecreasingTimes(read);
                for (BagMessage m : read) {
                    // rosbag2 stores CDR with the little-endian encapsulation header (shared data README)
                    assertThat(m.data()).as("%s %s", file, m.topic().name()).startsWith(0, 1, 0, 0);
                    assertThat(m.file()).isEqualTo(file);
                }
                for (TopicInfo topic : reader.topics()) {
                    assertThat(topic.serializationFormat()).isNotEmpty(); // "cdr", and a deliberately wrong one
                    // rosbag2's own event topics may be recorded without QoS profiles
                    assertThat(topic.offeredQosProfiles()).matches(q -> q.isEmpty() || q.contains("history:"));
                    assertThat(reader.messageDefinitions()).containsKey(topic.type());
                }
            }
        }
    }

    @Test
    void nav2RecordingHasTheCountsOfItsReadme() throws IOException {
        Path file = SharedData.require("rosbags").resolve("nav2_turtlebot.mcap");
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            assertThat(reader.messageCounts()).containsExactlyInAnyOrderEntriesOf(
                    Map.of("/odom", 2639L, "/tf", 5422L, "/tf_static", 1L, "/amcl_pose", 135L));
            List<BagMessage> all = readAll(reader, null);
            assertThat(countPerTopic(all, reader.topics())).isEqualTo(reader.messageCounts());
            assertNonDecreasingTimes(all);

            TopicInfo odom = reader.topics().stream().filter(t -> t.name().equals("/odom")).findFirst().orElseThrow();
            assertThat(odom.type()).isEqualTo("nav_msgs/msg/Odometry");
            assertThat(odom.typeDescriptionHash()).startsWith("RIHS01_3cc97dc7");
            assertThat(odom.offeredQosProfiles()).contains("reliability: reliable");
            assertThat(reader.messageDefinitions().get("nav_msgs/msg/Odometry"))
                    .startsWith("# This represents an estimate of a position and velocity in free space.");

            List<BagMessage> odomOnly = readAll(reader, Set.of("/odom", "/no/such/topic"));
            assertThat(odomOnly).hasSize(2639).allMatch(m -> m.topic().name().equals("/odom"));
            assertThat(odomOnly).extracting(BagMessage::timeNs).containsExactlyElementsOf(all.stream()
                    .filter(m -> m.topic().name().equals("/odom")).map(BagMessage::timeNs).toList());
        }
    }

    @Test
    void realFilesReadLinearlyGiveTheSameMessages() throws IOException {
        for (Path file : realFiles()) {
            Path linear = McapFiles.withoutSummary(file, tmp.resolve(file.getFileName()));
            try (McapBagFileReader indexed = McapBagFileReader.open(file);
                 McapBagFileReader scanned = McapBagFileReader.open(linear)) {
                assertThat(scanned.hasSummary()).isFalse();
                assertThat(scanned.damage()).isEmpty();
                // rosbag2 (libmcap) puts a channel into the data only with its first message: topics without
                // messages are declared in the summary alone
                assertThat(indexed.topics()).as("%s", file).containsAll(scanned.topics());
                Map<String, Long> withMessages = new LinkedHashMap<>(indexed.messageCounts());
                withMessages.values().removeIf(n -> n == 0);
                assertThat(scanned.messageCounts()).containsAllEntriesOf(withMessages);
                assertThat(scanned.messageCounts().values().stream().mapToLong(Long::longValue).sum())
                        .isEqualTo(withMessages.values().stream().mapToLong(Long::longValue).sum());
                assertThat(indexed.messageDefinitions()).containsAllEntriesOf(scanned.messageDefinitions());
                McapAssertions.assertSameMessages(readAll(scanned, null), readAll(indexed, null));
            }
        }
    }

    @Test
    void rosbag2MetadataRecordIsReadThroughTheIndexAndLinearly() throws IOException {
        Path file = SharedData.require("rosbags")
                .resolve("rosbag2-test-resources/rosbag2_cpp/test/rosbag2_cpp/bags/only_topics.mcap");
        try (McapBagFileReader reader = McapBagFileReader.open(file)) {
            Map<String, String> rosbag2 = reader.metadata().get("rosbag2");
            // two records named rosbag2: the one written last, at the end of recording, holds the final count
            assertThat(rosbag2.get("serialized_metadata")).contains("message_count: 7");
            try (McapBagFileReader linear = McapBagFileReader.open(
                    McapFiles.withoutSummary(file, tmp.resolve("linear.mcap")))) {
                assertThat(linear.metadata()).isEqualTo(reader.metadata());
            }
        }
    }

    static List<BagMessage> readAll(McapBagFileReader reader, Set<String> topics) throws IOException {
        List<BagMessage> all = new ArrayList<>();
        try (MessageCursor cursor = reader.messages(topics)) {
            for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                all.add(m);
        }
        return all;
    }

    static Map<String, Long> countPerTopic(List<BagMessage> messages, List<TopicInfo> topics) {
        Map<String, Long> counts = new LinkedHashMap<>();
        topics.forEach(t -> counts.put(t.name(), 0L));
        messages.forEach(m -> counts.merge(m.topic().name(), 1L, Long::sum));
        return counts;
    }

    static void assertNonDecreasingTimes(List<BagMessage> messages) {
        for (int i = 1; i < messages.size(); i++)
            assertThat(messages.get(i).timeNs()).as("time of message %d", i)
                    .isGreaterThanOrEqualTo(messages.get(i - 1).timeNs());
    }
}
