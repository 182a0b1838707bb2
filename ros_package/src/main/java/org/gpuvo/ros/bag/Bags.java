package org.gpuvo.ros.bag;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Opens and creates rosbag2 bags, hiding which storage ({@link Storage}) their files use. */
public final class Bags {
    private Bags() {
    }

    /**
     * Opens a bag: a directory with {@code metadata.yaml} (its files), a directory without one (its {@code .db3} or
     * {@code .mcap} files in split order), or a single storage file. Each file's storage is told by its first bytes.
     * Compressed bags are refused with an error saying so.
     */
    public static BagReader open(Path path) throws IOException {
        BagLayout layout = BagLayout.of(path);
        List<BagFileReader> readers = new ArrayList<>();
        try {
            for (Path file : layout.files())
                readers.add(Storage.of(file).openReader(file));
            return new BagReader(path, layout.metadata(), readers);
        } catch (IOException | RuntimeException e) {
            for (BagFileReader r : readers) {
                try {
                    r.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** {@link #create(Path, Storage, BagWriterOptions)} with the default storage and options. */
    public static BagWriter create(Path dir) throws IOException {
        return create(dir, Storage.DEFAULT, BagWriterOptions.defaults());
    }

    /** {@link #create(Path, Storage, BagWriterOptions)} with the default options. */
    public static BagWriter create(Path dir, Storage storage) throws IOException {
        return create(dir, storage, BagWriterOptions.defaults());
    }

    /**
     * Creates a bag directory (an existing one must be empty) and its first storage file
     * {@code <dir>/<dirname>_0.<ext>}; metadata.yaml is written when the writer is closed.
     */
    public static BagWriter create(Path dir, Storage storage, BagWriterOptions options) throws IOException {
        storage.requireAvailable();
        if (Files.exists(dir)) {
            if (!Files.isDirectory(dir))
                throw new FileAlreadyExistsException(dir.toString(), null, "exists and is not a directory");
            try (Stream<Path> entries = Files.list(dir)) {
                if (entries.findAny().isPresent())
                    throw new FileAlreadyExistsException(dir.toString(), null,
                            "bag directory exists and is not empty");
            }
        }
        Files.createDirectories(dir);
        Path name = dir.toAbsolutePath().normalize().getFileName();
        if (name == null)
            throw new IOException("a bag directory needs a name: " + dir);
        Path file = dir.resolve(name + "_0." + storage.extension());
        return new BagWriter(dir, storage, storage.createWriter(file, options), options);
    }
}
