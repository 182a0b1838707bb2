package org.gpuvo.app;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Commands writing onto a disk that is full, a real one: a small tmpfs filled to the last byte (where this machine lets
 * the tests mount one: as root, with the right to mount; elsewhere the test is skipped). Each fails with exit 1 and an
 * error that names what it was writing, and leaves nothing of it behind, not even an open file: the disk must unmount
 * at the end (Java 17's buffered writers kept a file open when their last flush failed; {@link
 * org.gpuvo.odometry.dataset.TextFileOutput}).
 */
class FullDiskTest {
    @TempDir
    static Path dir;
    private static Path disk;
    private static boolean mounted;

    @BeforeAll
    static void mountASmallDisk() throws Exception {
        // apart from the temporary folder, which JUnit deletes: a mount point in it could not be
        disk = Files.createTempDirectory("gpuvo-full-disk");
        String out;
        try {
            Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", disk.toString())
                    .redirectErrorStream(true).start();
            out = new String(mount.getInputStream().readAllBytes()).strip();
            mounted = mount.waitFor(20, TimeUnit.SECONDS) && mount.exitValue() == 0;
        } catch (IOException e) {
            out = e.getMessage(); // no mount command
        }
        String why = out;
        assumeTrue(mounted, () -> "no tmpfs can be mounted here: " + why);
    }

    @AfterAll
    static void unmount() throws Exception {
        if (mounted) {
            Process umount = new ProcessBuilder("umount", disk.toString()).inheritIO().start();
            assertThat(umount.waitFor(20, TimeUnit.SECONDS) && umount.exitValue() == 0).as("umount").isTrue();
        }
        Files.delete(disk);
    }

    @BeforeEach
    void fill() throws IOException {
        try (Stream<Path> left = Files.list(disk)) {
            for (Path p : left.toList())
                Files.delete(p);
        }
        byte[] block = new byte[4096];
        try (OutputStream o = Files.newOutputStream(disk.resolve("fill"))) {
            while (true)
                o.write(block);
        } catch (IOException full) {
            // the disk is full
        }
    }

    @Test
    void runNamesItsFolderAndLeavesNothing() throws IOException {
        Path out = disk.resolve("run");
        assertFailsNaming(out, CliRun.run("run", "synthetic:room", "--frames", "0:10", "--backend", "cpu",
                "--warm-up", "0", "-q", "--out", out.toString()));
    }

    @Test
    void bagFromNamesItsBagAndLeavesNothing() throws IOException {
        Path out = disk.resolve("bag");
        assertFailsNaming(out, CliRun.run("bag-from", "synthetic:room", out.toString(), "--frames", "0:10", "-q"));
    }

    @Test
    void replaysBagNamesItAndLeavesNothing() throws IOException {
        Path input = dir.resolve("input");
        if (!Files.exists(input))
            assertThat(CliRun.run("bag-from", "synthetic:room", input.toString(), "--frames", "0:10", "-q")
                    .exitCode()).isZero();
        Path out = disk.resolve("bag");
        assertFailsNaming(out, CliRun.run("replay", input.toString(), "--backend", "cpu", "--warm-up", "0", "-q",
                "--out", dir.resolve("run").toString(), "--write-bag", out.toString()));
    }

    private static void assertFailsNaming(Path out, CliRun run) throws IOException {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).contains(out.toString()).contains("No space left on device");
        try (Stream<Path> left = Files.list(disk)) {
            assertThat(left.map(p -> p.getFileName().toString()).toList()).as("what is left on the disk")
                    .isEqualTo(List.of("fill"));
        }
    }
}
