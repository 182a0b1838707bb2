package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFileReader;
import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads an MCAP file (https://mcap.dev/spec, version 0) as rosbag2 writes it with {@code -s mcap}: each channel
 * is a topic, its schema's name the type. Where the file has a summary (found through the footer), topics,
 * counts and the chunk index come from it without reading the data, and messages are merged across chunks in
 * log-time order. Without one (a recording cut short, a damaged summary) the data section is read through once
 * when opening, and messages come chunk by chunk in file order, each chunk sorted by log time. Damage is reported
 * as a {@link BagFormatException} naming the file and offset; a truncated file gives every message of its
 * complete chunks before the exception.
 */
public final class McapBagFileReader implements BagFileReader {
    /** rosbag2's storage identifier for MCAP. */
    public static final String STORAGE_ID = "mcap";
    private static final Logger LOG = LoggerFactory.getLogger(McapBagFileReader.class);

    private final McapFile file;
    private final String profile;
    private final String library;
    private final long dataStart;
    private final boolean complete;
    private final McapSummary summary;
    private final ChannelTable table;
    private Map<String, Long> counts;
    private Map<String, Map<String, String>> metadata;
    private BagFormatException damage;

    private McapBagFileReader(McapFile file, String profile, String library, long dataStart, boolean complete,
                              McapSummary summary) {
        this.file = file;
        this.profile = profile;
        this.library = library;
        this.dataStart = dataStart;
        this.complete = complete;
        this.summary = summary;
        this.table = summary != null ? new ChannelTable(summary.schemas, summary.channels) : new ChannelTable();
    }

    /**
     * Opens an MCAP file: checks its magic and header and reads its summary, or, where it has none usable, reads
     * the data section once for its topics and counts (damage found then is kept for {@link #damage()} and thrown
     * again by {@link #messages}).
     *
     * @throws BagFormatException where it is not an MCAP file or its header is damaged
     */
    public static McapBagFileReader open(Path path) throws IOException {
        McapFile file = McapFile.open(path);
        try {
            checkMagic(file);
            McapFile.RecordHeader header = file.recordAt(McapFormat.MAGIC.length);
            if (header.opcode() != McapFormat.OP_HEADER)
                throw new BagFormatException(path, header.offset(), "the first record is a " + header.name()
                        + ", not the Header");
            byte[] content = file.content(header);
            RecordInput in = RecordInput.ofFile(path, content, 0, content.length, header.contentStart());
            String profile = in.string("header profile");
            String library = in.string("header library");
            FooterRecord footer = McapSummary.readFooter(file);
            McapSummary summary = null;
            if (footer == null) {
                LOG.warn("{} does not end with an MCAP footer (a recording cut short?): reading it linearly", path);
            } else if (footer.summaryStart() != 0) {
                try {
                    summary = McapSummary.read(file, footer, header.end());
                } catch (BagFormatException e) {
                    LOG.warn("{}: ignoring its damaged summary and reading it linearly: {}", path, e.getMessage());
                }
            }
            McapBagFileReader reader = new McapBagFileReader(file, profile, library, header.end(), footer != null,
                    summary);
            if (summary == null || summary.channels.isEmpty())
                reader.scan();
            return reader;
        } catch (IOException | RuntimeException e) {
            file.close();
            throw e;
        }
    }

    private static void checkMagic(McapFile file) throws IOException {
        byte[] magic = new byte[McapFormat.MAGIC.length];
        int n = (int) Math.min(magic.length, file.size());
        file.read(0, magic, 0, n);
        boolean prefixMatches = Arrays.equals(magic, 0, Math.min(n, 5), McapFormat.MAGIC, 0, Math.min(n, 5));
        if (n == 0)
            throw new BagFormatException(file.path(), 0, "not an MCAP file (empty)");
        if (n < magic.length) {
            throw new BagFormatException(file.path(), 0, prefixMatches
                    ? "truncated: the file ends inside the MCAP magic" : "not an MCAP file (bad magic)");
        }
        if (!prefixMatches)
            throw new BagFormatException(file.path(), 0, "not an MCAP file (bad magic)");
        if (magic[5] != McapFormat.MAGIC[5])
            throw new BagFormatException(file.path(), 5, "MCAP major version '" + (char) magic[5]
                    + "' is not supported (only '0')");
        if (!Arrays.equals(magic, McapFormat.MAGIC))
            throw new BagFormatException(file.path(), 0, "not an MCAP file (bad magic)");
    }

    /** Reads the data section once for topics, counts and metadata; keeps the damage it meets. */
    private void scan() throws IOException {
        Map<String, Long> scanned = new LinkedHashMap<>();
        Map<String, Map<String, String>> found = new LinkedHashMap<>();
        try (LinearMessageCursor cursor = new LinearMessageCursor(file, dataStart, complete, table, null,
                record -> found.put(record.name(), record.metadata()))) {
            while (cursor.advance()) {
                scanned.merge(cursor.peekTopic().name(), 1L, Long::sum);
                cursor.skipMessage();
            }
        } catch (BagFormatException e) {
            damage = e;
            LOG.warn("{}: damaged; its messages before byte {} can be read: {}", file.path(), e.offset(),
                    e.getMessage());
        }
        counts = withAllTopics(scanned);
        metadata = found;
    }

    @Override
    public Path file() {
        return file.path();
    }

    @Override
    public String storageId() {
        return STORAGE_ID;
    }

    /** The header's profile ("ros2" for rosbag2 recordings). */
    public String profile() {
        return profile;
    }

    /** The header's library: the software that wrote the file. */
    public String library() {
        return library;
    }

    /** Whether topics and counts come from the file's summary (true) or from reading the data section (false). */
    public boolean hasSummary() {
        return summary != null && !summary.channels.isEmpty();
    }

    /** Whether messages are read through the chunk index (merged in time) rather than linearly. */
    public boolean isIndexed() {
        return hasSummary() && !summary.chunkIndexes.isEmpty() && (summary.statistics == null
                || summary.statistics.chunkCount() == summary.chunkIndexes.size());
    }

    /** The damage found when the file was opened and read linearly, if any; {@link #messages} throws it too. */
    public Optional<BagFormatException> damage() {
        return Optional.ofNullable(damage);
    }

    @Override
    public List<TopicInfo> topics() {
        return table.topics();
    }

    /**
     * Messages per topic (every topic present, 0 where it has none): from the summary's statistics where there are
     * some, else counted by reading the file (up to damage, if any: see {@link #damage()}).
     */
    @Override
    public Map<String, Long> messageCounts() throws IOException {
        if (counts != null)
            return counts;
        Map<String, Long> found = new LinkedHashMap<>();
        if (summary.statistics != null) {
            for (Map.Entry<Integer, Long> e : summary.statistics.channelMessageCounts().entrySet()) {
                TopicInfo topic = table.topic(e.getKey());
                if (topic != null)
                    found.merge(topic.name(), e.getValue(), Long::sum);
            }
        } else {
            try (MessageCursor cursor = messages(null)) {
                for (BagMessage m = cursor.next(); m != null; m = cursor.next())
                    found.merge(m.topic().name(), 1L, Long::sum);
            }
        }
        counts = withAllTopics(found);
        return counts;
    }

    private Map<String, Long> withAllTopics(Map<String, Long> found) {
        Map<String, Long> all = new LinkedHashMap<>();
        for (TopicInfo topic : table.topics())
            all.put(topic.name(), found.getOrDefault(topic.name(), 0L));
        return Collections.unmodifiableMap(all);
    }

    @Override
    public Map<String, String> messageDefinitions() {
        return Collections.unmodifiableMap(table.definitions());
    }

    /**
     * The file's Metadata records by name (a later record of the same name replaces an earlier one; rosbag2
     * writes its bag metadata as "rosbag2" with the key "serialized_metadata").
     */
    public Map<String, Map<String, String>> metadata() throws IOException {
        if (metadata != null)
            return metadata;
        Map<String, Map<String, String>> found = new LinkedHashMap<>();
        for (McapSummary.MetadataIndex index : summary.metadataIndexes) {
            McapFile.RecordHeader header = file.recordAt(index.offset());
            if (header.opcode() != McapFormat.OP_METADATA)
                throw new BagFormatException(file.path(), index.offset(), "the metadata index points to a "
                        + header.name() + " record, not Metadata");
            byte[] content = file.content(header);
            MetadataRecord record = MetadataRecord.read(RecordInput.ofFile(file.path(), content, 0,
                    content.length, header.contentStart()));
            found.put(record.name(), record.metadata());
        }
        metadata = found;
        return metadata;
    }

    @Override
    public MessageCursor messages(Set<String> topics) throws IOException {
        if (isIndexed())
            return new IndexedMessageCursor(file, new ChannelTable(summary.schemas, summary.channels),
                    summary.channels, summary.chunkIndexes, topics);
        return new LinearMessageCursor(file, dataStart, complete, new ChannelTable(), topics, null);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }

    @Override
    public String toString() {
        return "MCAP file " + file.path() + " (written by " + library + ")";
    }
}
