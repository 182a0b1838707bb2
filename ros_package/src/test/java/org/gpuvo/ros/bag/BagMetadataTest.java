package org.gpuvo.ros.bag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BagMetadataTest {
    private static final String TF_HASH = "RIHS01_e369d0f05a23ae52508854b66f6aa0437f3449d652e8cbf22d5abe85d020f087";

    @TempDir
    Path tmp;

    private static Path tfExampleMetadata() {
        return RosbagSql.rosbags().resolve("tf_example/metadata.yaml");
    }

    /** The values of tf_example/metadata.yaml (version 8), as the file states them. */
    @Test
    void readsTheRealVersion8File() throws Exception {
        BagMetadata m = BagMetadata.read(tfExampleMetadata());
        assertThat(m.version()).isEqualTo(8);
        assertThat(m.storageIdentifier()).isEqualTo("sqlite3");
        assertThat(m.durationNs()).isEqualTo(51684723334L);
        assertThat(m.startingTimeNs()).isEqualTo(1714741164111822142L);
        assertThat(m.messageCount()).isEqualTo(518);
        assertThat(m.topicsWithMessageCount()).containsExactly(
                new BagMetadata.TopicMessageCount(
                        new TopicInfo("/tf_static", "tf2_msgs/msg/TFMessage", "cdr", "", TF_HASH), 1),
                new BagMetadata.TopicMessageCount(
                        new TopicInfo("/tf", "tf2_msgs/msg/TFMessage", "cdr", "", TF_HASH), 517));
        assertThat(m.compressionFormat()).isEmpty();
        assertThat(m.compressionMode()).isEmpty();
        assertThat(m.isCompressed()).isFalse();
        assertThat(m.relativeFilePaths()).containsExactly("tf_example.db3");
        assertThat(m.files()).containsExactly(
                new BagMetadata.FileInfo("tf_example.db3", 1714741164111822142L, 51684723334L, 518));
        assertThat(m.customData()).isEmpty();
        assertThat(m.rosDistro()).isEqualTo("rosbags");
    }

    /** Written back, the real file comes out byte for byte: the layout is that of the real file. */
    @Test
    void writesTheLayoutOfTheRealFile() throws Exception {
        String real = Files.readString(tfExampleMetadata());
        assertThat(BagMetadataYaml.format(BagMetadata.read(tfExampleMetadata()))).isEqualTo(real);
    }

    /** Every field, with multi-line QoS text, custom data and several files, written and read back equal. */
    @Test
    void everyFieldRoundTrips() throws Exception {
        String qos = "- history: 3\n  depth: 0\n  reliability: 1\n  durability: 2\n  deadline:\n    sec: 0\n"
                + "    nsec: 0\n  avoid_ros_namespace_conventions: false";
        BagMetadata m = new BagMetadata(8, "sqlite3", 2_000_000_000L, 1_700_000_000_123_456_789L, 30,
                List.of(new BagMetadata.TopicMessageCount(new TopicInfo("/camera/image", "sensor_msgs/msg/Image",
                                "cdr", qos, "RIHS01_0123"), 20),
                        new BagMetadata.TopicMessageCount(TopicInfo.of("/odom: odd name", "nav_msgs/msg/Odometry"), 10),
                        new BagMetadata.TopicMessageCount(TopicInfo.of("/empty", "std_msgs/msg/String"), 0)),
                "", "", List.of("run_0.db3", "run_1.db3"),
                List.of(new BagMetadata.FileInfo("run_0.db3", 1_700_000_000_123_456_789L, 1_000_000_000L, 18),
                        new BagMetadata.FileInfo("run_1.db3", 1_700_000_001_200_000_000L, 923_456_789L, 12)),
                Map.of("operator", "Ada", "note", "line one\nline two", "yes", "true"), "jazzy");
        Path file = tmp.resolve("metadata.yaml");
        m.write(file);
        assertThat(BagMetadata.read(file)).isEqualTo(m);
        String text = Files.readString(file);
        assertThat(text).startsWith("rosbag2_bagfile_information:\n  compression_format: ''\n")
                .contains("\n  version: 8\n");
    }

    /** A metadata.yaml written here has the keys and nesting of the real one (values aside). */
    @Test
    void writtenKeysAndNestingAreThoseOfTheRealFile() throws Exception {
        BagMetadata ours = new BagMetadata(8, "sqlite3", 5, 10, 2,
                List.of(new BagMetadata.TopicMessageCount(TopicInfo.of("/a", "std_msgs/msg/String"), 2)), "", "",
                List.of("x_0.db3"), List.of(new BagMetadata.FileInfo("x_0.db3", 10, 5, 2)), Map.of(), "jazzy");
        assertThat(keyTree(BagMetadataYaml.format(ours)))
                .isEqualTo(keyTree(Files.readString(tfExampleMetadata())));
    }

    /** Each key as a path (a.b[].c), in the order of the text; the keys inside custom_data are left out. */
    static List<String> keyTree(String yaml) {
        List<String> keys = new ArrayList<>();
        collectKeys(new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml), "", keys);
        return keys;
    }

    private static void collectKeys(Object node, String prefix, List<String> out) {
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String key = prefix + "." + e.getKey();
                out.add(key);
                if (!"custom_data".equals(e.getKey())) // its keys are the user's
                    collectKeys(e.getValue(), key, out);
            }
        } else if (node instanceof List<?> list && !list.isEmpty()) {
            collectKeys(list.get(0), prefix + "[]", out);
        }
    }

    /** rosbag2 keeps its metadata (version 7, as yaml-cpp writes it) in cdr_test_0.db3's metadata table. */
    @Test
    void readsTheMetadataThatRosbag2StoredInARealDb3() throws Exception {
        Path db3 = RosbagSql.rosbags().resolve("rosbag2-test-resources/rosbag2_tests/resources/sqlite3/cdr_test/"
                + "cdr_test_0.db3");
        Map<Integer, String> rows = new LinkedHashMap<>();
        try (Connection c = RosbagSql.connect(db3); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, metadata FROM metadata ORDER BY id")) {
            while (rs.next())
                rows.put(rs.getInt(1), rs.getString(2));
        }
        BagMetadata first = BagMetadataYaml.parse(rows.get(1), db3);
        assertThat(first.version()).isEqualTo(7);
        assertThat(first.topicsWithMessageCount()).isEmpty();
        assertThat(first.customData()).isEmpty(); // "custom_data: ~"
        assertThat(first.startingTimeNs()).isEqualTo(Long.MAX_VALUE);

        BagMetadata last = BagMetadataYaml.parse(rows.get(2), db3);
        assertThat(last.messageCount()).isEqualTo(7);
        assertThat(last.durationNs()).isEqualTo(151137181L);
        assertThat(last.startingTimeNs()).isEqualTo(1586406456763032325L);
        assertThat(last.topicsWithMessageCount()).extracting(t -> t.topic().name() + "=" + t.messageCount())
                .containsExactly("/array_topic=4", "/test_topic=3");
        assertThat(last.topicsWithMessageCount().get(0).topic().offeredQosProfiles())
                .startsWith("- history: 3\n  depth: 4\n").endsWith("avoid_ros_namespace_conventions: false");
        assertThat(last.files()).containsExactly(
                new BagMetadata.FileInfo("cdr_test_0.db3", 1586406456763032325L, 151137181L, 7));
    }

    /** Versions before fields existed: what a version lacks reads as empty; version 9's QoS list is kept as text. */
    @Test
    void readsOlderAndNewerVersionsTolerantly() throws Exception {
        String v1 = """
                rosbag2_bagfile_information:
                  version: 1
                  storage_identifier: sqlite3
                  relative_file_paths:
                    - old_bag/old_bag_0.db3
                  duration:
                    nanoseconds: 100
                  starting_time:
                    nanoseconds_since_epoch: 5
                  message_count: 3
                  topics_with_message_count:
                    - topic_metadata:
                        name: /chatter
                        type: std_msgs/msg/String
                        serialization_format: cdr
                      message_count: 3
                """;
        BagMetadata m1 = BagMetadataYaml.parse(v1, Path.of("v1.yaml"));
        assertThat(m1.version()).isEqualTo(1);
        assertThat(m1.relativeFilePaths()).containsExactly("old_bag/old_bag_0.db3");
        assertThat(m1.topicsWithMessageCount()).containsExactly(
                new BagMetadata.TopicMessageCount(TopicInfo.of("/chatter", "std_msgs/msg/String"), 3));
        assertThat(m1.files()).isEmpty();
        assertThat(m1.compressionMode()).isEmpty();
        assertThat(m1.rosDistro()).isEmpty();

        String v9 = """
                rosbag2_bagfile_information:
                  version: 9
                  storage_identifier: mcap
                  duration: {nanoseconds: 0}
                  starting_time: {nanoseconds_since_epoch: 0}
                  message_count: 0
                  topics_with_message_count:
                    - topic_metadata:
                        name: /a
                        type: std_msgs/msg/String
                        serialization_format: cdr
                        offered_qos_profiles: "- history: keep_last\\n  depth: 10"
                        type_description_hash: RIHS01_1
                      message_count: 0
                    - topic_metadata:
                        name: /b
                        type: std_msgs/msg/String
                        serialization_format: cdr
                        offered_qos_profiles:
                          - history: keep_last
                            depth: 7
                        type_description_hash: RIHS01_2
                      message_count: 0
                  compression_format: zstd
                  compression_mode: FILE
                  relative_file_paths: [b_0.mcap.zstd]
                  files: []
                  custom_data: ~
                  ros_distro: rolling
                """;
        BagMetadata m9 = BagMetadataYaml.parse(v9, Path.of("v9.yaml"));
        assertThat(m9.topicsWithMessageCount().get(0).topic().offeredQosProfiles())
                .isEqualTo("- history: keep_last\n  depth: 10");
        assertThat(m9.topicsWithMessageCount().get(1).topic().offeredQosProfiles())
                .isEqualTo("- history: keep_last\n  depth: 7");
        assertThat(m9.isCompressed()).isTrue();
        assertThat(m9.rosDistro()).isEqualTo("rolling");
    }

    @Test
    void badMetadataIsAnErrorNamingTheFileAndTheField() {
        Path source = Path.of("some_bag/metadata.yaml");
        assertThatThrownBy(() -> BagMetadataYaml.parse("a: [unclosed", source))
                .isInstanceOf(BagFormatException.class).hasMessageContaining("some_bag/metadata.yaml")
                .hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> BagMetadataYaml.parse("something_else: {}", source))
                .isInstanceOf(BagFormatException.class).hasMessageContaining("not a rosbag2 metadata file");
        assertThatThrownBy(() -> BagMetadataYaml.parse("rosbag2_bagfile_information:\n  version: 8\n"
                + "  message_count: lots\n", source))
                .isInstanceOf(BagFormatException.class)
                .hasMessageContaining("rosbag2_bagfile_information.message_count is not an integer");
        assertThatThrownBy(() -> BagMetadataYaml.parse("rosbag2_bagfile_information:\n  version: 8\n"
                + "  topics_with_message_count:\n  - topic_metadata: {type: t}\n", source))
                .isInstanceOf(BagFormatException.class)
                .hasMessageContaining("topics_with_message_count[0].topic_metadata.name is missing");
        assertThatThrownBy(() -> BagMetadataYaml.parse("rosbag2_bagfile_information:\n  storage_identifier: x\n",
                source)).isInstanceOf(BagFormatException.class).hasMessageContaining("without a version");
    }
}
