package org.gpuvo.tests.dds;

import org.gpuvo.tests.ament.ProcessRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Cyclone peers as {@code tests/scripts/pack-cyclone-peers.sh} packs them for a machine without Cyclone DDS or
 * a compiler: the archive holds the three programs and the libraries they load, every library but glibc's is taken
 * from the archive's {@code lib/} once it is on the peers' library path, and the chain camera → stand-in → consumer
 * runs on them as {@link CycloneToolchain} hands them out for {@code gpuvo.cyclone.peers}.
 */
class PackedCyclonePeersTest {
    private static final Duration PACKING = Duration.ofSeconds(180);

    @TempDir
    Path dir;

    @Test
    void packedPeersRunTheChainOnTheirOwnLibraries() {
        CycloneToolchain.require(); // skips where Cyclone DDS or gcc is missing: the script needs them too
        Path script = CycloneToolchain.moduleDir().resolve("scripts/pack-cyclone-peers.sh");
        Path archive = dir.resolve("peers.tar.xz");
        ProcessRun pack = ProcessRun.run(List.of("bash", script.toString(), archive.toString()), dir, Map.of(),
                PACKING);
        assertThat(pack.succeeded()).as(pack.describe()).isTrue();
        assertThat(pack.output()).contains("the target machine needs glibc");
        ProcessRun unpack = ProcessRun.run(List.of("tar", "-C", dir.toString(), "-xJf", archive.toString()), dir,
                Map.of(), PACKING);
        assertThat(unpack.succeeded()).as(unpack.describe()).isTrue();

        CycloneToolchain packed = CycloneToolchain.prebuilt(dir.resolve("cyclone-peers"));
        Path lib = packed.libraryDir();
        for (Path program : List.of(packed.camera(), packed.consumer(), packed.standinVo())) {
            assertThat(program).startsWith(dir.resolve("cyclone-peers/bin")).isExecutable();
            ProcessRun ldd = ProcessRun.run(List.of("ldd", program.toString()), dir,
                    Map.of("LD_LIBRARY_PATH", lib.toString()), PACKING);
            assertThat(ldd.succeeded()).as(ldd.describe()).isTrue();
            List<String> loaded = ldd.output().lines().map(String::strip).filter(l -> l.contains(" => ")).toList();
            assertThat(loaded).as(ldd.output()).anyMatch(l -> l.startsWith("libddsc.so"));
            assertThat(loaded).as(ldd.output()).filteredOn(l -> !l.matches("(libc|libm)\\.so\\.6 => .*"))
                    .allMatch(l -> l.contains(" => " + lib + "/"));
        }

        int n = 5;
        SequenceFrames frames = SequenceFrames.roomMono(dir.resolve("frames"), 160, 120, n, 30);
        try (CyclonePeers peers = CyclonePeers.start(dir.resolve("chain"), packed)) {
            assertThat(peers.environment().get("LD_LIBRARY_PATH")).startsWith(lib.toString());
            OdometryChain chain = OdometryChain.run(peers, frames, 30, true);
            assertThat(chain.camera().published()).hasSize(n);
            assertThat(chain.imageToOdometry().received()).isEqualTo(n);
        }
    }
}
