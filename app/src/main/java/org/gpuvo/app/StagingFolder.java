package org.gpuvo.app;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * A folder of outputs that appears complete or not at all: files are written into a hidden sibling of the target
 * ({@code .NAME.partial-*}), which {@link #commit()} renames into place (one atomic rename; an existing target is
 * first renamed aside and deleted once the new one is in place). Until then the target is untouched. If the JVM
 * is stopped (Ctrl-C, SIGTERM) before the commit, a shutdown hook deletes the partial folder; so does
 * {@link #close()} after a failure.
 * <p>
 * An existing target is replaced only if it is a folder holding nothing but files named in
 * {@code replaceableNames} (a previous run's outputs), so that a mistyped {@code --out} cannot delete a user's folder.
 */
public final class StagingFolder implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StagingFolder.class);

    private final Path target;
    private final Path partial;
    private final Set<String> replaceableNames;
    private final Thread cleanup;
    private boolean committed, aborted;

    private StagingFolder(Path target, Path partial, Set<String> replaceableNames) {
        this.target = target;
        this.partial = partial;
        this.replaceableNames = replaceableNames;
        this.cleanup = new Thread(this::abort, "gpuvo-staging-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /** Creates the partial folder beside {@code target} (and the folders above it, where missing). */
    public static StagingFolder create(Path target, Set<String> replaceableNames) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        requireReplaceable(absolute, replaceableNames);
        Path parent = absolute.getParent();
        if (parent == null)
            throw new IOException("cannot write into " + target + ": it has no parent folder");
        Files.createDirectories(parent);
        return new StagingFolder(absolute, createSibling(absolute, ".partial-"), replaceableNames);
    }

    /**
     * A new empty folder beside {@code target}, hidden, named after it. Not {@code Files.createTempDirectory}: its
     * folders are private (rwx------), and the run folder should get the user's usual permissions (umask).
     */
    private static Path createSibling(Path target, String infix) throws IOException {
        String prefix = "." + target.getFileName() + infix + ProcessHandle.current().pid() + "-";
        for (int attempt = 0; ; attempt++) {
            Path candidate = target.resolveSibling(prefix + Long.toString(System.nanoTime() & 0xffffff, 36));
            try {
                return Files.createDirectory(candidate);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100)
                    throw e;
            }
        }
    }

    /**
     * Throws with a message saying why unless {@code target} is absent, or a folder holding nothing but files
     * named in {@code names}; also unless its nearest existing ancestor is a folder one may write into.
     */
    public static void requireReplaceable(Path target, Set<String> names) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.exists(absolute)) {
            if (!Files.isDirectory(absolute))
                throw new IOException("cannot write into " + target + ": it is a file, not a folder");
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(absolute)) {
                for (Path entry : entries)
                    if (!Files.isRegularFile(entry) || !names.contains(entry.getFileName().toString()))
                        throw new IOException("will not replace " + target + ": it holds " + entry.getFileName()
                                + ", which a gpuvo run does not write (choose another --out, or remove the folder)");
            }
        }
        Path ancestor = absolute.getParent();
        while (ancestor != null && !Files.exists(ancestor))
            ancestor = ancestor.getParent();
        if (ancestor == null || !Files.isDirectory(ancestor))
            throw new IOException("cannot write into " + target + ": " + ancestor + " is not a folder");
        if (!Files.isWritable(ancestor))
            throw new IOException("cannot write into " + target + ": permission denied in " + ancestor);
    }

    /** Where to write the files. */
    Path path() {
        return partial;
    }

    /**
     * Writes into the partial folder; a shutdown meanwhile waits for it to end, then deletes the folder.
     *
     * @throws IOException naming the target folder (a full disk's "No space left on device" names none)
     */
    public synchronized void write(Step step) throws IOException {
        if (aborted || committed)
            throw new IllegalStateException("the output folder " + target + " is "
                    + (aborted ? "abandoned" : "committed"));
        try {
            step.writeInto(partial);
        } catch (IOException e) {
            throw new IOException("writing " + target + " failed: " + e.getMessage(), e);
        }
    }

    /** One piece of output. */
    public interface Step {
        void writeInto(Path folder) throws IOException;
    }

    /** Puts the written folder in place of the target. */
    public synchronized void commit() throws IOException {
        if (aborted)
            throw new IOException("stopped before " + target + " was written");
        requireReplaceable(target, replaceableNames);
        if (!Files.exists(target)) {
            move(partial, target);
        } else {
            Path old = createSibling(target, ".old-");
            Files.delete(old);
            move(target, old);
            try {
                move(partial, target);
            } catch (IOException e) {
                move(old, target);
                throw e;
            }
            try {
                deleteRecursively(old);
            } catch (IOException e) {
                LOG.warn("could not delete the previous run folder, renamed to {}: {}", old, e.getMessage());
            }
        }
        committed = true;
    }

    /** Deletes the partial folder unless committed, and forgets the shutdown hook. */
    @Override
    public void close() throws IOException {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs, or has run, anyway
        }
        synchronized (this) {
            if (!committed && !aborted) {
                aborted = true;
                deleteRecursively(partial);
            }
        }
    }

    private synchronized void abort() {
        if (committed || aborted)
            return;
        aborted = true;
        try {
            deleteRecursively(partial);
        } catch (IOException e) {
            System.err.println("gpuvo: could not delete the partial output " + partial + ": " + e.getMessage());
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            // siblings share a file system, so this is rare (some FUSE file systems): a rename without the guarantee
            Files.move(from, to);
        }
    }

    public static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder))
            return;
        Files.walkFileTree(folder, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null)
                    throw e;
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
