package org.gpuvo.ros.cdr;

import org.gpuvo.gpu.testdata.SharedData;
import org.gpuvo.ros.msg.Clock;
import org.gpuvo.ros.msg.DiagnosticArray;
import org.gpuvo.ros.msg.EmptyMessage;
import org.gpuvo.ros.msg.Odometry;
import org.gpuvo.ros.msg.TFMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The ros2msg definitions that bags store beside the messages. */
class MessageDefinitionsTest {
    private static final String SEPARATOR = "\n" + "=".repeat(80) + "\n";
    private static final Set<String> PRIMITIVES = Set.of("bool", "byte", "char", "float32", "float64", "int8", "uint8",
            "int16", "uint16", "int32", "uint32", "int64", "uint64", "string", "wstring");

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "sensor_msgs/msg/Image           | std_msgs/Header header",
            "sensor_msgs/msg/CompressedImage | std_msgs/Header header",
            "sensor_msgs/msg/CameraInfo      | std_msgs/Header header",
            "nav_msgs/msg/Odometry           | std_msgs/Header header",
            "nav_msgs/msg/Path               | std_msgs/Header header",
            "geometry_msgs/msg/PoseStamped   | std_msgs/Header header",
            "geometry_msgs/msg/TransformStamped | std_msgs/Header header",
            "tf2_msgs/msg/TFMessage          | geometry_msgs/TransformStamped[] transforms",
            "std_msgs/msg/Header             | builtin_interfaces/Time stamp",
            "std_msgs/msg/String             | string data",
            "std_msgs/msg/Int32              | int32 data",
            "diagnostic_msgs/msg/DiagnosticArray | std_msgs/Header header",
            "rosgraph_msgs/msg/Clock         | builtin_interfaces/Time clock"})
    void startsWithTheTypesOwnFieldsAndHasASectionForEveryTypeItUses(String type, String firstField) {
        String definition = MessageCodecs.forType(type).orElseThrow().definition();
        assertThat(definition).startsWith(firstField + "\n");
        Map<String, List<String[]>> sections = sections(definition, type.replace("/msg/", "/"));
        assertThat(sections.keySet().iterator().next()).isEqualTo(type.replace("/msg/", "/"));
        // every field of a message type, in any section, names a type whose section is there; nothing else is
        Set<String> used = new java.util.HashSet<>();
        sections.forEach((section, fields) -> {
            for (String[] field : fields) {
                String fieldType = resolve(section, field[0]).replaceAll("\\[.*]$", "");
                if (PRIMITIVES.contains(fieldType.replaceAll("<=\\d+$", "")))
                    continue;
                assertThat(sections).as("%s uses %s", section, fieldType).containsKey(fieldType);
                used.add(fieldType);
            }
        });
        assertThat(used).containsExactlyInAnyOrderElementsOf(
                sections.keySet().stream().skip(1).toList());
    }

    @Test
    void odometryListsItsTypesInTheOrderRosbag2Does() {
        // the order of the MSG: sections in the nav_msgs/msg/Odometry schema of nav2_turtlebot.mcap (recorded by
        // ROS 2's rosbag2): depth first, each type's dependencies sorted by name
        assertThat(sections(MessageCodecs.of(Odometry.class).definition(), "nav_msgs/Odometry").keySet())
                .containsExactly("nav_msgs/Odometry", "geometry_msgs/PoseWithCovariance", "geometry_msgs/Pose",
                        "geometry_msgs/Point", "geometry_msgs/Quaternion", "geometry_msgs/TwistWithCovariance",
                        "geometry_msgs/Twist", "geometry_msgs/Vector3", "std_msgs/Header", "builtin_interfaces/Time");
    }

    @Test
    void tfMessageListsItsTypesInTheOrderRosbag2Does() {
        // as in the tf2_msgs/msg/TFMessage schema of nav2_turtlebot.mcap
        assertThat(sections(MessageCodecs.of(TFMessage.class).definition(), "tf2_msgs/TFMessage").keySet())
                .containsExactly("tf2_msgs/TFMessage", "geometry_msgs/TransformStamped", "geometry_msgs/Transform",
                        "geometry_msgs/Quaternion", "geometry_msgs/Vector3", "std_msgs/Header",
                        "builtin_interfaces/Time");
    }

    @Test
    void clockDefinitionExactly() {
        assertThat(MessageCodecs.of(Clock.class).definition()).isEqualTo("""
                builtin_interfaces/Time clock

                ================================================================================
                MSG: builtin_interfaces/Time
                int32 sec
                uint32 nanosec
                """);
    }

    @Test
    void diagnosticArrayDefinitionExactly() {
        // the sections in rosbag2's order: DiagnosticStatus before Header, KeyValue under DiagnosticStatus
        assertThat(MessageCodecs.of(DiagnosticArray.class).definition()).isEqualTo("""
                std_msgs/Header header
                DiagnosticStatus[] status

                ================================================================================
                MSG: diagnostic_msgs/DiagnosticStatus
                byte OK=0
                byte WARN=1
                byte ERROR=2
                byte STALE=3

                byte level
                string name
                string message
                string hardware_id
                KeyValue[] values

                ================================================================================
                MSG: diagnostic_msgs/KeyValue
                string key
                string value

                ================================================================================
                MSG: std_msgs/Header
                builtin_interfaces/Time stamp
                string frame_id

                ================================================================================
                MSG: builtin_interfaces/Time
                int32 sec
                uint32 nanosec
                """);
    }

    @Test
    void emptyHasAnEmptyDefinition() {
        // std_msgs/msg/Empty.msg declares no field (the byte on the wire is rosidl's, not the file's)
        assertThat(MessageCodecs.of(EmptyMessage.class).definition()).isEmpty();
    }

    @Test
    void tfMessageAgreesWithTheDefinitionInTheTfExampleBag() throws SQLException {
        // written by another tool (the rosbags library), in another order, with qualified type names and without
        // default values: the same sections must declare the same fields
        Path bag = SharedData.require("rosbags/tf_example").resolve("tf_example.db3");
        String theirs = new String(SqliteBlobs.query(bag, "select encoded_message_definition from message_definitions "
                + "where topic_type = 'tf2_msgs/msg/TFMessage'").get(0), StandardCharsets.UTF_8);
        Map<String, List<String>> expected = fieldNames(sections(theirs, "tf2_msgs/TFMessage"));
        Map<String, List<String>> ours = fieldNames(sections(MessageCodecs.of(TFMessage.class).definition(),
                "tf2_msgs/TFMessage"));
        assertThat(ours).containsExactlyInAnyOrderEntriesOf(expected);
        assertThat(ours).hasSize(7);
    }

    /** Sections by name (the first under {@code rootName}), each as its fields' type and name. */
    private static Map<String, List<String[]>> sections(String definition, String rootName) {
        Map<String, List<String[]>> sections = new LinkedHashMap<>();
        String[] parts = definition.split(SEPARATOR, -1);
        for (int i = 0; i < parts.length; i++) {
            List<String> lines = new ArrayList<>(parts[i].lines().toList());
            String name = rootName;
            if (i > 0) {
                assertThat(lines.get(0)).startsWith("MSG: ");
                name = lines.remove(0).substring("MSG: ".length());
            }
            List<String[]> fields = new ArrayList<>();
            for (String line : lines) {
                String code = line.replaceAll("#.*", "").trim();
                if (!code.isEmpty())
                    fields.add(code.split("\\s+"));
            }
            assertThat(sections.put(name, fields)).as("section %s appears once", name).isNull();
        }
        return sections;
    }

    private static Map<String, List<String>> fieldNames(Map<String, List<String[]>> sections) {
        Map<String, List<String>> names = new LinkedHashMap<>();
        sections.forEach((name, fields) -> names.put(name,
                fields.stream().map(f -> resolve(name, f[0]) + " " + f[1]).toList()));
        return names;
    }

    /** A field's type with its package, where it is a message type named relative to the section's package. */
    private static String resolve(String section, String fieldType) {
        String bare = fieldType.replaceAll("\\[.*]$", "").replaceAll("<=\\d+$", "");
        if (PRIMITIVES.contains(bare) || fieldType.contains("/"))
            return fieldType;
        return section.substring(0, section.indexOf('/') + 1) + fieldType;
    }
}
