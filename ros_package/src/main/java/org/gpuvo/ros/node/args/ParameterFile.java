package org.gpuvo.ros.node.args;

import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.TextFiles;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A ROS 2 parameters file ({@code --params-file}), read as rcl_yaml_param_parser reads one ({@code parse.c}):
 * <pre>
 * /**:                      # every node
 *   ros__parameters:
 *     use_sim_time: true
 * /robot1/vo:               # one node, by its fully qualified name; "vo" is the node /vo
 *   ros__parameters:
 *     orb:
 *       max_features: 1500  # nested keys are joined with '.': orb.max_features
 * robot2:                   # keys above ros__parameters are joined with '/': node /robot2/vo
 *   vo:
 *     ros__parameters: ...
 * </pre>
 * A node key may use {@code *} for one name token and {@code **} for any number ({@link ParameterSection}). Which
 * sections reach a node, and which value wins, is {@link ParameterSection#merge}'s rule: exact names over
 * wildcards, then the later section. Values are typed by {@link ParameterYaml}. Every error is an
 * {@link IllegalArgumentException} naming the file and the line.
 */
public final class ParameterFile {
    /** The key under a node name that holds its parameters. */
    public static final String PARAMETERS_KEY = "ros__parameters";

    /** Params files are small; a larger file is refused before it is read (SnakeYAML's own limit is near it). */
    static final int MAX_BYTES = ParameterYaml.MAX_CODE_POINTS;

    private ParameterFile() {
    }

    /** The parameters the file gives the node of this fully qualified name, e.g. {@code /vo}. */
    public static Parameters read(Path file, String fullyQualifiedNodeName) {
        return Parameters.of(ParameterSection.merge(sections(file), fullyQualifiedNodeName));
    }

    /** Reads and checks the whole file: its sections for every node it names, in file order. */
    static List<ParameterSection> sections(Path file) {
        String text;
        try {
            text = TextFiles.read(file, MAX_BYTES, null);
        } catch (DatasetException e) {
            throw new IllegalArgumentException("params file " + e.getMessage(), e);
        }
        Node root;
        try {
            root = ParameterYaml.compose(text);
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0;
            throw new IllegalArgumentException(file + " line " + line + ": not valid YAML: "
                    + TextFiles.firstLine(e.getProblem()), e);
        } catch (YAMLException | IllegalArgumentException e) {
            // SnakeYAML also throws IllegalArgumentException, e.g. for a tag with spaces around it
            throw new IllegalArgumentException(file + ": not valid YAML: " + TextFiles.firstLine(e.getMessage()), e);
        }
        List<ParameterSection> sections = new ArrayList<>();
        if (root != null) {
            if (!(root instanceof MappingNode map))
                throw new IllegalArgumentException(at(file, root) + ": expected node names, each with "
                        + PARAMETERS_KEY + " under it");
            new Reader(file, sections).nodeLevel(map, "");
        }
        return sections;
    }


    private static String at(Path file, Node node) {
        return file + " line " + (node.getStartMark().getLine() + 1);
    }

    /** Walks the composed YAML, which keeps every node's line for messages. */
    private record Reader(Path file, List<ParameterSection> sections) {
        /** A mapping above ros__parameters: its keys are node names or namespaces under {@code prefix}. */
        void nodeLevel(MappingNode map, String prefix) {
            for (NodeTuple entry : map.getValue()) {
                String key = key(entry.getKeyNode(), "a node name");
                Node value = entry.getValueNode();
                if (key.equals(PARAMETERS_KEY)) {
                    if (prefix.isEmpty())
                        throw new IllegalArgumentException(at(file, entry.getKeyNode()) + ": no node name before "
                                + PARAMETERS_KEY);
                    checkNodeKey(prefix, entry.getKeyNode());
                    if (!(value instanceof MappingNode params))
                        throw new IllegalArgumentException(at(file, value) + ": " + PARAMETERS_KEY + " of " + prefix
                                + " must be a mapping of parameter names to values");
                    Map<String, ParameterValue> values = new LinkedHashMap<>();
                    parameterLevel(params, "", values);
                    sections.add(new ParameterSection(prefix, values));
                } else {
                    if (!(value instanceof MappingNode inner))
                        throw new IllegalArgumentException(at(file, value) + ": a value under '" + key + "' before "
                                + PARAMETERS_KEY + " (expected node: " + PARAMETERS_KEY + ": name: value)");
                    nodeLevel(inner, prefix.isEmpty() ? key : prefix + "/" + key);
                }
            }
        }

        /** A mapping under ros__parameters: nested mappings make dotted names. */
        void parameterLevel(MappingNode map, String prefix, Map<String, ParameterValue> out) {
            for (NodeTuple entry : map.getValue()) {
                String key = key(entry.getKeyNode(), "a parameter name");
                String name = prefix.isEmpty() ? key : prefix + "." + key;
                Node value = entry.getValueNode();
                if (value instanceof MappingNode inner) {
                    parameterLevel(inner, name, out);
                } else {
                    out.remove(name); // a repeated key: the last one applies
                    out.put(name, ParameterYaml.value(name, value, node -> at(file, node)));
                }
            }
        }

        private String key(Node node, String what) {
            if (!(node instanceof ScalarNode scalar))
                throw new IllegalArgumentException(at(file, node) + ": expected " + what + ", found a "
                        + (node instanceof MappingNode ? "mapping" : "list") + " as a key");
            if (scalar.getValue().isEmpty())
                throw new IllegalArgumentException(at(file, node) + ": empty key where " + what + " is expected");
            return scalar.getValue();
        }

        /**
         * rcl's check of the node names above ros__parameters ({@code __validate_name}): a namespace and a node
         * name by ROS 2's rules, where {@code *} or {@code **} may stand for a token.
         */
        private void checkNodeKey(String key, Node where) {
            if (key.equals("/**"))
                return;
            String body = key.startsWith("/") ? key.substring(1) : key;
            for (String token : body.split("/", -1)) {
                if (token.equals("*") || token.equals("**"))
                    continue;
                try {
                    RosNames.checkNodeName(token);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(at(file, where) + ": node name '" + key + "' is not valid: '"
                            + token + "' is neither a name (alphanumerics and '_', not starting with a digit) nor a"
                            + " wildcard (* or **)", e);
                }
            }
        }
    }
}
