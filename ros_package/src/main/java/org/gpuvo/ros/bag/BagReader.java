package org.gpuvo.ros.bag;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A whole bag, opened by {@link Bags#open(Path)}: its storage files, the topics of all of them, counts and times,
 * and its messages merged in time order. Counts and times are those of the files themselves (metadata.yaml may be
 * stale); {@link #metadata()} gives the metadata as written.
 */
public final class BagReader implements Closeable {
    private final Path path;
    private final BagMetadata metadata;
    private final List<BagFileReader> readers;
    private final List<TopicInfo> topics;
    private Map<String, Long> counts;
    private List<Optional<TimeRange>> fileRanges;

    /** Takes over the readers (closed by {@link #close()}), in the bag's order. */
    BagReader(Path path, BagMetadata metadata, List<? extends BagFileReader> readers) throws BagFormatException {
        this.path = path;
        this.metadata = metadata;
        this.readers = List.copyOf(readers);
        this.topics = unionOfTopics(this.readers);
    }

    /** Topics of all files, each once, in order of first appearance; one name with two types is an error. */
    private static List<TopicInfo> unionOfTopics(List<BagFileReader> readers) throws BagFormatException {
        Map<String, TopicInfo> byName = new LinkedHashMap<>();
        Map<String, Path> firstFile = new LinkedHashMap<>();
        for (BagFileReader r : readers) {
            for (TopicInfo t : r.topics()) {
                TopicInfo seen = byName.putIfAbsent(t.name(), t);
                if (seen == null) {
                    firstFile.put(t.name(), r.file());
                } else if (!seen.type().equals(t.type())) {
                    throw new BagFormatException(r.file(), -1, "topic " + t.name() + " has type " + t.type()
                            + " here but " + seen.type() + " in " + firstFile.get(t.name()));
                }
            }
        }
        return List.copyOf(byName.values());
    }

    /** What was opened: the bag directory or the single file. */
    public Path path() {
        return path;
    }

    /** The storage files, in the bag's order. */
    public List<Path> files() {
        List<Path> files = new ArrayList<>();
        for (BagFileReader r : readers)
            files.add(r.file());
        return files;
    }

    /** rosbag2's storage identifier of the files ({@code sqlite3}, {@code mcap}). */
    public String storageId() {
        Set<String> ids = new LinkedHashSet<>();
        for (BagFileReader r : readers)
            ids.add(r.storageId());
        return String.join("+", ids);
    }

    /** The bag's metadata.yaml, where it has one. */
    public Optional<BagMetadata> metadata() {
        return Optional.ofNullable(metadata);
    }

    /** Topics of all files (also those without messages). */
    public List<TopicInfo> topics() {
        return topics;
    }

    /** Definitions (ros2msg text) by type, from all files that hold them. */
    public Map<String, String> messageDefinitions() {
        Map<String, String> all = new LinkedHashMap<>();
        for (BagFileReader r : readers)
            r.messageDefinitions().forEach(all::putIfAbsent);
        return Collections.unmodifiableMap(all);
    }

    /** Messages per topic, summed over the files; topics without messages count 0. */
    public Map<String, Long> messageCounts() throws IOException {
        if (counts == null) {
            Map<String, Long> sum = new LinkedHashMap<>();
            for (TopicInfo t : topics)
                sum.put(t.name(), 0L);
            for (BagFileReader r : readers)
                r.messageCounts().forEach((topic, n) -> sum.merge(topic, n, Long::sum));
            counts = Collections.unmodifiableMap(sum);
        }
        return counts;
    }

    /** All messages of the bag. */
    public long messageCount() throws IOException {
        long n = 0;
        for (long c : messageCounts().values())
            n += c;
        return n;
    }

    /** First and last message times over all files; empty for a bag without messages. */
    public Optional<TimeRange> timeRange() throws IOException {
        TimeRange all = null;
        for (Optional<TimeRange> r : fileRanges())
            if (r.isPresent())
                all = all == null ? r.get() : all.union(r.get());
        return Optional.ofNullable(all);
    }

    /** Last message time minus first, 0 for a bag without messages. */
    public long durationNs() throws IOException {
        return timeRange().map(TimeRange::durationNs).orElse(0L);
    }

    private List<Optional<TimeRange>> fileRanges() throws IOException {
        if (fileRanges == null) {
            List<Optional<TimeRange>> ranges = new ArrayList<>();
            for (BagFileReader r : readers) {
                Optional<TimeRange> known = knownRange(r);
                ranges.add(known != null ? known : scannedRange(r));
            }
            fileRanges = ranges;
        }
        return fileRanges;
    }

    /** A file's range from its index or the metadata, without reading messages; null where neither has it. */
    private Optional<TimeRange> knownRange(BagFileReader r) throws IOException {
        if (r instanceof IndexedTimeRange indexed)
            return indexed.timeRange();
        if (metadata != null) {
            String name = r.file().getFileName().toString();
            for (BagMetadata.FileInfo f : metadata.files()) {
                if (Path.of(f.path()).getFileName().toString().equals(name)) {
                    return f.messageCount() == 0 ? Optional.empty()
                            : Optional.of(new TimeRange(f.startingTimeNs(), f.startingTimeNs() + f.durationNs()));
                }
            }
        }
        return null;
    }

    private static Optional<TimeRange> scannedRange(BagFileReader r) throws IOException {
        long first = Long.MAX_VALUE, last = Long.MIN_VALUE;
        try (MessageCursor c = r.messages(null)) {
            for (BagMessage m = c.next(); m != null; m = c.next()) {
                first = Math.min(first, m.timeNs());
                last = Math.max(last, m.timeNs());
            }
        }
        return first > last ? Optional.empty() : Optional.of(new TimeRange(first, last));
    }

    /**
     * The messages of {@code topics} (all where null) of all files, merged in time order (equal times in file
     * order), streaming. At damage in a file it throws the {@link BagFormatException} after every good message of
     * the other files that comes earlier; calling {@link MessageCursor#next()} again goes on past it.
     */
    public MessageCursor messages(Set<String> topics) throws IOException {
        return new MergedMessageCursor(readers, topics, startBounds(), null);
    }

    /**
     * As {@link #messages(Set)}, but damage is handed to {@code onDamage} (a {@link BagDamageLog} counts it) and the
     * merge carries on with the good data: for replay, which must go on past a bad file.
     */
    public MessageCursor messages(Set<String> topics, BagDamageListener onDamage) throws IOException {
        return new MergedMessageCursor(readers, topics, startBounds(), onDamage);
    }

    /** Per file, the earliest time its messages (or damage) can have, from what is known without scanning. */
    private long[] startBounds() {
        long[] bounds = new long[readers.size()];
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = Long.MIN_VALUE;
            try {
                Optional<TimeRange> known = knownRange(readers.get(i));
                if (known != null && known.isPresent())
                    bounds[i] = known.get().startNs();
            } catch (IOException unknown) {
                // a file whose range cannot be read has its damage placed first
            }
        }
        return bounds;
    }

    @Override
    public void close() throws IOException {
        IOException first = null;
        for (BagFileReader r : readers) {
            try {
                r.close();
            } catch (IOException e) {
                if (first == null)
                    first = e;
                else
                    first.addSuppressed(e);
            }
        }
        if (first != null)
            throw first;
    }
}
