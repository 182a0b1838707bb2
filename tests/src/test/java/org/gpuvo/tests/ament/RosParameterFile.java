package org.gpuvo.tests.ament;

import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The parameters of a ROS 2 parameter file ({@code --params-file}): {@code <node or /**>: ros__parameters: ...},
 * nested maps flattened into dotted names as rcl does ({@code orb: {max_features: 2000}} is {@code orb.max_features}).
 */
final class RosParameterFile {
    private RosParameterFile() {
    }

    /** The parameters given to every node ({@code /**}), by name, in file order. */
    static Map<String, Object> forAllNodes(Path file) {
        Object root;
        try (Reader in = Files.newBufferedReader(file)) {
            root = new Yaml().load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!(root instanceof Map<?, ?> nodes) || nodes.size() != 1 || !(nodes.get("/**") instanceof Map<?, ?> node))
            throw new IllegalArgumentException(file + ": expected one entry, '/**', at the top, got " + root);
        if (node.size() != 1 || !(node.get("ros__parameters") instanceof Map<?, ?> parameters))
            throw new IllegalArgumentException(file + ": expected '/**: ros__parameters:' and nothing else, got " + node);
        Map<String, Object> flat = new LinkedHashMap<>();
        flatten("", parameters, flat, file);
        return flat;
    }

    private static void flatten(String prefix, Map<?, ?> map, Map<String, Object> flat, Path file) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key))
                throw new IllegalArgumentException(file + ": parameter name " + e.getKey() + " is not a string");
            if (e.getValue() instanceof Map<?, ?> nested)
                flatten(prefix + key + ".", nested, flat, file);
            else
                flat.put(prefix + key, e.getValue());
        }
    }

    /**
     * The ROS parameter type a YAML value becomes: bool, integer, double, string, or an array of one of them
     * ({@code integer_array}...); null for what ROS cannot type (a null, an empty or mixed array).
     */
    static String rosType(Object value) {
        if (value instanceof Boolean)
            return "bool";
        if (value instanceof Integer || value instanceof Long || value instanceof java.math.BigInteger)
            return "integer";
        if (value instanceof Double || value instanceof Float)
            return "double";
        if (value instanceof String)
            return "string";
        if (value instanceof java.util.List<?> list && !list.isEmpty()) {
            String element = rosType(list.get(0));
            boolean same = element != null && !element.endsWith("_array")
                    && list.stream().allMatch(v -> element.equals(rosType(v)));
            return same ? element + "_array" : null;
        }
        return null;
    }
}
