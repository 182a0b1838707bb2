package org.gpuvo.tests.dds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * gpuvo's ROS 2 node ({@code org.gpuvo.ros.node.NodeMain}) in a JVM of its own, with this JVM's classpath, started
 * with {@code --ros-args} and the given ROS arguments, in {@code ROS_DOMAIN_ID} with {@code ROS_LOCALHOST_ONLY=1}.
 * Closing sends SIGTERM, which the node answers by closing its publishers and its participant.
 */
final class NodeProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private NodeProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static NodeProcess start(Path dir, int domainId, String... rosArguments) {
        return start(dir, domainId, Map.of(), rosArguments);
    }

    /** As {@link #start(Path, int, String...)}, with {@code environment} added to the node's. */
    static NodeProcess start(Path dir, int domainId, Map<String, String> environment, String... rosArguments) {
        try {
            Path log = Files.createTempFile(dir, "gpuvo-node", ".log");
            Path home = Files.createDirectories(dir.resolve("node-home"));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            // the JVM options of the installed node's launcher (ros_package/ament/gpuvo_node)
            List<String> command = new ArrayList<>(List.of(java, "-Djava.awt.headless=true",
                    "-XX:-DontCompileHugeMethods", "-cp", System.getProperty("java.class.path"),
                    "org.gpuvo.ros.node.NodeMain", "--ros-args"));
            command.addAll(List.of(rosArguments));
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
            builder.environment().put("ROS_DOMAIN_ID", Integer.toString(domainId));
            builder.environment().put("ROS_LOCALHOST_ONLY", "1");
            builder.environment().put("HOME", home.toString()); // Fast DDS's natives are unpacked under $HOME
            builder.environment().remove("ROS_DISTRO");
            builder.environment().putAll(environment);
            return new NodeProcess(builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the node has logged so far. */
    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS))
                process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
