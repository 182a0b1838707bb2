package org.gpuvo.ros.node.args;

import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * One {@code -p}/{@code --param} assignment, {@code [node:]name:=value}, as rcl parses it
 * ({@code _rcl_parse_param_rule} in {@code arguments.c}): an optional node name and ':', a parameter name of
 * dot-separated parts (name tokens and '/'), {@code :=}, and a YAML value typed as in a params file
 * ({@link ParameterYaml}). Without a node name it is for every node ({@code /**}).
 */
final class ParameterAssignment {
    /** A part of a parameter name: rcl lexer tokens and '/'; "__" would start one of rcl's own words. */
    private static final Pattern NAME_PART = Pattern.compile("(/|(?:[A-Za-z]|_(?!_))[A-Za-z0-9_]*)+");

    private ParameterAssignment() {
    }

    /** The assignment as a one-value section; an {@link IllegalArgumentException} quoting it where it is wrong. */
    static ParameterSection parse(String assignment) {
        int separator = assignment.indexOf(":=");
        if (separator < 0)
            throw bad(assignment, "expected [node:]name:=value");
        String left = assignment.substring(0, separator);
        String node = "/**";
        int colon = left.indexOf(':');
        if (colon >= 0) {
            node = left.substring(0, colon);
            left = left.substring(colon + 1);
            if (!RosNames.isToken(node))
                throw bad(assignment, "'" + node + "' before ':' is not a node name");
        }
        if (left.isEmpty())
            throw bad(assignment, "the parameter name before := is empty");
        for (String part : left.split("\\.", -1)) {
            if (part.contains("*"))
                throw bad(assignment, "wildcards in parameter names are not implemented (nor are they in rcl)");
            if (!NAME_PART.matcher(part).matches())
                throw bad(assignment, "'" + left + "' is not a parameter name (parts of letters, digits, '_' and"
                        + " '/', not starting with a digit, joined by '.')");
        }
        String source = "-p " + assignment;
        Node value;
        try {
            value = ParameterYaml.compose(assignment.substring(separator + 2));
        } catch (YAMLException | IllegalArgumentException e) {
            // SnakeYAML also throws IllegalArgumentException, e.g. for a tag with spaces around it
            throw bad(assignment, "the value is not valid YAML: " + e.getMessage().replace('\n', ' '));
        }
        if (value == null)
            throw bad(assignment, "no value after := (write '' for an empty string)");
        return new ParameterSection(node, Map.of(left, ParameterYaml.value(left, value, n -> source)));
    }

    private static IllegalArgumentException bad(String assignment, String problem) {
        return new IllegalArgumentException("parameter assignment '" + assignment + "': " + problem);
    }
}
