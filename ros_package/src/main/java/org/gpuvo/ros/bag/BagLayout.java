package org.gpuvo.ros.bag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where the storage files of a bag are: the files a directory's {@code metadata.yaml} names, else the
 * {@code .db3}/{@code .mcap} files of the directory in split order ({@code _0}, {@code _1}, ...), else the one file
 * given.
 *
 * @param path     what was given
 * @param files    the storage files, in the bag's order
 * @param metadata the directory's metadata, null where there is none
 */
record BagLayout(Path path, List<Path> files, BagMetadata metadata) {
    /** {@code name_N.ext}: the split index N of rosbag2's file names. */
    private static final Pattern SPLIT_INDEX = Pattern.compile("(.*)_(\\d{1,18})\\.[^.]+");

    static BagLayout of(Path path) throws IOException {
        if (!Files.exists(path))
            throw new NoSuchFileException(path.toString(), null, "no such bag directory or bag file");
        if (!Files.isDirectory(path))
            return new BagLayout(path, List.of(path), null);
        Path metadataFile = path.resolve(BagMetadata.FILE_NAME);
        if (Files.isRegularFile(metadataFile))
            return fromMetadata(path, metadataFile);
        return fromListing(path);
    }

    private static BagLayout fromMetadata(Path dir, Path metadataFile) throws IOException {
        BagMetadata metadata = BagMetadata.read(metadataFile);
        if (metadata.isCompressed())
            throw compressed(metadataFile, metadata.compressionMode(), metadata.compressionFormat());
        List<String> names = new ArrayList<>(metadata.relativeFilePaths());
        if (names.isEmpty())
            for (BagMetadata.FileInfo f : metadata.files())
                names.add(f.path());
        if (names.isEmpty())
            throw new BagFormatException(metadataFile, -1, "the bag's metadata names no storage files");
        List<Path> files = new ArrayList<>();
        java.util.Map<Path, String> seen = new java.util.HashMap<>();
        for (String name : names) {
            Path file = resolve(dir, metadataFile, name, metadata.version());
            String before = seen.putIfAbsent(file.toRealPath(), name);
            if (before != null)
                throw new BagFormatException(metadataFile, -1, "names the storage file " + file + " twice (as "
                        + before + " and as " + name + "): its messages would be read twice");
            files.add(file);
        }
        return new BagLayout(dir, files, metadata);
    }

    static BagFormatException compressed(Path file, String mode, String format) {
        return new BagFormatException(file, -1, "compressed bags are not supported (compression_mode " + mode
                + ", compression_format " + format + "): convert the bag to an uncompressed one first "
                + "(ros2 bag convert)");
    }

    /**
     * A file named in metadata: relative to the bag directory, or (metadata before version 4, which named files
     * with the directory in front) to its parent; the other place is tried too, as bags were moved and renamed.
     */
    private static Path resolve(Path dir, Path metadataFile, String name, int version) throws BagFormatException {
        Path given = Path.of(name);
        if (given.isAbsolute()) {
            if (Files.isRegularFile(given))
                return given;
            throw missing(metadataFile, name, given);
        }
        Path inDir = dir.resolve(given);
        Path parent = dir.getParent() != null ? dir.getParent() : dir.toAbsolutePath().getParent();
        Path inParent = parent == null ? inDir : parent.resolve(given);
        Path byName = dir.resolve(given.getFileName());
        List<Path> tries = version < 4 ? List.of(inParent, inDir, byName) : List.of(inDir, inParent, byName);
        for (Path p : tries)
            if (Files.isRegularFile(p))
                return p;
        throw missing(metadataFile, name, tries.get(0));
    }

    private static BagFormatException missing(Path metadataFile, String name, Path where) {
        return new BagFormatException(metadataFile, -1, "names the storage file " + name
                + ", which does not exist (" + where + ")");
    }

    private static BagLayout fromListing(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> compressed = new ArrayList<>();
        try (Stream<Path> listing = Files.list(dir)) {
            for (Path p : (Iterable<Path>) listing::iterator) {
                if (!Files.isRegularFile(p))
                    continue;
                String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
                if (Storage.hasBagExtension(p))
                    files.add(p);
                else if (name.endsWith(".db3.zstd") || name.endsWith(".mcap.zstd"))
                    compressed.add(p);
            }
        }
        if (files.isEmpty() && !compressed.isEmpty())
            throw compressed(compressed.get(0), "FILE", "zstd");
        if (files.isEmpty())
            throw new BagFormatException(dir, -1, "no bag files (*.db3, *.mcap) and no " + BagMetadata.FILE_NAME
                    + " in this directory");
        long kinds = files.stream().map(p -> p.getFileName().toString().replaceAll(".*\\.", "")).distinct().count();
        if (kinds > 1)
            throw new BagFormatException(dir, -1, "holds both .db3 and .mcap files and no " + BagMetadata.FILE_NAME
                    + ": open one of the files, or give the bag its metadata");
        files.sort(SPLIT_ORDER);
        return new BagLayout(dir, List.copyOf(files), null);
    }

    /** By the name before the split index, then by the index as a number (so _10 comes after _9). */
    static final Comparator<Path> SPLIT_ORDER = Comparator.comparing((Path p) -> splitName(p)[0])
            .thenComparingLong(p -> Long.parseLong(splitName(p)[1]))
            .thenComparing(p -> p.getFileName().toString());

    private static String[] splitName(Path p) {
        String name = p.getFileName().toString();
        Matcher m = SPLIT_INDEX.matcher(name);
        return m.matches() ? new String[]{m.group(1), m.group(2)} : new String[]{name.replaceAll("\\.[^.]*$", ""), "-1"};
    }
}
