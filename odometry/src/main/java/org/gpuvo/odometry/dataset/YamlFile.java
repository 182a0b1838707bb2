package org.gpuvo.odometry.dataset;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;

/**
 * A YAML mapping read with SnakeYAML's composer, which keeps each node's position, so that every error names the
 * file and the line of the offending value. OpenCV's FileStorage writes a {@code %YAML:1.0} first line (EuRoC,
 * ORB-SLAM configs) that YAML 1.1 parsers reject; it is turned into a comment, keeping line numbers.
 */
final class YamlFile {
    final Path file;
    private final MappingNode root;

    private YamlFile(Path file, MappingNode root) {
        this.file = file;
        this.root = root;
    }

    static YamlFile read(Path file) {
        String text = TextFiles.read(file);
        if (text.startsWith("%YAML:"))
            text = "#" + text.substring(1);
        Node node;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            options.setCodePointLimit(Math.max(text.length() + 1, options.getCodePointLimit()));
            node = new Yaml(options).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() != null ? e.getProblemMark().getLine() + 1 : 0;
            throw DatasetException.at(file, line, "not valid YAML: " + TextFiles.firstLine(e.getProblem()));
        } catch (YAMLException | IllegalArgumentException e) {
            // SnakeYAML also throws IllegalArgumentException, e.g. for a tag with spaces around it
            throw DatasetException.at(file, 0, "not valid YAML: " + TextFiles.firstLine(e.getMessage()));
        }
        if (!(node instanceof MappingNode))
            throw DatasetException.at(file, node == null ? 0 : line(node), "expected a YAML mapping of keys to values");
        return new YamlFile(file, (MappingNode) node);
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    DatasetException error(Node node, String message) {
        return DatasetException.at(file, node == null ? 0 : line(node), message);
    }

    boolean has(String key) {
        return find(root, key) != null;
    }

    /** The value of a top-level key; an error naming the key if it is absent. */
    Node node(String key) {
        return require(root, key);
    }

    private Node require(MappingNode map, String key) {
        Node value = find(map, key);
        if (value == null)
            throw DatasetException.at(file, map == root ? 0 : line(map), "no '" + key + "' entry");
        return value;
    }

    private static Node find(MappingNode map, String key) {
        for (NodeTuple t : map.getValue())
            if (t.getKeyNode() instanceof ScalarNode && key.equals(((ScalarNode) t.getKeyNode()).getValue()))
                return t.getValueNode();
        return null;
    }

    String text(String key) {
        Node n = node(key);
        if (!(n instanceof ScalarNode))
            throw error(n, "'" + key + "' must be a single value");
        return ((ScalarNode) n).getValue();
    }

    int integer(String key) {
        return integer(node(key), key);
    }

    private int integer(Node n, String what) {
        if (!(n instanceof ScalarNode))
            throw error(n, "'" + what + "' must be an integer");
        String s = ((ScalarNode) n).getValue().trim();
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw error(n, "'" + what + "' must be an integer, got '" + s + "'");
        }
    }

    /** A finite number. */
    double number(Node n, String what) {
        if (!(n instanceof ScalarNode))
            throw error(n, what + " must be a number");
        String s = ((ScalarNode) n).getValue().trim();
        double v;
        switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case ".nan": case "nan": v = Double.NaN; break;
            case ".inf": case "+.inf": case "inf": v = Double.POSITIVE_INFINITY; break;
            case "-.inf": case "-inf": v = Double.NEGATIVE_INFINITY; break;
            default:
                try {
                    v = Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw error(n, what + " must be a number, got '" + s + "'");
                }
        }
        if (!Double.isFinite(v))
            throw error(n, what + " is " + s + ": calibration values must be finite");
        return v;
    }

    /** A flow or block sequence of finite numbers under {@code key}. */
    double[] numbers(String key) {
        return numbers(node(key), key);
    }

    double[] numbers(Node n, String what) {
        if (!(n instanceof SequenceNode))
            throw error(n, "'" + what + "' must be a list of numbers");
        List<Node> items = ((SequenceNode) n).getValue();
        double[] out = new double[items.size()];
        for (int i = 0; i < out.length; i++)
            out[i] = number(items.get(i), what + "[" + i + "]");
        return out;
    }

    /** A list of exactly {@code count} numbers. */
    double[] numbers(String key, int count) {
        double[] v = numbers(key);
        if (v.length != count)
            throw error(node(key), "'" + key + "' must hold " + count + " numbers, got " + v.length);
        return v;
    }

    /**
     * A matrix stored as {@code {rows: R, cols: C, data: [...]}} (ROS camera_info, OpenCV, EuRoC), row major;
     * {@code rows}/{@code cols} must be the expected ones (a negative expectation accepts any) and data must hold
     * rows × cols numbers.
     */
    Matrix matrix(String key, int expectRows, int expectCols) {
        Node n = node(key);
        if (!(n instanceof MappingNode))
            throw error(n, "'" + key + "' must be a mapping with rows, cols and data");
        MappingNode map = (MappingNode) n;
        Node rowsNode = require(map, "rows"), colsNode = require(map, "cols"), dataNode = require(map, "data");
        int rows = integer(rowsNode, key + ".rows"), cols = integer(colsNode, key + ".cols");
        if ((expectRows >= 0 && rows != expectRows) || (expectCols >= 0 && cols != expectCols))
            throw error(rowsNode, "'" + key + "' must be " + (expectRows < 0 ? "N" : expectRows) + "x"
                    + (expectCols < 0 ? "N" : expectCols) + ", got " + rows + "x" + cols);
        double[] data = numbers(dataNode, key + ".data");
        if (data.length != rows * cols)
            throw error(dataNode, "'" + key + "' is " + rows + "x" + cols + " but its data holds " + data.length
                    + " numbers");
        return new Matrix(rows, cols, data, line(dataNode));
    }

    /** A row-major matrix read from the file and the line of its data. */
    static final class Matrix {
        final int rows, cols, line;
        final double[] data;

        Matrix(int rows, int cols, double[] data, int line) {
            this.rows = rows;
            this.cols = cols;
            this.data = data;
            this.line = line;
        }

        double get(int r, int c) {
            return data[r * cols + c];
        }
    }
}
