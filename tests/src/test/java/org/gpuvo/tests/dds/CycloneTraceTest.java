package org.gpuvo.tests.dds;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The loopback check reads Cyclone 0.10.2's trace lines (formats copied from real traces of the peers). */
class CycloneTraceTest {
    private static final String HEADER = """
            1795365695.042185 [77] gpuvo_cons: config: Domain/General/Interfaces/NetworkInterface[@address]: 127.0.0.1 {0}
            1795365695.042185 [77] gpuvo_cons: interfaces: lo udp/127.0.0.1(q1) eth0 udp/192.0.2.2(q9)
            1795365695.042190 [77] gpuvo_cons: selected interfaces: lo (index 1 priority 2)
            1795365695.042198 [77] gpuvo_cons: ownip: udp/127.0.0.1
            1795365695.042202 [77] gpuvo_cons: SPDP MC: udp/239.255.0.1
            1795365695.042207 [77] gpuvo_cons: default MC: udp/239.255.0.1
            1795365695.042337 [77] gpuvo_cons: add_peer_addresses: add udp/127.0.0.1:26660, :26662, :26664
            """;

    @TempDir
    Path dir;

    @Test
    void interfaceListsAndUnusedMulticastGroupsAreNotCountedAsUsed() throws IOException {
        Files.writeString(dir.resolve("cyclone-100.log"), HEADER + """
                1795365695.052765 [77] dq.builtin: SPDP ST0 110cac9:6f1662cd:496c8db:1c1 bes fc3f NEW (0x00000000 vm/0.10.2/Linux/Linux) (data udp/127.0.0.1:26663@1 meta udp/127.0.0.1:26662@1) QOS={}
                1795365695.052919 [77] dq.builtin: ddsi_rebuild_writer_addrset(110f01d:732e588e:dfb48580:3c2): udp/127.0.0.1:26662@1 (burst size 4294901760 rexmit 1048576)
                """);
        CycloneTrace trace = CycloneTrace.read(dir);
        assertThat(trace.files()).hasSize(1);
        assertThat(trace.selectedInterfaces()).containsExactly("lo (index 1 priority 2)");
        assertThat(trace.ownAddresses()).containsExactly("127.0.0.1");
        assertThat(trace.usedAddresses()).containsExactly("127.0.0.1");
        assertThat(trace.nonLoopbackAddresses()).isEmpty();
        trace.assertLoopbackOnly(1);
    }

    @Test
    void aRemoteParticipantAdvertisingAnotherInterfaceIsCaught() throws IOException {
        Files.writeString(dir.resolve("cyclone-100.log"), HEADER + """
                1795365695.052765 [77] dq.builtin: SPDP ST0 10f:2:3:1c1 bes fc3f NEW (0x00000000 vm/0.10.2/Linux/Linux) (data udp/192.0.2.2:7411@1 udp/127.0.0.1:7411@1 meta udp/192.0.2.2:7410@1) QOS={}
                """);
        Files.writeString(dir.resolve("cyclone-101.log"), HEADER.replace("ownip: udp/127.0.0.1", "ownip: udp/192.0.2.2"));
        Files.writeString(dir.resolve("other.log"), "ownip: udp/10.0.0.1\n");
        CycloneTrace trace = CycloneTrace.read(dir);
        assertThat(trace.files()).extracting(p -> p.getFileName().toString())
                .containsExactly("cyclone-100.log", "cyclone-101.log");
        assertThat(trace.nonLoopbackAddresses()).containsExactly("192.0.2.2");
        assertThatThrownBy(() -> trace.assertLoopbackOnly(2)).hasMessageContaining("192.0.2.2");
    }
}
