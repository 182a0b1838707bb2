package org.gpuvo.ros.replay;

import org.gpuvo.odometry.synthetic.ConfigSynthetic;
import org.gpuvo.odometry.synthetic.SyntheticSequence;
import org.gpuvo.ros.bag.BagReader;
import org.gpuvo.ros.bag.BagWriter;
import org.gpuvo.ros.bag.BagWriterOptions;
import org.gpuvo.ros.bag.Bags;
import org.gpuvo.ros.bag.Storage;
import org.gpuvo.ros.bag.TopicInfo;
import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.node.transport.QosProfile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.yaml.snakeyaml.Yaml;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The topics of the bags gpuvo writes carry what rosbag2 records: the offered QoS, the type hash, the distro. */
class WrittenBagTopicsTest {
    /**
     * The profile rosbag2 (Jazzy) recorded for a reliable keep-last-10 publisher of /odom (the MCAP channel of
     * {@code nav2_turtlebot.mcap} in the shared data), with its policies as names; gpuvo writes their rmw numbers.
     */
    private static final String RECORDED_ODOM = """
            - history: keep_last
              depth: 10
              reliability: reliable
              durability: volatile
              deadline:
                sec: 9223372036
                nsec: 854775807
              lifespan:
                sec: 9223372036
                nsec: 854775807
              liveliness: automatic
              liveliness_lease_duration:
                sec: 9223372036
                nsec: 854775807
              avoid_ros_namespace_conventions: false""";
    /** rmw's numbers of the names above (rmw/types.h). */
    private static final Map<Object, Object> NUMBERS = Map.of("keep_last", 1, "reliable", 1, "best_effort", 2,
            "volatile", 2, "transient_local", 1, "automatic", 1);

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(Storage.class)
    void cameraTopicsCarryTheirQosTypeHashAndTheDistribution(Storage storage) throws Exception {
        ConfigSynthetic c = ConfigSynthetic.room();
        c.width = 64;
        c.height = 48;
        c.frames = 2;
        Path bag = dir.resolve("bag");
        try (BagWriter writer = Bags.create(bag, storage, new BagWriterOptions("humble", Map.of()))) {
            SequenceBagWriter.write(new SyntheticSequence(c), writer, null);
        }
        try (BagReader reader = Bags.open(bag)) {
            Map<String, TopicInfo> topics = new java.util.HashMap<>();
            reader.topics().forEach(t -> topics.put(t.name(), t));
            TopicInfo image = topics.get("/left/image_rect");
            assertThat(image).as("topics %s", topics.keySet()).isNotNull();
            assertThat(profiles(image)).containsExactly(profile(QosProfile.SENSOR_DATA));
            assertThat(image.typeDescriptionHash())
                    .isEqualTo(MessageCodecs.forType("sensor_msgs/msg/Image").orElseThrow().typeHash());
            TopicInfo truth = topics.get(SequenceBagWriter.GROUND_TRUTH);
            assertThat(profiles(truth)).containsExactly(profile(QosProfile.RELIABLE));
            assertThat(truth.typeDescriptionHash())
                    .isEqualTo("RIHS01_3cc97dc7fb7502f8714462c526d369e35b603cfc34d946e3f2eda2766dfec6e0");
            assertThat(reader.metadata().orElseThrow().rosDistro()).isEqualTo("humble");
        }
    }

    /** gpuvo's profile of a reliable keep-last-10 publisher is the recorded one, policy by policy. */
    @org.junit.jupiter.api.Test
    @SuppressWarnings("unchecked")
    void theProfileIsTheOneRosbag2Records() {
        Map<Object, Object> recorded = numbered(((List<Map<Object, Object>>) new Yaml().load(RECORDED_ODOM)).get(0));
        assertThat(profile(QosProfile.RELIABLE)).isEqualTo(recorded);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<Object, Object>> profiles(TopicInfo topic) {
        return new Yaml().load(topic.offeredQosProfiles());
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> profile(QosProfile qos) {
        return ((List<Map<Object, Object>>) new Yaml().load(OfferedQosYaml.of(qos))).get(0);
    }

    private static Map<Object, Object> numbered(Map<Object, Object> named) {
        Map<Object, Object> out = new java.util.LinkedHashMap<>();
        named.forEach((k, v) -> out.put(k, NUMBERS.getOrDefault(v, v)));
        return out;
    }
}
