package org.gpuvo.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StagingFolderTest {
    private static final Set<String> NAMES = Set.of("a.txt", "b.txt");

    @TempDir
    Path dir;

    @Test
    void nothingIsVisibleUntilTheCommit() throws Exception {
        Path target = dir.resolve("out");
        try (StagingFolder folder = StagingFolder.create(target, NAMES)) {
            folder.write(d -> Files.writeString(d.resolve("a.txt"), "new"));
            assertThat(target).doesNotExist();
            assertThat(folder.path().getParent()).isEqualTo(dir);
            assertThat(folder.path().getFileName().toString()).startsWith(".out.partial-");
            folder.commit();
        }
        assertThat(Files.readString(target.resolve("a.txt"))).isEqualTo("new");
        assertThat(names(dir)).containsExactly("out");
    }

    @Test
    void theRunFolderHasTheUsualPermissions() throws Exception {
        Path target = dir.resolve("out");
        try (StagingFolder folder = StagingFolder.create(target, NAMES)) {
            folder.commit();
        }
        Path plain = Files.createDirectory(dir.resolve("plain"));
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aFailureLeavesNeitherAPartialFolderNorAChangedTarget() throws Exception {
        Path target = Files.createDirectory(dir.resolve("out"));
        Files.writeString(target.resolve("a.txt"), "old");
        assertThatThrownBy(() -> {
            try (StagingFolder folder = StagingFolder.create(target, NAMES)) {
                folder.write(d -> Files.writeString(d.resolve("b.txt"), "new"));
                folder.write(d -> {
                    throw new IOException("disk full");
                });
                folder.commit();
            }
        }).hasMessage("writing " + target + " failed: disk full");
        assertThat(names(dir)).containsExactly("out");
        assertThat(names(target)).containsExactly("a.txt");
        assertThat(Files.readString(target.resolve("a.txt"))).isEqualTo("old");
    }

    @Test
    void anEarlierRunIsReplacedAndNothingOfItStays() throws Exception {
        Path target = Files.createDirectory(dir.resolve("out"));
        Files.writeString(target.resolve("a.txt"), "old");
        Files.writeString(target.resolve("b.txt"), "old");
        try (StagingFolder folder = StagingFolder.create(target, NAMES)) {
            folder.write(d -> Files.writeString(d.resolve("a.txt"), "new"));
            folder.commit();
        }
        assertThat(names(dir)).containsExactly("out");
        assertThat(names(target)).containsExactly("a.txt");
        assertThat(Files.readString(target.resolve("a.txt"))).isEqualTo("new");
    }

    @Test
    void foldersOfOtherThingsAndFilesAreNotReplaced() throws Exception {
        Path target = Files.createDirectory(dir.resolve("out"));
        Files.writeString(target.resolve("a.txt"), "old");
        Files.createDirectory(target.resolve("sub"));
        assertThatThrownBy(() -> StagingFolder.create(target, NAMES))
                .hasMessageContaining("will not replace " + target + ": it holds sub");
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> StagingFolder.create(file, NAMES)).hasMessageContaining("it is a file, not a folder");
        assertThat(names(dir)).containsExactlyInAnyOrder("out", "file");
    }

    @Test
    void missingParentsAreCreated() throws Exception {
        Path target = dir.resolve("runs").resolve("deeper").resolve("out");
        try (StagingFolder folder = StagingFolder.create(target, NAMES)) {
            folder.commit();
        }
        assertThat(target).isDirectory();
    }

    /** Ctrl-C (SIGINT) while a run writes its outputs: the JVM's shutdown deletes the partial folder. */
    @Test
    void anInterruptedJvmLeavesNoPartialFolder() throws Exception {
        Path target = dir.resolve("out");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), StagingFolderChild.class.getName(), target.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = lines.readLine();
            assertThat(line).isEqualTo(StagingFolderChild.WRITTEN);
            try (Stream<Path> partial = Files.list(dir)) {
                assertThat(partial.map(p -> p.getFileName().toString())).singleElement().asString()
                        .startsWith(".out.partial-");
            }
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(child.pid())).inheritIO().start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(child.waitFor(20, TimeUnit.SECONDS)).as("the child ends on SIGINT").isTrue();
        } finally {
            child.destroyForcibly();
        }
        assertThat(names(dir)).isEmpty();
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
