package org.gpuvo.ros.cdr;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The type hash of a message type as REP-2011 defines it ({@code RIHS01_} and 64 hex digits), which ROS 2 from Iron
 * on announces in DDS discovery and writes into bags: the SHA-256 of the type's description as JSON. The description
 * and its JSON are rosidl's ({@code rosidl_generator_type_description}, {@code calculate_type_hash}):
 * <pre>
 * {"type_description": {"type_name": "pkg/msg/Type", "fields": [FIELD, ...]},
 *  "referenced_type_descriptions": [every type used, directly or not, the same way, sorted by type_name]}
 * FIELD: {"name": "x", "type": {"type_id": N, "capacity": N, "string_capacity": N, "nested_type_name": "pkg/msg/T"}}
 * </pre>
 * with {@code ", "} and {@code ": "} as separators, keys in that order, default values left out. The type ids are
 * {@code type_description_interfaces/msg/FieldType}'s: the element type's id, plus 48 for a fixed array, 96 for a
 * bounded sequence, 144 for an unbounded one. A {@code .msg} {@code char} is a {@code uint8} (rosidl's msg to IDL
 * mapping), a {@code byte} an octet, and a type with no field gets rosidl's
 * {@code uint8 structure_needs_at_least_one_member}.
 */
final class RosTypeHash {
    static final String PREFIX = "RIHS01_";
    private static final int NESTED = 1, ARRAY = 48, BOUNDED_SEQUENCE = 96, UNBOUNDED_SEQUENCE = 144;
    private static final int BOUNDED_STRING = 21;
    private static final Map<String, Integer> PRIMITIVES = Map.ofEntries(
            Map.entry("int8", 2), Map.entry("uint8", 3), Map.entry("char", 3), Map.entry("int16", 4),
            Map.entry("uint16", 5), Map.entry("int32", 6), Map.entry("uint32", 7), Map.entry("int64", 8),
            Map.entry("uint64", 9), Map.entry("float32", 10), Map.entry("float64", 11), Map.entry("bool", 15),
            Map.entry("byte", 16), Map.entry("string", 17), Map.entry("wstring", 18));

    private RosTypeHash() {
    }

    static String of(RosMessageType<?> root) {
        Map<String, RosMessageType<?>> referenced = new TreeMap<>();
        collect(root, referenced);
        referenced.remove(root.name());
        StringBuilder json = new StringBuilder("{\"type_description\": ");
        describe(root, json);
        json.append(", \"referenced_type_descriptions\": [");
        boolean first = true;
        for (RosMessageType<?> type : referenced.values()) {
            json.append(first ? "" : ", ");
            describe(type, json);
            first = false;
        }
        json.append("]}");
        try {
            byte[] sha = MessageDigest.getInstance("SHA-256").digest(json.toString().getBytes(StandardCharsets.UTF_8));
            return PREFIX + HexFormat.of().formatHex(sha);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private static void collect(RosMessageType<?> type, Map<String, RosMessageType<?>> into) {
        for (RosMessageType<?> dependency : type.dependencies())
            if (into.put(dependency.name(), dependency) == null)
                collect(dependency, into);
    }

    private static void describe(RosMessageType<?> type, StringBuilder json) {
        json.append("{\"type_name\": \"").append(type.name()).append("\", \"fields\": [");
        List<String[]> fields = fields(type);
        if (fields.isEmpty())
            fields.add(new String[]{"uint8", "structure_needs_at_least_one_member"});
        for (int i = 0; i < fields.size(); i++) {
            json.append(i == 0 ? "" : ", ");
            field(type, fields.get(i)[0], fields.get(i)[1], json);
        }
        json.append("]}");
    }

    /** The type and name of each field line; constants ({@code TYPE NAME=value}) are no fields. */
    private static List<String[]> fields(RosMessageType<?> type) {
        List<String[]> fields = new ArrayList<>();
        for (String line : type.msgText().split("\n")) {
            String code = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
            String[] words = code.trim().split("\\s+");
            if (words.length < 2 || words[0].isEmpty() || words[1].contains("="))
                continue;
            fields.add(new String[]{words[0], words[1]});
        }
        return fields;
    }

    private static void field(RosMessageType<?> owner, String type, String name, StringBuilder json) {
        int suffix = 0, capacity = 0;
        int bracket = type.indexOf('[');
        String element = type;
        if (bracket >= 0) {
            String inside = type.substring(bracket + 1, type.length() - 1);
            element = type.substring(0, bracket);
            if (inside.isEmpty()) {
                suffix = UNBOUNDED_SEQUENCE;
            } else if (inside.startsWith("<=")) {
                suffix = BOUNDED_SEQUENCE;
                capacity = Integer.parseInt(inside.substring(2));
            } else {
                suffix = ARRAY;
                capacity = Integer.parseInt(inside);
            }
        }
        int stringCapacity = 0, id;
        String nested = "";
        if (element.startsWith("string<=")) {
            id = BOUNDED_STRING;
            stringCapacity = Integer.parseInt(element.substring("string<=".length()));
        } else if (PRIMITIVES.containsKey(element)) {
            id = PRIMITIVES.get(element);
        } else {
            id = NESTED;
            nested = nestedName(owner, element);
        }
        json.append("{\"name\": \"").append(name).append("\", \"type\": {\"type_id\": ").append(id + suffix)
                .append(", \"capacity\": ").append(capacity).append(", \"string_capacity\": ").append(stringCapacity)
                .append(", \"nested_type_name\": \"").append(nested).append("\"}}");
    }

    /** {@code pkg/Type}, or {@code Type} of the owner's package, as one of the owner's dependencies names it. */
    private static String nestedName(RosMessageType<?> owner, String element) {
        String wanted = element.contains("/") ? element
                : owner.definitionName().substring(0, owner.definitionName().indexOf('/') + 1) + element;
        for (RosMessageType<?> dependency : owner.dependencies())
            if (dependency.definitionName().equals(wanted))
                return dependency.name();
        throw new IllegalStateException(owner.name() + ": field type " + element + " is none of its dependencies");
    }
}
