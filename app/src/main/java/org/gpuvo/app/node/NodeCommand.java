package org.gpuvo.app.node;

import org.gpuvo.ros.node.NodeMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code gpuvo node}: the ROS 2 node as the installed {@code gpuvo_node} starts it, for users without a colcon
 * workspace. Every argument after {@code node} reaches the node unchanged; so do its exit codes.
 */
@Command(name = "node",
        customSynopsis = "gpuvo node [-h] [--ros-args [-r FROM:=TO]... [-p NAME:=VALUE]... [--params-file FILE]... "
                + "[--log-level LEVEL]]",
        description = {"Runs the visual odometry as a ROS 2 node, exactly as the installed gpuvo_node does (same "
                + "arguments, parameters, environment and exit codes), until SIGINT or SIGTERM. It joins the ROS 2 "
                + "graph through its own Fast DDS: no ROS 2 installation or colcon workspace is needed.",
                "Inputs by the parameter mode: mono image + camera_info; stereo left/image_rect, right/image_rect + "
                        + "left/camera_info, right/camera_info; rgbd rgb/image, depth/image + rgb/camera_info. "
                        + "Outputs: odom, /tf, pose, path, matches, inliers, status, /diagnostics, debug_image. "
                        + "Parameters: see docs/ros-node.md.",
                "Environment: ROS_DOMAIN_ID, ROS_LOCALHOST_ONLY, ROS_AUTOMATIC_DISCOVERY_RANGE, ROS_STATIC_PEERS, "
                        + "ROS_DISTRO (the distribution whose wire formats to use; the parameter ros_distro "
                        + "overrides it); ROS_SECURITY_ENABLE=true is refused (the bundled Fast DDS has no DDS "
                        + "Security).",
                "Exit codes: 0 after a signal, 2 for bad arguments, parameters or environment, 1 where the "
                        + "middleware cannot start or security is asked for.",
                "Example: gpuvo node --ros-args -r image:=/cam/image_raw -p mode:=mono"})
public final class NodeCommand implements Callable<Integer> {
    /** Never the node's end-of-options delimiter: a command-line argument cannot hold a NUL character. */
    private static final String NO_DELIMITER = "\0";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Parameters(paramLabel = "ARGUMENTS", hidden = true)
    List<String> arguments = new ArrayList<>();

    /**
     * Makes {@code node} hand what follows it to the node as it stands: the first argument that is not
     * {@code --help} ends picocli's parsing, {@code --} included (ROS 2 gives it a meaning of its own), and the
     * root's inherited {@code --verbose} is not one of node's options (gpuvo_node knows no {@code -v}).
     */
    public static void passArgumentsThrough(CommandLine node) {
        node.setUnmatchedOptionsArePositionalParams(true);
        node.setStopAtPositional(true);
        node.setEndOfOptionsDelimiter(NO_DELIMITER);
        CommandSpec spec = node.getCommandSpec();
        spec.remove(spec.findOption("--verbose"));
    }

    @Override
    public Integer call() {
        return NodeMain.run(arguments.toArray(String[]::new), System.getenv());
    }
}
