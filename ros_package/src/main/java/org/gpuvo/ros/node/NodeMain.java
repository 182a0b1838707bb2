package org.gpuvo.ros.node;

import org.gpuvo.odometry.vo.PipelineWarmUp;
import org.gpuvo.ros.RosDistro;
import org.gpuvo.ros.node.args.NodeName;
import org.gpuvo.ros.node.args.Parameters;
import org.gpuvo.ros.node.args.RosArguments;
import org.gpuvo.ros.node.graph.GidLayout;
import org.gpuvo.ros.node.graph.NodeGraphTransport;
import org.gpuvo.ros.node.params.ParameterServices;
import org.gpuvo.ros.node.transport.Transport;
import org.gpuvo.ros.transport.ihmc.FastDdsUnavailableException;
import org.gpuvo.ros.transport.ihmc.IhmcTransport;
import org.gpuvo.ros.transport.SecurityRequest;
import org.gpuvo.ros.transport.ihmc.IhmcTransportConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code gpuvo_node}: the visual odometry as a ROS 2 node. Takes the argv a ROS 2 executable gets ({@code --ros-args
 * -r __node:=vo -r image:=/cam/image_raw --params-file FILE -p name:=value}, as {@code ros2 launch} writes it), joins
 * the ROS 2 graph through Fast DDS (domain {@code ROS_DOMAIN_ID}; discovery as {@code ROS_AUTOMATIC_DISCOVERY_RANGE},
 * {@code ROS_STATIC_PEERS} and {@code ROS_LOCALHOST_ONLY} ask, see {@link IhmcTransportConfig#fromEnvironment}) and
 * runs until SIGINT or SIGTERM. With {@code ROS_SECURITY_ENABLE=true} it refuses to start ({@link SecurityRequest}):
 * its Fast DDS has no DDS Security, and it never runs unsecured when security was asked for.
 * Exit codes: 0 after a signal, 2 for bad arguments, parameters or environment, 1 where the middleware cannot start
 * or security is asked for.
 */
public final class NodeMain {
    static final String DEFAULT_NODE_NAME = "gpuvo";

    private NodeMain() {
    }

    public static void main(String[] argv) {
        int code = run(argv, System.getenv());
        if (code != 0)
            System.exit(code);
    }

    /** {@link #main} without its exit, for the command line's {@code gpuvo node}: returns the exit code. */
    public static int run(String[] argv, Map<String, String> environment) {
        // a node reports at INFO (rcl's default) where the command line's logback.xml keeps only warnings
        if (LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME) instanceof ch.qos.logback.classic.Logger root)
            root.setLevel(ch.qos.logback.classic.Level.INFO);
        Logger startup = LoggerFactory.getLogger(NodeMain.class);
        RosArguments args;
        NodeName node;
        ConfigVoNode config;
        Parameters parameters;
        String distro;
        try {
            args = RosArguments.parse(argv);
            if (args.programArguments().contains("--help") || args.programArguments().contains("-h")) {
                System.out.println(usage());
                return 0;
            }
            if (!args.programArguments().isEmpty())
                throw new IllegalArgumentException("unknown arguments " + args.programArguments()
                        + " (ROS arguments go after --ros-args)");
            node = args.nodeName(DEFAULT_NODE_NAME, "/");
            args.logLevels().applyToLogback().forEach(startup::info);
            args.ignoredArguments().forEach(a -> startup.info("ignored ROS argument: {}", a));
            parameters = args.parameters(node);
            config = NodeParameters.config(parameters, args.nameResolver(node));
            config.nodeName = node.fullyQualifiedName();
            distro = distro(parameters, environment);
        } catch (IllegalArgumentException e) {
            System.err.println("gpuvo_node: error: " + e.getMessage());
            return 2;
        }
        Logger log = LoggerFactory.getLogger(node.loggerName());
        try {
            IhmcTransport.requireSecurityMet(SecurityRequest.of(environment, args.enclave()));
        } catch (IllegalArgumentException e) {
            System.err.println("gpuvo_node: error: " + e.getMessage());
            return 2;
        } catch (SecurityException e) {
            System.err.println("gpuvo_node: error: " + e.getMessage());
            return 1;
        }
        // before the node joins the graph: it appears there ready, with all its endpoints
        warmUp(config, log);
        Transport transport;
        IhmcTransportConfig dds;
        try {
            dds = IhmcTransportConfig.fromEnvironment(environment, node.name());
            transport = graphMember(IhmcTransport.open(dds), node, distro);
        } catch (FastDdsUnavailableException e) {
            System.err.println("gpuvo_node: error: Fast DDS cannot start here: " + e.getMessage());
            return 1;
        } catch (IllegalArgumentException e) {
            System.err.println("gpuvo_node: error: " + e.getMessage());
            return 2;
        }
        VoNode vo;
        ParameterServices parameterServices;
        try {
            vo = VoNode.start(config, transport);
            try {
                parameterServices = NodeParameterServices.offer(transport, vo, parameters, args.nameResolver(node));
            } catch (RuntimeException e) {
                vo.close();
                throw e;
            }
        } catch (RuntimeException e) {
            transport.close();
            System.err.println("gpuvo_node: error: the node could not start: " + e.getMessage());
            return 1;
        }
        List<String> unread = parameters.unread();
        if (!unread.isEmpty())
            log.warn("parameters given but not used (misspelt?): {}", String.join(", ", unread));
        log.info("{} started: {} on {} ({}, ROS {}), odometry on {}", node.fullyQualifiedName(),
                config.mode().name().toLowerCase(java.util.Locale.ROOT), transport.name(),
                discovery(dds), distro, config.topics.odom);

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            parameterServices.close();
            vo.close();
            transport.close();
            stopped.countDown();
        }, "gpuvo-node-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** The parameter {@code ros_distro}, else {@code ROS_DISTRO} (set by every sourced ROS 2), else the default. */
    static String distro(Parameters parameters, Map<String, String> environment) {
        String distro = parameters.getString("ros_distro", RosDistro.fromEnvironment(environment)).trim();
        if (distro.isEmpty())
            throw new IllegalArgumentException("parameter ros_distro: empty");
        return distro;
    }

    /** The transport announcing the node in ros_discovery_info with the distribution's gid layout. */
    private static Transport graphMember(Transport dds, NodeName node, String distro) {
        try {
            return new NodeGraphTransport(dds, node, GidLayout.ofDistro(distro));
        } catch (RuntimeException e) {
            dds.close();
            throw e;
        }
    }

    /** How the participant discovers others, for the start-up line. */
    private static String discovery(IhmcTransportConfig dds) {
        String where = dds.interfaceWhitelist().isEmpty() ? "all interfaces" : "on " + dds.interfaceWhitelist();
        return where + (dds.multicast() ? ", multicast" : "") + (dds.initialPeers().isEmpty() ? ""
                : ", peers " + String.join(", ", dds.initialPeers()));
    }

    private static String usage() {
        return String.join(System.lineSeparator(),
                "usage: gpuvo_node [--ros-args [-r FROM:=TO]... [-p NAME:=VALUE]... [--params-file FILE]... "
                        + "[--log-level LEVEL]]",
                "GPU visual odometry as a ROS 2 node. Inputs by the parameter mode: mono image + camera_info; stereo",
                "left/image_rect, right/image_rect + left/camera_info, right/camera_info; rgbd rgb/image, depth/image",
                "+ rgb/camera_info. Outputs: odom, /tf, pose, path, matches, inliers, status, /diagnostics,",
                "debug_image. Parameters: see docs/ros-node.md. Environment: ROS_DOMAIN_ID, ROS_LOCALHOST_ONLY,",
                "ROS_DISTRO (the distribution whose wire formats to use; the parameter ros_distro overrides it),",
                "ROS_AUTOMATIC_DISCOVERY_RANGE, ROS_STATIC_PEERS; ROS_SECURITY_ENABLE=true is refused (the bundled",
                "Fast DDS has no DDS Security).");
    }

    /** Warms the pipeline up (see {@link PipelineWarmUp}); a failure leaves the node to start cold. */
    private static void warmUp(ConfigVoNode config, Logger log) {
        PipelineWarmUp.Result w = PipelineWarmUp.run(config.vo, config.warmUpFrames);
        if (w.failure() != null)
            log.warn("the warm-up failed ({}): the first frames will be slow", w.failure());
        else if (w.ran())
            log.info("warmed up in {} ms: {} rendered frames, {} passes, on {}", Math.round(1000 * w.seconds()),
                    w.frames(), w.passes(), w.backend());
    }
}
