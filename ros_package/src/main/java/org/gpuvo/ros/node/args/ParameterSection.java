package org.gpuvo.ros.node.args;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parameter values for the nodes a key names: one {@code node: ros__parameters:} section of a params file, or one
 * {@code -p} assignment (key {@code /**}, or the node before its ':'). A key without a leading '/' gets one
 * (rclcpp {@code parameter_map_from}), so {@code vo} means the node {@code /vo}; in a key, {@code *} stands for one
 * name token and {@code **} for any number of them (rclcpp turns {@code /*} into {@code (/\w+)} and so
 * {@code /**} into {@code (/\w+)*}).
 */
record ParameterSection(String nodeKey, Map<String, ParameterValue> values) {
    ParameterSection {
        nodeKey = nodeKey.startsWith("/") ? nodeKey : "/" + nodeKey;
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    boolean isWildcard() {
        return nodeKey.indexOf('*') >= 0;
    }

    boolean matches(String fullyQualifiedNodeName) {
        if (!isWildcard())
            return nodeKey.equals(fullyQualifiedNodeName);
        StringBuilder regex = new StringBuilder();
        for (String token : nodeKey.substring(1).split("/", -1)) {
            switch (token) {
                case "**" -> regex.append("(/\\w+)*");
                case "*" -> regex.append("(/\\w+)");
                default -> regex.append('/').append(Pattern.quote(token));
            }
        }
        return Pattern.matches(regex.toString(), fullyQualifiedNodeName);
    }

    /**
     * The values the sections give the node, following the precedence of design.ros2.org "ROS command line
     * arguments" (and rclcpp, which applies {@code /**} before the node's own name): a section naming the node
     * exactly prevails over one matching it with a wildcard, wherever each comes; among sections of the same kind
     * the later one (further right on the command line, further down a file) prevails.
     */
    static Map<String, ParameterValue> merge(List<ParameterSection> sections, String fullyQualifiedNodeName) {
        Map<String, ParameterValue> wildcard = new LinkedHashMap<>();
        Map<String, ParameterValue> exact = new LinkedHashMap<>();
        for (ParameterSection section : sections)
            if (section.matches(fullyQualifiedNodeName))
                (section.isWildcard() ? wildcard : exact).putAll(section.values);
        wildcard.putAll(exact);
        return wildcard;
    }
}
