package org.gpuvo.ros.bag;

import org.gpuvo.odometry.dataset.DatasetException;
import org.gpuvo.odometry.dataset.TextFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The contents of a rosbag2 {@code metadata.yaml} ({@code rosbag2_bagfile_information}). Fields that a bag's
 * metadata version predates hold their empty value ("" or an empty list or map). Times are nanoseconds.
 *
 * @param version                metadata version (1 to 9 are read; {@link #WRITTEN_VERSION} is written)
 * @param storageIdentifier      {@code sqlite3} or {@code mcap}
 * @param durationNs             last message time minus first
 * @param startingTimeNs         first message time, nanoseconds since the epoch
 * @param messageCount           all messages of the bag
 * @param topicsWithMessageCount each topic with its message count, in the bag's order
 * @param compressionFormat      {@code zstd} or "" (version 3 on)
 * @param compressionMode        {@code FILE}, {@code MESSAGE}, {@code NONE} or "" (version 3 on)
 * @param relativeFilePaths      the storage files, relative to the bag directory (before version 4: to its parent)
 * @param files                  each file's times and count (version 5 on)
 * @param customData             free key/value pairs (version 6 on)
 * @param rosDistro              the ROS distribution that wrote the bag (version 8 on)
 */
public record BagMetadata(int version, String storageIdentifier, long durationNs, long startingTimeNs,
                          long messageCount, List<TopicMessageCount> topicsWithMessageCount,
                          String compressionFormat, String compressionMode, List<String> relativeFilePaths,
                          List<FileInfo> files, Map<String, String> customData, String rosDistro) {

    /** The version this project writes: see {@link BagMetadataYaml} for why 8. */
    public static final int WRITTEN_VERSION = 8;

    /** File name of the metadata in a bag directory. */
    public static final String FILE_NAME = "metadata.yaml";

    /** A topic and how many messages the bag holds of it. */
    public record TopicMessageCount(TopicInfo topic, long messageCount) {
        public TopicMessageCount {
            Objects.requireNonNull(topic, "topic");
        }
    }

    /** One storage file: its path relative to the bag directory, first message time, duration and count. */
    public record FileInfo(String path, long startingTimeNs, long durationNs, long messageCount) {
        public FileInfo {
            Objects.requireNonNull(path, "path");
        }
    }

    public BagMetadata {
        storageIdentifier = storageIdentifier == null ? "" : storageIdentifier;
        topicsWithMessageCount = topicsWithMessageCount == null ? List.of() : List.copyOf(topicsWithMessageCount);
        compressionFormat = compressionFormat == null ? "" : compressionFormat;
        compressionMode = compressionMode == null ? "" : compressionMode;
        relativeFilePaths = relativeFilePaths == null ? List.of() : List.copyOf(relativeFilePaths);
        files = files == null ? List.of() : List.copyOf(files);
        customData = customData == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(customData));
        rosDistro = rosDistro == null ? "" : rosDistro;
    }

    /** Whether the storage files or their messages are compressed ({@code compression_mode} FILE or MESSAGE). */
    public boolean isCompressed() {
        return !compressionMode.isEmpty() && !compressionMode.equalsIgnoreCase("NONE");
    }

    /** Reads a {@code metadata.yaml}. */
    public static BagMetadata read(Path file) throws IOException {
        String text;
        try {
            text = TextFiles.read(file, BagReadLimits.defaults().metadataBytes(),
                    BagReadLimits.METADATA_PROPERTY);
        } catch (DatasetException e) {
            throw BagFormatException.inText(file, e.getMessage(), e);
        }
        return BagMetadataYaml.parse(text, file);
    }

    /** Writes this as a {@code metadata.yaml} of version {@link #WRITTEN_VERSION}. */
    public void write(Path file) throws IOException {
        Files.writeString(file, BagMetadataYaml.format(this), StandardCharsets.UTF_8);
    }
}
