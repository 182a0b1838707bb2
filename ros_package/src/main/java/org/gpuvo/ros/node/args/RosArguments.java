package org.gpuvo.ros.node.args;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a ROS 2 executable, split as rcl splits it ({@code rcl_parse_arguments} in
 * {@code arguments.c}; design.ros2.org "ROS command line arguments"): everything between {@code --ros-args} and
 * {@code --} (or the end) is for ROS, everything else is the program's own, kept in order. There may be several
 * {@code --ros-args} blocks. Inside one:
 * <ul>
 * <li>{@code -r}/{@code --remap [node:]from:=to}, including {@code __node:=} and {@code __ns:=} ({@link RemapRule});</li>
 * <li>{@code -p}/{@code --param [node:]name:=value}, value in YAML;</li>
 * <li>{@code --params-file FILE} ({@link ParameterFile}), read and checked at once, as rcl does;</li>
 * <li>{@code --log-level [name:=]LEVEL} ({@link LogLevels});</li>
 * <li>{@code -e}/{@code --enclave NAME}: the security enclave ({@link #enclave()}), the last one given;</li>
 * <li>{@code --log-config-file FILE}, {@code --log-file-name NAME} and
 * {@code --enable-}/{@code --disable-} {@code rosout-logs}, {@code stdout-logs}, {@code external-lib-logs}: accepted
 * and listed in {@link #ignoredArguments()}, since this node has no rcl logging to apply them to.</li>
 * </ul>
 * Anything else inside {@code --ros-args} is an error, as it is for rclcpp ("unknown ROS arguments"). Every error is
 * an {@link IllegalArgumentException} that quotes the argument.
 *
 * <p>Typical use: {@code args = RosArguments.parse(argv); node = args.nodeName("vo", "/");
 * names = args.nameResolver(node); params = args.parameters(node);}.
 */
public final class RosArguments {
    private static final String ROS_ARGS = "--ros-args";
    private static final String END = "--";
    private static final List<String> IGNORED_FLAGS = List.of("--enable-rosout-logs", "--disable-rosout-logs",
            "--enable-stdout-logs", "--disable-stdout-logs", "--enable-external-lib-logs",
            "--disable-external-lib-logs");
    private static final List<String> IGNORED_WITH_VALUE = List.of("--log-config-file", "--log-file-name");

    private final List<String> programArguments = new ArrayList<>();
    private final List<RemapRule> remapRules = new ArrayList<>();
    private final List<Path> paramsFiles = new ArrayList<>();
    /** Params file sections and -p assignments, in command line order. */
    private final List<ParameterSection> parameterSections = new ArrayList<>();
    private final LogLevels.Builder logLevels = new LogLevels.Builder();
    private final List<String> ignored = new ArrayList<>();
    private String enclave;

    private RosArguments() {
    }

    /** Splits and checks {@code args}, the arguments after the program name. */
    public static RosArguments parse(String... args) {
        RosArguments out = new RosArguments();
        boolean ros = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg == null)
                throw new IllegalArgumentException("argument " + i + " is null");
            if (!ros) {
                if (arg.equals(ROS_ARGS))
                    ros = true;
                else
                    out.programArguments.add(arg);
                continue;
            }
            switch (arg) {
                case ROS_ARGS -> {
                }
                case END -> ros = false;
                case "-r", "--remap" -> out.remapRules.add(RemapRule.parse(value(args, ++i, arg,
                        "a remap rule [node:]from:=to")));
                case "-p", "--param" -> out.parameterSections.add(ParameterAssignment.parse(value(args, ++i, arg,
                        "a parameter assignment [node:]name:=value")));
                case "--params-file" -> {
                    Path file = path(value(args, ++i, arg, "a parameters file"));
                    out.paramsFiles.add(file);
                    out.parameterSections.addAll(ParameterFile.sections(file));
                }
                case "--log-level" -> out.logLevels.add(value(args, ++i, arg, "a log level [name:=]LEVEL"));
                case "-e", "--enclave" -> out.enclave = value(args, ++i, arg, "an enclave name");
                default -> {
                    if (IGNORED_FLAGS.contains(arg)) {
                        out.ignored.add(arg);
                    } else if (IGNORED_WITH_VALUE.contains(arg)) {
                        out.ignored.add(arg + " " + value(args, ++i, arg, "a value"));
                    } else {
                        throw new IllegalArgumentException("unknown ROS argument '" + arg + "' inside " + ROS_ARGS
                                + " (arguments for the program itself go before " + ROS_ARGS + " or after "
                                + END + ")");
                    }
                }
            }
        }
        return out;
    }

    /** The arguments outside {@code --ros-args ... --}, in order. */
    public List<String> programArguments() {
        return List.copyOf(programArguments);
    }

    /** Every {@code -r} rule in command line order, {@code __node} and {@code __ns} included. */
    public List<RemapRule> remapRules() {
        return List.copyOf(remapRules);
    }

    /** The {@code --params-file} files in command line order. */
    public List<Path> paramsFiles() {
        return List.copyOf(paramsFiles);
    }

    public LogLevels logLevels() {
        return logLevels.build();
    }

    /** The security enclave named by {@code --enclave}, if any. */
    public java.util.Optional<String> enclave() {
        return java.util.Optional.ofNullable(enclave);
    }

    /** The ROS arguments accepted but not applied, each with its value, e.g. {@code --log-file-name vo}. */
    public List<String> ignoredArguments() {
        return List.copyOf(ignored);
    }

    /**
     * The node's name and namespace: the program's defaults, unless a {@code __node}/{@code __ns} rule for every
     * node or for a node of the default name says otherwise; the first such rule wins (rcl {@code remap.c}).
     */
    public NodeName nodeName(String defaultName, String defaultNamespace) {
        NodeName defaults = new NodeName(defaultName, defaultNamespace);
        String name = defaults.name();
        String namespace = defaults.namespace();
        RemapRule nameRule = first(RemapRule.Kind.NODE_NAME, defaults.name());
        if (nameRule != null)
            name = nameRule.replacement();
        RemapRule namespaceRule = first(RemapRule.Kind.NAMESPACE, defaults.name());
        if (namespaceRule != null)
            namespace = namespaceRule.replacement();
        return new NodeName(name, namespace);
    }

    /** Resolves the node's topic and service names with the remap rules given. */
    public NameResolver nameResolver(NodeName node) {
        return new NameResolver(node, remapRules);
    }

    /**
     * The parameters given to the node, from params files and {@code -p} together: a section or assignment naming
     * the node by its fully qualified name prevails over a wildcard one ({@code /**}, or {@code -p} without a node
     * name); among those of the same kind the one further right on the command line prevails (design.ros2.org "ROS
     * command line arguments", "Precedence order"). So {@code -p name:=value} after the files overrides them,
     * unless a file sets that parameter under the node's own name; {@code -p vo:name:=value} overrides that too,
     * for the node {@code /vo} (a {@code -p} node name is taken as a node in the root namespace, as rclcpp does).
     */
    public Parameters parameters(NodeName node) {
        return Parameters.of(ParameterSection.merge(parameterSections, node.fullyQualifiedName()));
    }

    private RemapRule first(RemapRule.Kind kind, String originalName) {
        for (RemapRule rule : remapRules)
            if (rule.kind() == kind && rule.appliesToNode(originalName))
                return rule;
        return null;
    }

    private static String value(String[] args, int i, String flag, String what) {
        if (i >= args.length)
            throw new IllegalArgumentException("'" + flag + "' is the last argument: " + what + " must follow it");
        return args[i];
    }

    private static Path path(String file) {
        try {
            return Path.of(file);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("--params-file '" + file + "': not a file name: " + e.getMessage(), e);
        }
    }
}
