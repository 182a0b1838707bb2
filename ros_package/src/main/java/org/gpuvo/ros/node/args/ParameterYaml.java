package org.gpuvo.ros.node.args;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

import java.io.StringReader;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A YAML value to a parameter value, typed as rcl_yaml_param_parser types it ({@code parse.c}, get_value), which
 * both {@code --params-file} and {@code -p} go through: a quoted scalar is a string; an unquoted one is a boolean
 * if it is one of the YAML 1.1 words rcl lists (true/false, yes/no, on/off in three casings, y/n), else an integer if C's
 * strtol (base 0: decimal, 0x hex, 0 octal) reads all of it into 64 bits, else a double if strtod reads all of
 * it (YAML's .inf/.nan too; a value out of double's range stays a string, as strtod's ERANGE makes it), else a
 * string. YAML tags are not looked at. A list holds values of one type ([1, 2.5] is an error, as in rcl); an empty
 * list has no type and is refused (rclcpp aborts on it: "No parameter value set"); an empty unquoted value is
 * refused ("No value"). Nested lists and mappings inside lists are refused.
 */
final class ParameterYaml {
    private static final Pattern INTEGER = Pattern.compile("[+-]?(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)");
    private static final Pattern DECIMAL =
            Pattern.compile("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?");
    private static final Pattern HEX_FLOAT =
            Pattern.compile("[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)([pP][+-]?[0-9]+)?");
    private static final Pattern INF_NAN = Pattern.compile("[+-]?(inf|infinity|nan)", Pattern.CASE_INSENSITIVE);
    private static final List<String> TRUE = List.of("Y", "y", "yes", "Yes", "YES", "true", "True", "TRUE",
            "on", "On", "ON");
    private static final List<String> FALSE = List.of("N", "n", "no", "No", "NO", "false", "False", "FALSE",
            "off", "Off", "OFF");
    /** rcl_yaml_param_parser's spellings of YAML's infinities and not-a-number. */
    private static final List<String> YAML_INF_NAN = List.of(".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF",
            "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF");

    /** The most a YAML text may hold, files and -p values alike. */
    static final int MAX_CODE_POINTS = 4 * 1024 * 1024;

    private ParameterYaml() {
    }

    /**
     * The value of parameter {@code name} held by a scalar or a list node; {@code where} says where a node is (file
     * and line, or the {@code -p} argument), for the value's source and for errors.
     */
    static ParameterValue value(String name, Node node, Function<Node, String> where) {
        if (node instanceof ScalarNode scalar) {
            Object v = scalar(name, scalar, where);
            String source = where.apply(node);
            if (v instanceof Boolean b)
                return ParameterValue.ofBoolean(b, source);
            if (v instanceof Long l)
                return ParameterValue.ofInteger(l, source);
            if (v instanceof Double d)
                return ParameterValue.ofDouble(d, source);
            return ParameterValue.ofString((String) v, source);
        }
        if (node instanceof SequenceNode sequence)
            return list(name, sequence, where);
        String kind = node instanceof MappingNode ? "a mapping" : "not a value";
        throw new IllegalArgumentException(where.apply(node) + ": parameter " + name + " is " + kind
                + " where a value or a list of values is expected");
    }

    /** Parses a YAML document (a params file, or what follows {@code :=} in {@code -p}); null where it is empty. */
    static Node compose(String text) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true); // rcl keeps the last; ParameterFile does the same
        options.setCodePointLimit(MAX_CODE_POINTS);
        return new Yaml(options).compose(new StringReader(text));
    }

    private static Object scalar(String name, ScalarNode node, Function<Node, String> where) {
        String text = node.getValue();
        DumperOptions.ScalarStyle style = node.getScalarStyle();
        if (style == DumperOptions.ScalarStyle.SINGLE_QUOTED || style == DumperOptions.ScalarStyle.DOUBLE_QUOTED)
            return text;
        if (text.isEmpty())
            throw new IllegalArgumentException(where.apply(node) + ": parameter " + name + " has no value (write ''"
                    + " for an empty string, or leave the parameter out)");
        if (TRUE.contains(text))
            return Boolean.TRUE;
        if (FALSE.contains(text))
            return Boolean.FALSE;
        Long integer = integer(text);
        if (integer != null)
            return integer;
        Double d = floatingPoint(text);
        return d != null ? d : text;
    }

    /** strtol(text, &end, 0) reading all of text without overflow, or null. */
    static Long integer(String text) {
        if (!INTEGER.matcher(text).matches())
            return null;
        boolean negative = text.charAt(0) == '-';
        String digits = text.charAt(0) == '-' || text.charAt(0) == '+' ? text.substring(1) : text;
        int radix = 10;
        if (digits.length() > 1 && (digits.charAt(1) == 'x' || digits.charAt(1) == 'X')) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.charAt(0) == '0') {
            radix = 8;
        }
        BigInteger v = new BigInteger(digits, radix);
        if (negative)
            v = v.negate();
        return v.bitLength() < 64 ? v.longValue() : null; // strtol's ERANGE: then strtod reads it as a double
    }

    /** strtod(text, &end) reading all of text without ERANGE, or null. */
    static Double floatingPoint(String text) {
        if (YAML_INF_NAN.contains(text) || INF_NAN.matcher(text).matches()) {
            String lower = text.toLowerCase(Locale.ROOT);
            if (lower.endsWith("nan"))
                return Double.NaN;
            return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        double v;
        boolean zero;
        if (DECIMAL.matcher(text).matches()) {
            v = Double.parseDouble(text);
            zero = !hasNonZeroDigit(text.split("[eE]")[0], 10);
        } else if (HEX_FLOAT.matcher(text).matches()) {
            String mantissa = text.replaceFirst("^[+-]?0[xX]", "").split("[pP]")[0];
            // Java reads a hex float only with a binary exponent, which C makes optional
            v = Double.parseDouble(text.indexOf('p') >= 0 || text.indexOf('P') >= 0 ? text : text + "p0");
            zero = !hasNonZeroDigit(mantissa, 16);
        } else {
            return null;
        }
        if (Double.isInfinite(v) || (v == 0 && !zero))
            return null; // overflow or underflow: strtod sets ERANGE and rcl keeps the text as a string
        return v;
    }

    private static boolean hasNonZeroDigit(String mantissa, int radix) {
        for (int i = 0; i < mantissa.length(); i++)
            if (Character.digit(mantissa.charAt(i), radix) > 0)
                return true;
        return false;
    }

    private static ParameterValue list(String name, SequenceNode sequence, Function<Node, String> where) {
        List<Node> items = sequence.getValue();
        String source = where.apply(sequence);
        if (items.isEmpty())
            throw new IllegalArgumentException(source + ": parameter " + name + " is an empty list, which has no"
                    + " type (ROS 2 cannot read it either); leave the parameter out to use its default");
        Object[] values = new Object[items.size()];
        for (int i = 0; i < values.length; i++) {
            Node item = items.get(i);
            if (!(item instanceof ScalarNode scalar))
                throw new IllegalArgumentException(where.apply(item) + ": parameter " + name + "[" + i + "] is "
                        + (item instanceof MappingNode ? "a mapping" : "a list") + "; a list may hold only values");
            values[i] = scalar(name + "[" + i + "]", scalar, where);
            if (values[i].getClass() != values[0].getClass())
                throw new IllegalArgumentException(where.apply(item) + ": parameter " + name + " is a list of "
                        + typeWord(values[0]) + "s, but element " + i + " (" + scalar.getValue() + ") is "
                        + article(typeWord(values[i])) + "; a list must hold values of one type (write 1.0, not 1,"
                        + " in a list of doubles)");
        }
        if (values[0] instanceof Boolean) {
            boolean[] out = new boolean[values.length];
            for (int i = 0; i < out.length; i++)
                out[i] = (Boolean) values[i];
            return ParameterValue.ofBooleans(out, source);
        }
        if (values[0] instanceof Long) {
            long[] out = new long[values.length];
            for (int i = 0; i < out.length; i++)
                out[i] = (Long) values[i];
            return ParameterValue.ofIntegers(out, source);
        }
        if (values[0] instanceof Double) {
            double[] out = new double[values.length];
            for (int i = 0; i < out.length; i++)
                out[i] = (Double) values[i];
            return ParameterValue.ofDoubles(out, source);
        }
        String[] out = new String[values.length];
        for (int i = 0; i < out.length; i++)
            out[i] = (String) values[i];
        return ParameterValue.ofStrings(out, source);
    }

    private static String typeWord(Object v) {
        if (v instanceof Boolean)
            return "boolean";
        if (v instanceof Long)
            return "integer";
        return v instanceof Double ? "double" : "string";
    }

    private static String article(String word) {
        return (word.startsWith("i") ? "an " : "a ") + word;
    }
}
