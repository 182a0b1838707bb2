package org.gpuvo.tests.dds;

import org.gpuvo.ros.cdr.MessageCodecs;
import org.gpuvo.ros.msg.Image;
import org.gpuvo.ros.msg.Odometry;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpuvo's node as ROS 2 tools find it in the graph: a Cyclone DDS program compiled from rmw_dds_common's message
 * definitions (in the gid layout of the distribution) reads {@code ros_discovery_info} as rmw does and compares
 * what the node announces with what DDS discovery itself reports of the node's participant, whose USER_DATA and its
 * endpoints' also carry what rmw puts there. Loopback only.
 */
class NodeGraphInteropTest {
    private static final Duration STEP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /**
     * The node announces its namespace and name, the participant's gid and, as gids, exactly the GUIDs of the readers
     * and writers its participant has (all but the ros_discovery_info writer, which rmw does not list either), in the
     * layout of the distribution: 24 bytes ending in 8 zeros for Humble (from {@code ROS_DISTRO}), 16 for Jazzy (from
     * the parameter {@code ros_distro}, over a {@code ROS_DISTRO} that says otherwise).
     */
    @ParameterizedTest
    @CsvSource({"ROS_DISTRO=humble, '', 24", "ROS_DISTRO=humble, ros_distro:=jazzy, 16"})
    void aCycloneReaderOfDiscoveryInfoFindsTheNodeAndExactlyItsEndpoints(String environment, String parameter,
                                                                         int gidBytes) {
        String[] variable = environment.split("=");
        try (CyclonePeers peers = CyclonePeers.start(dir)) {
            PeerProcess probe = peers.graphProbe(gidBytes, "--node", "vo", "--namespace", "/robot", "--timeout", "90");
            probe.awaitLine("ready"::equals, STEP);
            List<String> args = new java.util.ArrayList<>(List.of("-r", "__node:=vo", "-r", "__ns:=/robot",
                    "-p", "mode:=mono", "-p", "backend:=cpu"));
            if (!parameter.isEmpty())
                args.addAll(List.of("-p", parameter));
            try (NodeProcess node = NodeProcess.start(dir, peers.domainId(), Map.of(variable[0], variable[1]),
                    args.toArray(String[]::new))) {
                assertThat(probe.waitFor(Duration.ofSeconds(120))).as("%s\nnode:\n%s", probe.describe(), node.log())
                        .isZero();
                assertThat(node.log()).doesNotContain("Exception");
            }
            Graph graph = Graph.of(probe.lines(), gidBytes);
            assertThat(graph.node).isEqualTo("/robot vo");
            assertThat(graph.writers).as("writers announced vs discovered").isEqualTo(graph.discovered("publication"));
            assertThat(graph.readers).as("readers announced vs discovered").isEqualTo(graph.discovered("subscription"));
            assertThat(graph.writers).contains(graph.key("publication", "rt/robot/odom"),
                    graph.key("publication", "rt/robot/status"), graph.key("publication", "rt/tf"));
            assertThat(graph.readers).contains(graph.key("subscription", "rt/robot/image"),
                    graph.key("subscription", "rt/robot/camera_info"));
            // a service's request reader and reply writer are the node's too
            assertThat(graph.readers).contains(graph.key("subscription", "rq/robot/vo/resetRequest"));
            assertThat(graph.writers).contains(graph.key("publication", "rr/robot/vo/resetReply"));
            // the endpoints' type hashes, as rmw announces them from Iron on
            assertThat(graph.userData("publication", "rt/robot/odom")).isEqualTo("typehash="
                    + MessageCodecs.of(Odometry.class).typeHash() + ";");
            assertThat(graph.userData("subscription", "rt/robot/image")).isEqualTo("typehash="
                    + MessageCodecs.of(Image.class).typeHash() + ";");
            assertThat(graph.participantUserData).as("the participant's USER_DATA, as rmw's")
                    .isEqualTo("enclave=/;");
            System.out.printf("%s: node /robot/vo announced with %d readers and %d writers, %d-byte gids%n",
                    environment + (parameter.isEmpty() ? "" : " " + parameter), graph.readers.size(),
                    graph.writers.size(), gidBytes);
            peers.trace().assertLoopbackOnly(1);
        }
    }

    /** What the probe printed: gids as GUIDs (32 hex digits), their padding checked to be zero. */
    private static final class Graph {
        String participant, node, participantUserData;
        final Set<String> readers = new HashSet<>(), writers = new HashSet<>();
        /** kind, key, participant, topic, type */
        final List<String[]> endpoints = new java.util.ArrayList<>();
        final Map<String, String> userDataByParticipant = new java.util.HashMap<>();

        static Graph of(List<String> lines, int gidBytes) {
            Graph g = new Graph();
            for (String line : lines) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "participant" -> g.participant = guid(f[1], gidBytes);
                    case "node" -> g.node = f[1] + " " + f[2];
                    case "reader" -> g.readers.add(guid(f[1], gidBytes));
                    case "writer" -> g.writers.add(guid(f[1], gidBytes));
                    case "publication", "subscription" -> g.endpoints.add(f);
                    case "participant_user_data" -> g.userDataByParticipant.put(f[1], PeerOutput.token(f[2]));
                    default -> { }
                }
            }
            assertThat(g.participant).as("announced participant in %s", lines).isNotNull();
            g.participantUserData = g.userDataByParticipant.get(g.participant);
            return g;
        }

        /** The keys of the node participant's endpoints of a kind, ros_discovery_info's writer left out. */
        Set<String> discovered(String kind) {
            Set<String> keys = new HashSet<>();
            for (String[] e : endpoints)
                if (e[0].equals(kind) && e[2].equals(participant) && !e[3].equals("ros_discovery_info"))
                    keys.add(e[1]);
            return keys;
        }

        String key(String kind, String topic) {
            return endpoint(kind, topic)[1];
        }

        String userData(String kind, String topic) {
            return PeerOutput.token(endpoint(kind, topic)[5]);
        }

        private String[] endpoint(String kind, String topic) {
            for (String[] e : endpoints)
                if (e[0].equals(kind) && e[2].equals(participant) && e[3].equals(topic))
                    return e;
            throw new AssertionError("no " + kind + " of " + topic + " from the node's participant");
        }

        private static String guid(String hex, int gidBytes) {
            assertThat(hex).hasSize(2 * gidBytes);
            assertThat(hex.substring(32)).as("padding of a %d-byte gid", gidBytes).matches("0*");
            return hex.substring(0, 32);
        }
    }
}
