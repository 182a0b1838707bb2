package org.gpuvo.app.bag;

import org.gpuvo.app.UsageError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code gpuvo bag}: groups what can be done with a rosbag2 recording without ROS 2. */
@Command(name = "bag", mixinStandardHelpOptions = true,
        description = "Looks into rosbag2 recordings (sqlite3 .db3 or MCAP) without a ROS 2 installation.",
        subcommands = BagInfoCommand.class)
public final class BagCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Without a subcommand there is nothing to run: show what there is, as a usage error. */
    @Override
    public Integer call() {
        return UsageError.showUsage(spec);
    }
}
