package org.gpuvo.tests.ament;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The node's parameters as {@code docs/ros-node.md} documents them: the table under its "## Parameters" heading,
 * whose rows start {@code | `name` | type |}. Gives each name's ROS type.
 */
final class ParameterTable {
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|\\s*([a-z_]+)\\s*\\|");

    private ParameterTable() {
    }

    static Map<String, String> types(Path readme) {
        List<String> lines;
        try {
            lines = Files.readAllLines(readme);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = lines.indexOf("## Parameters");
        if (start < 0)
            throw new IllegalArgumentException(readme + " has no '## Parameters' section");
        Map<String, String> types = new LinkedHashMap<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("#"))
                break;
            Matcher m = ROW.matcher(line);
            if (m.find() && types.put(m.group(1), m.group(2)) != null)
                throw new IllegalArgumentException(readme + " documents parameter " + m.group(1) + " twice");
        }
        if (types.isEmpty())
            throw new IllegalArgumentException(readme + ": no parameter rows under '## Parameters'");
        return types;
    }
}
