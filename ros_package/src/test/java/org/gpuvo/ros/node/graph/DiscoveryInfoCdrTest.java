package org.gpuvo.ros.node.graph;

import org.gpuvo.ros.node.graph.ParticipantEntitiesInfo.NodeEntitiesInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DiscoveryInfoCdrTest {
    private static final byte[] PARTICIPANT = sequence(0x10);
    private static final byte[] READER = sequence(0x40);
    private static final ParticipantEntitiesInfo INFO = new ParticipantEntitiesInfo(PARTICIPANT,
            List.of(new NodeEntitiesInfo("/", "vo", List.of(READER), List.of())));

    @ParameterizedTest
    @CsvSource({"humble, BYTES_24", "foxy, BYTES_24", "Galactic, BYTES_24", "iron, BYTES_16", "jazzy, BYTES_16",
            "kilted, BYTES_16", "rolling, BYTES_16"})
    void layoutFollowsTheDistribution(String distro, GidLayout layout) {
        assertThat(GidLayout.ofDistro(distro)).isEqualTo(layout);
    }

    /** Laid out by hand from the .msg files: alignment counted from after the 4-byte encapsulation header. */
    @Test
    void sixteenByteGidsAsIronAndLaterWriteThem() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[]{0, 1, 0, 0});
        b.writeBytes(PARTICIPANT);                          // 0..15
        b.writeBytes(new byte[]{1, 0, 0, 0});               // 16: one node
        b.writeBytes(new byte[]{2, 0, 0, 0, '/', 0, 0, 0}); // 20: "/" and 2 bytes of padding
        b.writeBytes(new byte[]{3, 0, 0, 0, 'v', 'o', 0, 0}); // 28: "vo" and 1 byte of padding
        b.writeBytes(new byte[]{1, 0, 0, 0});               // 36: one reader
        b.writeBytes(READER);                               // 40..55
        b.writeBytes(new byte[]{0, 0, 0, 0});               // 56: no writer
        assertThat(DiscoveryInfoCdr.encode(INFO, GidLayout.BYTES_16)).isEqualTo(b.toByteArray());
    }

    @Test
    void twentyFourByteGidsAsHumbleWritesThemEndInZeros() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(new byte[]{0, 1, 0, 0});
        b.writeBytes(PARTICIPANT);
        b.writeBytes(new byte[8]);                          // 0..23
        b.writeBytes(new byte[]{1, 0, 0, 0});               // 24
        b.writeBytes(new byte[]{2, 0, 0, 0, '/', 0, 0, 0}); // 28
        b.writeBytes(new byte[]{3, 0, 0, 0, 'v', 'o', 0, 0}); // 36
        b.writeBytes(new byte[]{1, 0, 0, 0});               // 44
        b.writeBytes(READER);
        b.writeBytes(new byte[8]);                          // 48..71
        b.writeBytes(new byte[]{0, 0, 0, 0});               // 72
        assertThat(DiscoveryInfoCdr.encode(INFO, GidLayout.BYTES_24)).isEqualTo(b.toByteArray());
    }

    @ParameterizedTest
    @CsvSource({"BYTES_16", "BYTES_24"})
    void decodesWhatItEncodes(GidLayout layout) {
        ParticipantEntitiesInfo back = DiscoveryInfoCdr.decode(DiscoveryInfoCdr.encode(INFO, layout), layout);
        assertThat(back.gid()).isEqualTo(PARTICIPANT);
        assertThat(back.nodes()).hasSize(1);
        assertThat(back.nodes().get(0).name()).isEqualTo("vo");
        assertThat(back.nodes().get(0).readerGids()).containsExactly(READER);
    }

    @Test
    void namesOverTheBoundAreRefused() {
        ParticipantEntitiesInfo info = new ParticipantEntitiesInfo(PARTICIPANT,
                List.of(new NodeEntitiesInfo("/", "n".repeat(257), List.of(), List.of())));
        assertThatThrownBy(() -> DiscoveryInfoCdr.encode(info, GidLayout.BYTES_16))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("node_name");
    }

    private static byte[] sequence(int first) {
        byte[] b = new byte[16];
        for (int i = 0; i < b.length; i++)
            b[i] = (byte) (first + i);
        return b;
    }
}
