package org.gpuvo.ros.cdr;

import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;

/**
 * The full {@code ros2msg} definition of a message type, as rosbag2 writes it into MCAP schemas and the sqlite3
 * {@code message_definitions} table: the type's own {@code .msg} text, then for each type it depends on (directly or
 * not, each once) a line of 80 '=', a line {@code MSG: pkg/Type} and that type's text.
 *
 * <p>The order is rosbag2's (LocalMessageDefinitionSource): depth first, a type's dependencies in the order of their
 * names, a type at its first appearance. Checked against the Odometry and TFMessage schemas of an MCAP file
 * recorded by ROS 2.</p>
 */
final class Ros2msgDefinition {
    static final String SEPARATOR = "=".repeat(80);

    private Ros2msgDefinition() {
    }

    static String of(RosMessageType<?> root) {
        StringBuilder text = new StringBuilder(root.msgText());
        Set<String> written = new HashSet<>();
        written.add(root.name());
        appendDependencies(root, written, text);
        return text.toString();
    }

    private static void appendDependencies(RosMessageType<?> type, Set<String> written, StringBuilder text) {
        type.dependencies().stream().sorted(Comparator.comparing(RosMessageType::definitionName)).forEach(dependency -> {
            if (!written.add(dependency.name()))
                return;
            text.append('\n').append(SEPARATOR).append('\n')
                    .append("MSG: ").append(dependency.definitionName()).append('\n')
                    .append(dependency.msgText());
            appendDependencies(dependency, written, text);
        });
    }
}
