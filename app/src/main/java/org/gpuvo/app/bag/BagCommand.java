package org.gpuvo.app.bag;

import org.gpuvo.app.CommandGroup;
import picocli.CommandLine.Command;

/** {@code gpuvo bag}: groups what can be done with a rosbag2 recording without ROS 2. */
@Command(name = "bag", mixinStandardHelpOptions = true,
        description = "Looks into rosbag2 recordings (sqlite3 .db3 or MCAP) without a ROS 2 installation.",
        subcommands = BagInfoCommand.class)
public final class BagCommand extends CommandGroup {
}
