package org.gpuvo.ros.node.args;

import java.util.Arrays;
import java.util.Objects;

/**
 * One parameter value with its ROS 2 type (rcl_interfaces/ParameterType; YAML gives no byte arrays, the parameter
 * services may) and where it was set, e.g. {@code /path/vo.yaml line 12} or {@code -p orb.max_features:=500}, for
 * messages. Arrays are copied in and out.
 */
public final class ParameterValue {
    /** The parameter types a YAML value can have. */
    public enum Type {
        BOOL("a boolean"), INTEGER("an integer"), DOUBLE("a double"), STRING("a string"),
        BOOL_ARRAY("a list of booleans"), INTEGER_ARRAY("a list of integers"), DOUBLE_ARRAY("a list of doubles"),
        STRING_ARRAY("a list of strings"), BYTE_ARRAY("a list of bytes");

        /** "an integer", "a list of doubles": for messages. */
        public final String description;

        Type(String description) {
            this.description = description;
        }
    }

    private final Type type;
    private final Object value;
    private final String source;

    private ParameterValue(Type type, Object value, String source) {
        this.type = type;
        this.value = value;
        this.source = Objects.requireNonNull(source, "source");
    }

    public static ParameterValue ofBoolean(boolean v, String source) {
        return new ParameterValue(Type.BOOL, v, source);
    }

    public static ParameterValue ofInteger(long v, String source) {
        return new ParameterValue(Type.INTEGER, v, source);
    }

    public static ParameterValue ofDouble(double v, String source) {
        return new ParameterValue(Type.DOUBLE, v, source);
    }

    public static ParameterValue ofString(String v, String source) {
        return new ParameterValue(Type.STRING, Objects.requireNonNull(v, "value"), source);
    }

    public static ParameterValue ofBooleans(boolean[] v, String source) {
        return new ParameterValue(Type.BOOL_ARRAY, v.clone(), source);
    }

    public static ParameterValue ofIntegers(long[] v, String source) {
        return new ParameterValue(Type.INTEGER_ARRAY, v.clone(), source);
    }

    public static ParameterValue ofDoubles(double[] v, String source) {
        return new ParameterValue(Type.DOUBLE_ARRAY, v.clone(), source);
    }

    public static ParameterValue ofStrings(String[] v, String source) {
        for (String s : v)
            Objects.requireNonNull(s, "list element");
        return new ParameterValue(Type.STRING_ARRAY, v.clone(), source);
    }

    public static ParameterValue ofBytes(byte[] v, String source) {
        return new ParameterValue(Type.BYTE_ARRAY, v.clone(), source);
    }

    /** The same value, set elsewhere. */
    public ParameterValue from(String otherSource) {
        return new ParameterValue(type, value, otherSource);
    }

    public Type type() {
        return type;
    }

    /** Where the value was set: a file and line, or the {@code -p} argument. */
    public String source() {
        return source;
    }

    public boolean booleanValue() {
        return (Boolean) value;
    }

    public long integerValue() {
        return (Long) value;
    }

    public double doubleValue() {
        return (Double) value;
    }

    public String stringValue() {
        return (String) value;
    }

    public boolean[] booleans() {
        return ((boolean[]) value).clone();
    }

    public long[] integers() {
        return ((long[]) value).clone();
    }

    public double[] doubles() {
        return ((double[]) value).clone();
    }

    public String[] strings() {
        return ((String[]) value).clone();
    }

    public byte[] bytes() {
        return ((byte[]) value).clone();
    }

    /** The value as text: {@code 3}, {@code 3.0}, {@code true}, {@code many}, {@code [1, 2]}. */
    public String text() {
        return switch (type) {
            case BOOL_ARRAY -> Arrays.toString((boolean[]) value);
            case INTEGER_ARRAY -> Arrays.toString((long[]) value);
            case DOUBLE_ARRAY -> Arrays.toString((double[]) value);
            case STRING_ARRAY -> Arrays.toString((String[]) value);
            case BYTE_ARRAY -> Arrays.toString((byte[]) value);
            default -> String.valueOf(value);
        };
    }

    /** Same type and value; where it was set does not count. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ParameterValue other && type == other.type && Objects.deepEquals(value, other.value);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + Arrays.deepHashCode(new Object[]{value});
    }

    @Override
    public String toString() {
        return text() + " (" + type.description + ", from " + source + ")";
    }
}
