package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * gpuvo's services called by a Fast DDS C++ client (Debian's Fast DDS 2.9) exactly as rmw_fastrtps_cpp, ROS 2's
 * default middleware, calls them: the request's fields alone, its reply reader named as the related sample identity.
 * Loopback only. What this shows today: the node carries such a request out (a parameter set this way is what a
 * Cyclone DDS client then reads), but no reply that such a client accepts comes back, because the node's Fast DDS
 * binding cannot write a reply's related sample identity; the node warns of it. A request that is not of its
 * service's type is ignored and counted, and the node goes on answering.
 */
class NodeFastDdsClientTest {
    private static final Duration STEP = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aFastDdsClientsRequestIsCarriedOutButGetsNoAnswerItAccepts() {
        Path client = FastDdsToolchain.client();
        try (CyclonePeers peers = CyclonePeers.start(dir);
             NodeProcess node = NodeProcess.start(dir, peers.domainId(), "-r", "__node:=vo", "-p", "mode:=mono",
                     "-p", "backend:=cpu")) {
            Map<String, String> environment = Map.of("ROS_DOMAIN_ID", Integer.toString(peers.domainId()));
            PeerProcess set = PeerProcess.start("gpuvo_fastdds_client", List.of(client.toString(), "--node", "/vo",
                    "--timeout", "5", "set", "orb.max_features", "int", "700"), environment, dir);
            assertThat(set.waitFor(STEP)).as("%s\nnode:\n%s", set.describe(), node.log()).isZero();
            PeerProcess reset = PeerProcess.start("gpuvo_fastdds_client", List.of(client.toString(), "--node", "/vo",
                    "--timeout", "5", "reset"), environment, dir);
            assertThat(reset.waitFor(STEP)).as("%s\nnode:\n%s", reset.describe(), node.log()).isZero();
            // a request that is not of its type: ignored, counted, and the node goes on answering
            PeerProcess malformed = PeerProcess.start("gpuvo_fastdds_client", List.of(client.toString(), "--node",
                    "/vo", "--timeout", "2", "malformed"), environment, dir);
            assertThat(malformed.waitFor(STEP)).as("%s\nnode:\n%s", malformed.describe(), node.log()).isZero();

            PeerProcess get = peers.paramClient("--node", "/vo", "get", "orb.max_features");
            assertThat(get.waitFor(STEP)).as(get.describe()).isZero();
            assertThat(get.lines()).as("the Fast DDS client's set was carried out").contains(
                    "value orb.max_features 2 700");
            assertThat(set.lines()).containsExactly("matched", "sent", "no-reply");
            assertThat(reset.lines()).containsExactly("matched", "sent", "no-reply");
            assertThat(malformed.lines()).containsExactly("matched", "sent", "no-reply");
            assertThat(node.log()).contains("/vo/set_parameters: a request that is not a SetParameters request is "
                    + "not answered");
            assertThat(node.log()).contains("/vo/set_parameters: a request from an rmw_fastrtps_cpp client was "
                    + "carried out, but it cannot be answered").contains("/vo/reset: a request from an "
                    + "rmw_fastrtps_cpp client").doesNotContain("Exception");
            assertThat(node.isAlive()).isTrue();
        }
    }
}
