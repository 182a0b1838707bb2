package org.gpuvo.ros.transport.ihmc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SocketBufferLimitsTest {
    private static final int FOUR_MIB = 4 << 20;

    @Test
    void stockCapsAreReportedWithTheFix(@TempDir Path netCore) throws IOException {
        Files.writeString(netCore.resolve("rmem_max"), "212992\n");
        Files.writeString(netCore.resolve("wmem_max"), "4194304\n");
        assertThat(SocketBufferLimits.shortfall(FOUR_MIB, netCore)).hasValueSatisfying(m -> assertThat(m)
                .contains("caps them (net.core.rmem_max=212992)")
                .contains("sysctl -w net.core.rmem_max=4194304"));
    }

    @Test
    void capsAtOrAboveTheRequestAreFine(@TempDir Path netCore) throws IOException {
        Files.writeString(netCore.resolve("rmem_max"), "4194304\n");
        Files.writeString(netCore.resolve("wmem_max"), "8388608\n");
        assertThat(SocketBufferLimits.shortfall(FOUR_MIB, netCore)).isEmpty();
    }

    /** No machine caps socket buffers below 64 KiB: a read that stopped short would claim so. */
    @Test
    void theCapsOfThisMachineAreReadWhole() {
        assumeTrue(Files.isReadable(SocketBufferLimits.PROC_NET_CORE.resolve("rmem_max")), "needs Linux /proc");
        assertThat(SocketBufferLimits.shortfall(65536, SocketBufferLimits.PROC_NET_CORE)).isEmpty();
    }

    @Test
    void unreadableCapsSayNothing(@TempDir Path netCore) throws IOException {
        Files.writeString(netCore.resolve("rmem_max"), "lots");
        assertThat(SocketBufferLimits.shortfall(FOUR_MIB, netCore)).isEmpty();
    }
}
