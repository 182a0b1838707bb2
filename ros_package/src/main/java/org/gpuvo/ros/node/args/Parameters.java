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
 * typo, or a parameter of another node. Safe to read from several threads.
 */
public final class Parameters {
    private final Map<String, ParameterValue> values;
    private final Set<String> looked = ConcurrentHashMap.newKeySet();

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
        return v == null ? defaultValue : v.booleanValue();
    }

    public long getLong(String name, long defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER);
        return v == null ? defaultValue : v.integerValue();
    }

    public int getInt(String name, int defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER);
        return v == null ? defaultValue : toInt(name, v, v.integerValue());
    }

    public double getDouble(String name, double defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.DOUBLE, ParameterValue.Type.INTEGER);
        if (v == null)
            return defaultValue;
        return v.type() == ParameterValue.Type.INTEGER ? v.integerValue() : v.doubleValue();
    }

    public String getString(String name, String defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.STRING);
        return v == null ? defaultValue : v.stringValue();
    }

    public boolean[] getBooleanArray(String name, boolean[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.BOOL_ARRAY);
        return v == null ? defaultValue : v.booleans();
    }

    public long[] getLongArray(String name, long[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER_ARRAY);
        return v == null ? defaultValue : v.integers();
    }

    public int[] getIntArray(String name, int[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.INTEGER_ARRAY);
        if (v == null)
            return defaultValue;
        long[] longs = v.integers();
        int[] out = new int[longs.length];
        for (int i = 0; i < out.length; i++)
            out[i] = toInt(name + "[" + i + "]", v, longs[i]);
        return out;
    }

    public double[] getDoubleArray(String name, double[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.DOUBLE_ARRAY, ParameterValue.Type.INTEGER_ARRAY);
        if (v == null)
            return defaultValue;
        if (v.type() == ParameterValue.Type.DOUBLE_ARRAY)
            return v.doubles();
        long[] longs = v.integers();
        double[] out = new double[longs.length];
        for (int i = 0; i < out.length; i++)
            out[i] = longs[i];
        return out;
    }

    public String[] getStringArray(String name, String[] defaultValue) {
        ParameterValue v = typed(name, ParameterValue.Type.STRING_ARRAY);
        return v == null ? defaultValue : v.strings();
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
