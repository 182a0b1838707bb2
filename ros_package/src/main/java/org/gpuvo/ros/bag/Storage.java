package org.gpuvo.ros.bag;

import org.gpuvo.ros.bag.mcap.McapBagFileReader;
import org.gpuvo.ros.bag.mcap.McapBagFileWriter;
import org.gpuvo.ros.bag.sqlite.SqliteBagFileReader;
import org.gpuvo.ros.bag.sqlite.SqliteBagFileWriter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The rosbag2 storage formats: how a file of each is recognised (its first bytes, else its extension) and which
 * classes read and write it. A storage whose classes are not plugged in here says so when used.
 */
public enum Storage {
    SQLITE3("sqlite3", "db3", "SQLite format 3\0",
            SqliteBagFileReader::new,
            (file, options) -> new SqliteBagFileWriter(file, options.rosDistro())),
    // written as rosbag2 does: zstd chunks, summary and index (McapWriterOptions.defaults())
    MCAP("mcap", "mcap", "\u0089MCAP0\r\n",
            McapBagFileReader::open,
            (file, options) -> McapBagFileWriter.create(file));

    /** The storage new bags get where none is named: MCAP, as rosbag2 since Iron. */
    public static final Storage DEFAULT = MCAP;

    /** Opens one storage file for reading. */
    @FunctionalInterface
    public interface ReaderFactory {
        BagFileReader open(Path file) throws IOException;
    }

    /** Creates one storage file for writing. */
    @FunctionalInterface
    public interface WriterFactory {
        BagFileWriter create(Path file, BagWriterOptions options) throws IOException;
    }

    /** The first bytes of a zstd frame: a whole file compressed by rosbag2's FILE compression mode. */
    private static final byte[] ZSTD_MAGIC = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD};
    private static final int LONGEST_MAGIC = 16;

    private final String id;
    private final String extension;
    private final byte[] magic;
    private final ReaderFactory readers;
    private final WriterFactory writers;

    Storage(String id, String extension, String magic, ReaderFactory readers, WriterFactory writers) {
        this.id = id;
        this.extension = extension;
        // magic numbers: SQLite file format §1.3.1 (16 bytes), MCAP specification "Magic" (8 bytes)
        this.magic = magic.getBytes(StandardCharsets.ISO_8859_1);
        this.readers = readers;
        this.writers = writers;
    }

    /** rosbag2's storage identifier: {@code sqlite3} or {@code mcap}. */
    public String id() {
        return id;
    }

    /** File name extension without the dot: {@code db3} or {@code mcap}. */
    public String extension() {
        return extension;
    }

    /** Whether this build can read and write it. */
    public boolean isAvailable() {
        return readers != null && writers != null;
    }

    /** Opens {@code file} for reading with this storage. */
    public BagFileReader openReader(Path file) throws IOException {
        if (readers == null)
            throw notAvailable();
        return readers.open(file);
    }

    /** Creates {@code file} for writing with this storage. */
    public BagFileWriter createWriter(Path file, BagWriterOptions options) throws IOException {
        if (writers == null)
            throw notAvailable();
        return writers.create(file, options);
    }

    /** Fails unless this storage can be used. */
    public void requireAvailable() throws IOException {
        if (!isAvailable())
            throw notAvailable();
    }

    private IOException notAvailable() {
        return new IOException("storage " + id + " is not available: no reader and writer are registered for it in "
                + Storage.class.getName());
    }

    /** The storage of a rosbag2 identifier ({@code sqlite3}, {@code mcap}). */
    public static Storage ofId(String storageId) throws IOException {
        for (Storage s : values())
            if (s.id.equals(storageId))
                return s;
        throw new IOException("unknown rosbag2 storage identifier: '" + storageId + "'");
    }

    /** Whether the name ends in a storage's extension ({@code .db3}, {@code .mcap}). */
    public static boolean hasBagExtension(Path file) {
        return ofExtension(file) != null;
    }

    private static Storage ofExtension(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (Storage s : values())
            if (name.endsWith("." + s.extension))
                return s;
        return null;
    }

    /**
     * The storage of a file, by its first bytes, else (for a file too damaged to tell) by its extension. A
     * zstd-compressed file (rosbag2's FILE compression) and a file of neither kind are errors naming the file.
     */
    public static Storage of(Path file) throws IOException {
        byte[] head = new byte[LONGEST_MAGIC];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, head.length);
        }
        for (Storage s : values())
            if (n >= s.magic.length && Arrays.equals(head, 0, s.magic.length, s.magic, 0, s.magic.length))
                return s;
        if (n >= ZSTD_MAGIC.length && Arrays.equals(head, 0, ZSTD_MAGIC.length, ZSTD_MAGIC, 0, ZSTD_MAGIC.length))
            throw new BagFormatException(file, 0, "a zstd-compressed bag file (rosbag2 compression mode FILE) is "
                    + "not supported: decompress it first (zstd -d, or ros2 bag convert)");
        Storage byName = ofExtension(file);
        if (byName != null)
            return byName;
        throw new BagFormatException(file, 0, "not a rosbag2 file: it starts neither as SQLite nor as MCAP, and its "
                + "name ends neither in .db3 nor in .mcap");
    }
}
