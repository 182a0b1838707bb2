package org.gpuvo.tests.dds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A temporary folder for a benchmark's frames, peers and logs, deleted with all it holds on closing. */
final class ScratchDir implements AutoCloseable {
    private final Path path;

    private ScratchDir(Path path) {
        this.path = path;
    }

    static ScratchDir create(String prefix) {
        try {
            return new ScratchDir(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder", e);
        }
    }

    Path path() {
        return path;
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator)
                Files.delete(p);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + path, e);
        }
    }
}
