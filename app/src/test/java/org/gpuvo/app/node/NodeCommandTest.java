package org.gpuvo.app.node;

import org.gpuvo.app.CliRun;
import org.gpuvo.app.GpuvoCommand;
import org.gpuvo.ros.node.NodeMain;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code gpuvo node} against {@code gpuvo_node}'s main class, each in a child JVM of its own: the same arguments
 * give the same exit code and the same output. Every child is killed at the end of its test, so that no node is
 * left running.
 */
class NodeCommandTest {
    /** Where a node that starts would run: on 127.0.0.1, in a domain of this test's own (never 0). */
    private static final Map<String, String> LOOPBACK = Map.of("ROS_LOCALHOST_ONLY", "1", "ROS_DOMAIN_ID",
            Integer.toString(20 + (int) (ProcessHandle.current().pid() % 10) * 20 + 14));

    private record Outcome(int exitCode, String out, String err) {
    }

    @TempDir
    Path dir;

    @Test
    void badArgumentsAndParametersGiveTheNodesUsageErrors() throws Exception {
        List<List<String>> cases = List.of(List.of("nosuch"), List.of("-v"), List.of("-V"),
                List.of("--", "--ros-args"), List.of("--ros-args", "-p", "mode:=sideways"),
                List.of("--ros-args", "-r", "__node:=9 bad"),
                List.of("--ros-args", "--params-file", dir.resolve("missing.yaml").toString()));
        for (List<String> args : cases) {
            Outcome node = child(LOOPBACK, NodeMain.class.getName(), args);
            Outcome gpuvo = child(LOOPBACK, GpuvoCommand.class.getName(), prepend("node", args));
            assertThat(node.exitCode()).as("gpuvo_node %s: %s", args, node).isEqualTo(2);
            assertThat(node.err()).as("gpuvo_node %s", args).startsWith("gpuvo_node: error: ");
            assertThat(gpuvo).as("gpuvo node %s", args).isEqualTo(node);
        }
    }

    @Test
    void securityAskedForIsRefusedAsTheNodeRefusesIt() throws Exception {
        List<String> args = List.of("--ros-args", "--enclave", "/robot/vo");
        Map<String, String> environment = new HashMap<>(LOOPBACK);
        environment.put("ROS_SECURITY_ENABLE", "true");
        Outcome node = child(environment, NodeMain.class.getName(), args);
        Outcome gpuvo = child(environment, GpuvoCommand.class.getName(), prepend("node", args));
        assertThat(node.exitCode()).as(node.toString()).isEqualTo(1);
        assertThat(node.err()).contains("ROS_SECURITY_ENABLE=true", "refusing to run unsecured");
        assertThat(gpuvo).isEqualTo(node);
    }

    @Test
    void theNodesOwnHelpIsReachedAsGpuvoNodeReachesIt() throws Exception {
        List<String> args = List.of("x", "--help");
        Outcome node = child(LOOPBACK, NodeMain.class.getName(), args);
        Outcome gpuvo = child(LOOPBACK, GpuvoCommand.class.getName(), prepend("node", args));
        assertThat(node.exitCode()).isZero();
        assertThat(node.out()).startsWith("usage: gpuvo_node [--ros-args");
        assertThat(gpuvo).isEqualTo(node);
    }

    /**
     * With good arguments both start the node (Fast DDS on 127.0.0.1, a domain of this test's own) and stop on
     * SIGINT with the same exit status.
     */
    @Test
    void theNodeRunsUntilSigintAsGpuvoNodeRunsIt() throws Exception {
        List<String> args = List.of("--ros-args", "-r", "__node:=vo_cli_test", "-p", "mode:=mono");
        int node = runUntilSigint(LOOPBACK, NodeMain.class.getName(), args);
        int gpuvo = runUntilSigint(LOOPBACK, GpuvoCommand.class.getName(), prepend("node", args));
        assertThat(node).as("gpuvo_node's status after SIGINT").isEqualTo(130);
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
        Path out = Files.createTempFile(dir, "out", ".txt"), err = Files.createTempFile(dir, "err", ".txt");
        Process process = childProcess(environment, mainClass, args, out, err);
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s %s ends", mainClass, args).isTrue();
            return new Outcome(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * The exit status of {@code mainClass} stopped by SIGINT once it logged that the node started; the test is
     * skipped where Fast DDS cannot start here.
     */
    private int runUntilSigint(Map<String, String> environment, String mainClass, List<String> args)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "log", ".txt");
        Process process = childProcess(environment, mainClass, args, log, log);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(log, StandardCharsets.UTF_8).contains("/vo_cli_test started: mono")) {
                if (!process.isAlive()) {
                    String output = Files.readString(log, StandardCharsets.UTF_8);
                    Assumptions.assumeFalse(output.contains("Fast DDS cannot start here"), output);
                    throw new AssertionError(mainClass + " ended before the node started: " + output);
                }
                assertThat(System.nanoTime()).as("%s starts the node within 60 s", mainClass).isLessThan(deadline);
                Thread.sleep(50);
            }
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("%s ends on SIGINT", mainClass).isTrue();
            return process.exitValue();
        } finally {
            process.destroyForcibly();
        }
    }

    private Process childProcess(Map<String, String> environment, String mainClass, List<String> args, Path out,
                                 Path err) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        if (out.equals(err))
            builder.redirectErrorStream(true).redirectOutput(out.toFile());
        else
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("ROS_"));
        builder.environment().putAll(environment);
        return builder.start();
    }
}
