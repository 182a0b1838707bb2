package org.gpuvo.ros.node.params;

import org.gpuvo.ros.node.args.ParameterValue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A node's declared parameters and what the parameter services do with them, as rclcpp's
 * {@code NodeParameters} does for a node that does not allow undeclared parameters: list them by prefix and depth,
 * get their values, types and descriptors, and set them one by one or atomically. Parameters cannot be added,
 * removed or change type. A set is refused, with the reason in its result, where a parameter is not declared,
 * read-only, given another type or no value, or where the node refuses the new values ({@link Applier}). An
 * accepted set is reported to the {@link Listener}, as rclcpp publishes it on {@code /parameter_events}.
 * Thread-safe: changes are applied one at a time.
 */
public final class ParameterServer {
    /** ListParameters' DEPTH_RECURSIVE, and the separator of name parts. */
    public static final long DEPTH_RECURSIVE = 0;
    private static final char SEPARATOR = '.';

    /** Takes in new values; gives the reason where they cannot be used, else null. */
    @FunctionalInterface
    public interface Applier {
        String apply(Map<String, ParameterValue> changed, Map<String, ParameterValue> all);
    }

    /** Told of every accepted change (never of a refused one). */
    @FunctionalInterface
    public interface Listener {
        void changed(List<NamedValue> changed);
    }

    private final Map<String, ParameterValue> values;
    private final Map<String, ParameterDescriptor> descriptors;
    private final Applier applier;
    private final Listener listener;

    /**
     * @param declared    every parameter and its value now
     * @param descriptors a descriptor per declared parameter
     */
    public ParameterServer(Map<String, ParameterValue> declared, Map<String, ParameterDescriptor> descriptors,
                           Applier applier, Listener listener) {
        if (!descriptors.keySet().equals(declared.keySet()))
            throw new IllegalArgumentException("a descriptor is needed per declared parameter");
        this.values = new TreeMap<>(declared);
        this.descriptors = new TreeMap<>(descriptors);
        this.applier = applier;
        this.listener = listener;
    }

    /** Every parameter with its value now, sorted by name. */
    public synchronized List<NamedValue> all() {
        List<NamedValue> out = new ArrayList<>();
        values.forEach((name, value) -> out.add(new NamedValue(name, value)));
        return out;
    }

    /**
     * rclcpp's list_parameters: with no prefixes, the names with fewer separators than {@code depth} (all at
     * {@link #DEPTH_RECURSIVE}); with prefixes, the names equal to one or below one within {@code depth}. The
     * result's prefixes are the listed names' parts before their last separator, each once.
     */
    public synchronized List<List<String>> list(List<String> prefixes, long depth) {
        List<String> names = new ArrayList<>(), foundPrefixes = new ArrayList<>();
        for (String name : values.keySet()) {
            boolean listed = prefixes.isEmpty() && within(name, depth);
            for (String prefix : prefixes)
                listed |= name.equals(prefix)
                        || name.startsWith(prefix + SEPARATOR) && within(name.substring(prefix.length()), depth);
            if (!listed)
                continue;
            names.add(name);
            int last = name.lastIndexOf(SEPARATOR);
            if (last >= 0 && !foundPrefixes.contains(name.substring(0, last)))
                foundPrefixes.add(name.substring(0, last));
        }
        return List.of(names, foundPrefixes);
    }

    /** The values of the names, in their order; empty where one is not declared, as rclcpp answers. */
    public synchronized List<ParameterValue> get(List<String> names) {
        List<ParameterValue> out = new ArrayList<>();
        for (String name : names) {
            if (!values.containsKey(name))
                return List.of();
            out.add(values.get(name));
        }
        return out;
    }

    /** The ParameterType of each name; NOT_SET for one that is not declared. */
    public synchronized List<Integer> types(List<String> names) {
        List<Integer> out = new ArrayList<>();
        for (String name : names)
            out.add(RclInterfacesCdr.typeCode(values.get(name)));
        return out;
    }

    /** The descriptors of the names, in their order; empty where one is not declared, as rclcpp answers. */
    public synchronized List<ParameterDescriptor> describe(List<String> names) {
        List<ParameterDescriptor> out = new ArrayList<>();
        for (String name : names) {
            if (!descriptors.containsKey(name))
                return List.of();
            out.add(descriptors.get(name));
        }
        return out;
    }

    /** SetParameters: each parameter set alone, each with its own result. */
    public List<SetParametersResult> set(List<NamedValue> parameters) {
        List<SetParametersResult> results = new ArrayList<>();
        for (NamedValue p : parameters)
            results.add(setAtomically(List.of(p)));
        return results;
    }

    /** SetParametersAtomically: all or none. */
    public synchronized SetParametersResult setAtomically(List<NamedValue> parameters) {
        Map<String, ParameterValue> changed = new LinkedHashMap<>();
        for (NamedValue p : parameters) {
            String refusal = refusal(p);
            if (refusal != null)
                return SetParametersResult.refused(refusal);
            changed.put(p.name(), p.value().from(RclInterfacesCdr.SOURCE));
        }
        Map<String, ParameterValue> all = new TreeMap<>(values);
        all.putAll(changed);
        String refusal = applier.apply(changed, all);
        if (refusal != null)
            return SetParametersResult.refused(refusal);
        values.putAll(changed);
        List<NamedValue> events = new ArrayList<>();
        changed.forEach((name, value) -> events.add(new NamedValue(name, value)));
        listener.changed(events);
        return SetParametersResult.OK;
    }

    private String refusal(NamedValue p) {
        ParameterDescriptor d = descriptors.get(p.name());
        if (d == null)
            return "parameter '" + p.name() + "' is not declared by this node";
        if (p.value() == null)
            return "parameter '" + p.name() + "' cannot be undeclared: this node's parameters are fixed";
        ParameterValue now = values.get(p.name());
        if (p.value().type() != now.type())
            return "parameter '" + p.name() + "' is " + now.type().description + ": it cannot be set to "
                    + p.value().type().description;
        if (d.readOnly())
            return "parameter '" + p.name() + "' cannot be set because it is read-only: " + d.additionalConstraints();
        return null;
    }

    /** Whether a name (or its rest after a prefix) has fewer separators than {@code depth}. */
    private static boolean within(String name, long depth) {
        return depth == DEPTH_RECURSIVE || name.chars().filter(c -> c == SEPARATOR).count() < depth;
    }
}
