package org.gpuvo.app.node;

import org.gpuvo.app.CliRun;
import org.gpuvo.app.GpuvoCommand;
import org.gpuvo.ros.node.NodeMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code gpuvo node} against {@code gpuvo_node}'s main class, each in a child JVM of its own: the same arguments
 * give the same exit code and the same output. Only arguments, parameters and environments that stop the node
 * before it joins a ROS 2 graph are tried, so that no node is left running.
 */
class NodeCommandTest {
    private record Outcome(int exitCode, String out, String err) {
    }

    @TempDir
    Path dir;

    @Test
    void badArgumentsAndParametersGiveTheNodesUsageErrors() throws Exception {
        List<List<String>> cases = List.of(List.of("nosuch"), List.of("-v"), List.of("-V"), List.of("--", "--ros-args"),
                List.of("--ros-args", "-p", "mode:=sideways"), List.of("--ros-args", "-r", "__node:=9 bad"),
                List.of("--ros-args", "--params-file", dir.resolve("missing.yaml").toString()));
        for (List<String> args : cases) {
            Outcome node = child(Map.of(), NodeMain.class.getName(), args);
            Outcome gpuvo = child(Map.of(), GpuvoCommand.class.getName(), prepend("node", args));
            assertThat(node.exitCode()).as("gpuvo_node %s: %s", args, node).isEqualTo(2);
            assertThat(node.err()).as("gpuvo_node %s", args).startsWith("gpuvo_node: error: ");
            assertThat(gpuvo).as("gpuvo node %s", args).isEqualTo(node);
        }
    }

    @Test
    void securityAskedForIsRefusedAsTheNodeRefusesIt() throws Exception {
        List<String> args = List.of("--ros-args", "--enclave", "/robot/vo");
        Map<String, String> environment = Map.of("ROS_SECURITY_ENABLE", "true");
        Outcome node = child(environment, NodeMain.class.getName(), args);
        Outcome gpuvo = child(environment, GpuvoCommand.class.getName(), prepend("node", args));
        assertThat(node.exitCode()).as(node.toString()).isEqualTo(1);
        assertThat(node.err()).contains("ROS_SECURITY_ENABLE=true", "refusing to run unsecured");
        assertThat(gpuvo).isEqualTo(node);
    }

    @Test
    void theNodesOwnHelpIsReachedAsGpuvoNodeReachesIt() throws Exception {
        List<String> args = List.of("x", "--help");
        Outcome node = child(Map.of(), NodeMain.class.getName(), args);
        Outcome gpuvo = child(Map.of(), GpuvoCommand.class.getName(), prepend("node", args));
        assertThat(node.exitCode()).isZero();
        assertThat(node.out()).startsWith("usage: gpuvo_node [--ros-args");
        assertThat(gpuvo).isEqualTo(node);
    }

    @Test
    void helpDescribesTheCommand() {
        CliRun run = CliRun.run("node", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: gpuvo node [-h] [--ros-args")
                .contains("gpuvo_node", "docs/ros-node.md", "Exit codes:", "-h, --help");
        assertThat(CliRun.run("--help").out()).contains("node");
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    /** {@code mainClass} with {@code args} on this JVM's classpath, without the ROS_ environment of this one. */
    private Outcome child(Map<String, String> environment, String mainClass, List<String> args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        Path out = Files.createTempFile(dir, "out", ".txt"), err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("ROS_"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s %s ends", mainClass, args).isTrue();
            return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }
}
