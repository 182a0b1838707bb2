package org.gpuvo.ros.node.args;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The parameters a node was given (params files and {@code -p}, merged), read with typed getters that take the
 * node's default. A getter for a parameter that was given with another type throws an
 * {@link IllegalArgumentException} such as "parameter orb.max_features: expected an integer, got 'many' (set in
 * /path/vo.yaml line 7)". An integer is taken where a double is asked for (YAML {@code fx: 500}); nothing else is
 * converted. Every name looked up is remembered, so that {@link #unread()} lists what was given but never read: a
 * typo, or a parameter of another node; and every typed getter declares its parameter, with the type it asks for and
 * the value it returns, as rclcpp's {@code declare_parameter} does ({@link #declared()}). Safe to read from several
 * threads.
 */
public final class Parameters {
    private final Map<String, ParameterValue> values;
    private final Set<String> looked = ConcurrentHashMap.newKeySet();
    private final Map<String, ParameterValue> declared = new ConcurrentHashMap<>();

    private Parameters(Map<String, ParameterValue> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    public static Parameters of(Map<String, ParameterValue> values) {
        return new Parameters(values);
    }

    /** No parameters: every getter gives its default. */
    public static Parameters empty() {
        return new Parameters(Map.of());
    }

    /** The names given, sorted. */
    public Set<String> names() {
        return values.keySet();
    }

    /** The value given for {@code name}, if any. */
    public Optional<ParameterValue> get(String name) {
        looked.add(name);
        return Optional.ofNullable(values.get(name));
    }

    public boolean has(String name) {
        return get(name).isPresent();
    }

    public boolean getBoolean(String name, boolean defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.BOOL);
        boolean value = v == null ? defaultValue : v.booleanValue();
        declare(name, ParameterValue.ofBoolean(value, DEFAULT_SOURCE));
        return value;
    }

    public long getLong(String name, long defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER);
        long value = v == null ? defaultValue : v.integerValue();
        declare(name, ParameterValue.ofInteger(value, DEFAULT_SOURCE));
        return value;
    }

    public int getInt(String name, int defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER);
        int value = v == null ? defaultValue : toInt(name, v, v.integerValue());
        declare(name, ParameterValue.ofInteger(value, DEFAULT_SOURCE));
        return value;
    }

    public double getDouble(String name, double defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.DOUBLE, ParameterValue.Type.INTEGER);
        double value = v == null ? defaultValue
                : v.type() == ParameterValue.Type.INTEGER ? v.integerValue() : v.doubleValue();
        declare(name, ParameterValue.ofDouble(value, DEFAULT_SOURCE));
        return value;
    }

    public String getString(String name, String defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.STRING);
        String value = v == null ? defaultValue : v.stringValue();
        declare(name, ParameterValue.ofString(value, DEFAULT_SOURCE));
        return value;
    }

    public boolean[] getBooleanArray(String name, boolean[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.BOOL_ARRAY);
        boolean[] value = v == null ? defaultValue : v.booleans();
        declare(name, ParameterValue.ofBooleans(value, DEFAULT_SOURCE));
        return value;
    }

    public long[] getLongArray(String name, long[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER_ARRAY);
        long[] value = v == null ? defaultValue : v.integers();
        declare(name, ParameterValue.ofIntegers(value, DEFAULT_SOURCE));
        return value;
    }

    public int[] getIntArray(String name, int[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER_ARRAY);
        int[] value = defaultValue;
        if (v != null) {
            long[] longs = v.integers();
            value = new int[longs.length];
            for (int i = 0; i < value.length; i++)
                value[i] = toInt(name + "[" + i + "]", v, longs[i]);
        }
        declare(name, ParameterValue.ofIntegers(java.util.Arrays.stream(value).asLongStream().toArray(),
                DEFAULT_SOURCE));
        return value;
    }

    public double[] getDoubleArray(String name, double[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.DOUBLE_ARRAY, ParameterValue.Type.INTEGER_ARRAY);
        double[] value = defaultValue;
        if (v != null && v.type() == ParameterValue.Type.DOUBLE_ARRAY)
            value = v.doubles();
        else if (v != null) {
            long[] longs = v.integers();
            value = new double[longs.length];
            for (int i = 0; i < value.length; i++)
                value[i] = longs[i];
        }
        declare(name, ParameterValue.ofDoubles(value, DEFAULT_SOURCE));
        return value;
    }

    public String[] getStringArray(String name, String[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.STRING_ARRAY);
        String[] value = v == null ? defaultValue : v.strings();
        declare(name, ParameterValue.ofStrings(value, DEFAULT_SOURCE));
        return value;
    }

    /**
     * Every parameter a typed getter has read, by name (sorted), with the getter's type and the value it returned:
     * the given value, or the default.
     */
    public Map<String, ParameterValue> declared() {
        return Collections.unmodifiableMap(new TreeMap<>(declared));
    }

    /** Where a declared value came from the node's default. */
    public static final String DEFAULT_SOURCE = "the default";

    private void declare(String name, ParameterValue effective) {
        ParameterValue given = values.get(name);
        declared.put(name, given != null ? effective.from(given.source()) : effective);
    }

    /** The names given that no getter has asked for, sorted: after start-up, most likely typos. */
    public List<String> unread() {
        List<String> out = new ArrayList<>();
        for (String name : values.keySet())
            if (!looked.contains(name))
                out.add(name);
        return out;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        values.forEach((k, v) -> s.append(s.length() > 1 ? ", " : "").append(k).append('=').append(v.text()));
        return s.append('}').toString();
    }

    /** The value of {@code name}, null where none was given, or an error where it has none of the types. */
    private ParameterValue typed(String name, ParameterValue.Type expected, ParameterValue.Type... alsoAccepted) {
        ParameterValue v = get(name).orElse(null);
        if (v == null || v.type() == expected)
            return v;
        for (ParameterValue.Type t : alsoAccepted)
            if (v.type() == t)
                return v;
        String got = v.type() == ParameterValue.Type.STRING ? "'" + v.text() + "'"
                : v.text() + " (" + v.type().description + ")";
        String hint = v.type() != ParameterValue.Type.STRING && expected == ParameterValue.Type.STRING
                ? "; quote it to make it a string" : "";
        throw new IllegalArgumentException("parameter " + name + ": expected " + expected.description + ", got "
                + got + " (set in " + v.source() + ")" + hint);
    }

    private static int toInt(String name, ParameterValue v, long value) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)
            throw new IllegalArgumentException("parameter " + name + ": expected an integer from " + Integer.MIN_VALUE
                    + " to " + Integer.MAX_VALUE + ", got " + value + " (set in " + v.source() + ")");
        return (int) value;
    }
}
