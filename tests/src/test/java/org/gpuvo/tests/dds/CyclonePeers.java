package org.gpuvo.tests.dds;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Cyclone DDS side of an interoperability test: the C peers built (or the test skipped), a loopback-only
 * configuration in the test's folder, a domain id of its own, and the peer processes started with that
 * environment ({@code CYCLONEDDS_URI}, {@code ROS_DOMAIN_ID}). Closing it kills whatever is still running.
 *
 * <pre>
 * try (CyclonePeers peers = CyclonePeers.start(tempDir)) {
 *     PeerProcess consumer = peers.consumer("--count", "10");
 *     consumer.awaitLine("ready"::equals, Duration.ofSeconds(10));
 *     PeerProcess camera = peers.camera("--list", list.toString(), "--wait-subscribers", "1");
 *     ...
 * }
 * </pre>
 */
public final class CyclonePeers implements AutoCloseable {
    private final CycloneToolchain programs;
    private final LoopbackConfig config;
    private final Path dir;
    private final List<PeerProcess> started = new ArrayList<>();

    private CyclonePeers(CycloneToolchain programs, LoopbackConfig config, Path dir) {
        this.programs = programs;
        this.config = config;
        this.dir = dir;
    }

    /**
     * Builds the peers if needed (skipping the calling test where Cyclone DDS or gcc is missing) and writes the
     * configuration into {@code dir}, where the processes also run and trace.
     */
    public static CyclonePeers start(Path dir) {
        return start(dir, CycloneToolchain.require());
    }

    /** The same with these programs (prebuilt ones, say). */
    static CyclonePeers start(Path dir, CycloneToolchain programs) {
        return new CyclonePeers(programs, LoopbackConfig.write(dir, LoopbackConfig.nextDomainId()), dir);
    }

    /** The ROS_DOMAIN_ID every peer uses; a gpuvo node under test must use it too. */
    public int domainId() {
        return config.domainId();
    }

    /** The environment the peers run with (and, for prebuilt peers, where their shared libraries are). */
    public Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(Map.of("CYCLONEDDS_URI", config.uri(),
                "ROS_DOMAIN_ID", Integer.toString(config.domainId())));
        if (programs.libraryDir() != null) {
            String inherited = System.getenv("LD_LIBRARY_PATH");
            env.put("LD_LIBRARY_PATH", programs.libraryDir() + (inherited == null || inherited.isEmpty() ? ""
                    : File.pathSeparator + inherited));
        }
        return env;
    }

    /** Starts {@code gpuvo_camera} with these arguments (see the header of gpuvo_camera.c). */
    public PeerProcess camera(String... args) {
        return launch("gpuvo_camera", programs.camera(), args);
    }

    /** Starts {@code gpuvo_consumer} with these arguments (see the header of gpuvo_consumer.c). */
    public PeerProcess consumer(String... args) {
        return launch("gpuvo_consumer", programs.consumer(), args);
    }

    /**
     * Starts {@code gpuvo_standin_vo}, which answers every image with an odometry and a transform at once: the
     * chain a gpuvo node will sit in, without the odometry (see the header of gpuvo_standin_vo.c).
     */
    public PeerProcess standinVo(String... args) {
        return launch("gpuvo_standin_vo", programs.standinVo(), args);
    }

    /**
     * Starts {@code gpuvo_param_client}, which calls a node's parameter services and {@code ~/reset} as an
     * rmw_cyclonedds_cpp client does (see the header of gpuvo_param_client.c).
     */
    public PeerProcess paramClient(String... args) {
        return launch("gpuvo_param_client", programs.paramClient(), args);
    }

    /**
     * Starts {@code gpuvo_graph_probe} built for gids of {@code gidBytes} (16 or 24), which prints what
     * {@code ros_discovery_info} and DDS discovery say of a node (see the header of gpuvo_graph_probe.c).
     */
    public PeerProcess graphProbe(int gidBytes, String... args) {
        return launch("gpuvo_graph_probe" + gidBytes, programs.graphProbe(gidBytes), args);
    }

    /** What the peers traced about their network use so far. */
    public CycloneTrace trace() {
        return CycloneTrace.read(dir);
    }

    private PeerProcess launch(String name, Path program, String... args) {
        List<String> command = new ArrayList<>();
        command.add(program.toString());
        command.addAll(List.of(args));
        PeerProcess p = PeerProcess.start(name, command, environment(), dir);
        started.add(p);
        return p;
    }

    @Override
    public void close() {
        for (PeerProcess p : started)
            p.close();
    }
}
