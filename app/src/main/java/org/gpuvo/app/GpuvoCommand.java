package org.gpuvo.app;

import org.gpuvo.app.bag.BagCommand;
import org.gpuvo.app.bag.BagFromCommand;
import org.gpuvo.app.bag.ReplayCommand;
import org.gpuvo.app.bench.BenchCommand;
import org.gpuvo.app.conformance.ConformanceCommand;
import org.gpuvo.app.features.FeaturesCommand;
import org.gpuvo.app.info.InfoCommand;
import org.gpuvo.app.node.NodeCommand;
import org.gpuvo.app.run.DemoCommand;
import org.gpuvo.app.run.EvalCommand;
import org.gpuvo.app.run.RunCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code gpuvo} command line. Subcommands are registered here only once they do real work, so that
 * {@code gpuvo --help} lists exactly what a user can run.
 */
@Command(name = "gpuvo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "GPU visual odometry for ROS 2: ORB features and matching on the GPU or the CPU.",
        subcommands = {InfoCommand.class, FeaturesCommand.class, ConformanceCommand.class, BenchCommand.class,
                EvalCommand.class, RunCommand.class, DemoCommand.class, BagCommand.class, BagFromCommand.class,
                ReplayCommand.class, NodeCommand.class})
public final class GpuvoCommand extends CommandGroup {
    /** Read by {@link ErrorReporting} from the parse result; declared here so that every subcommand inherits it. */
    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT,
            description = "Print the stack trace of an error, not only its message.")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        return commandLine(CommandLine.defaultFactory());
    }

    /**
     * The command line with gpuvo's conventions: case-insensitive enum values, one-line error messages (exit code
     * 2 for bad usage, an unknown command included even beside {@code --help}; 1 for a failure while running), and
     * {@code node}'s arguments handed to the node untouched. {@code factory} creates the subcommands (tests pass
     * one).
     */
    public static CommandLine commandLine(CommandLine.IFactory factory) {
        CommandLine commandLine = new CommandLine(new GpuvoCommand(), factory);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        NodeCommand.passArgumentsThrough(commandLine.getSubcommands().get("node"));
        ErrorReporting errors = new ErrorReporting();
        commandLine.setParameterExceptionHandler(errors);
        commandLine.setExecutionExceptionHandler(errors);
        commandLine.setExecutionStrategy(UnknownCommand.rejectedBefore(new CommandLine.RunLast()));
        return commandLine;
    }
}
