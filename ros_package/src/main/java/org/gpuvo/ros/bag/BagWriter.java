package org.gpuvo.ros.bag;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A bag being written by {@link Bags#create}: one storage file {@code <dir>/<dirname>_0.<ext>}, with the count and
 * times of each topic kept as messages go in, and {@code metadata.yaml} written on {@link #close()}. Its methods
 * are synchronized, so that another thread (a shutdown hook on SIGINT or SIGTERM) can close it between messages.
 */
public final class BagWriter implements Closeable {
    private final Path directory;
    private final Storage storage;
    private final BagFileWriter file;
    private final BagWriterOptions options;
    private final Map<String, TopicInfo> topics = new LinkedHashMap<>();
    private final Map<String, long[]> counts = new LinkedHashMap<>();
    private long messageCount;
    private long firstNs = Long.MAX_VALUE;
    private long lastNs = Long.MIN_VALUE;
    private boolean closed;

    /** Whether {@link #close()} was called. */
    public synchronized boolean isClosed() {
        return closed;
    }

    BagWriter(Path directory, Storage storage, BagFileWriter file, BagWriterOptions options) {
        this.directory = directory;
        this.storage = storage;
        this.file = file;
        this.options = options;
    }

    /** The bag directory. */
    public Path directory() {
        return directory;
    }

    /** The storage file being written. */
    public Path file() {
        return file.file();
    }

    /**
     * Declares a topic before its first message; {@code definition} is its type's full ros2msg text, or "". Declaring
     * a name again with the same type does nothing; with another type it is an error.
     */
    public synchronized void addTopic(TopicInfo topic, String definition) throws IOException {
        requireOpen();
        TopicInfo known = topics.get(topic.name());
        if (known != null) {
            if (!known.type().equals(topic.type()))
                throw new IllegalArgumentException("topic " + topic.name() + " already has type " + known.type()
                        + ", not " + topic.type());
            return;
        }
        file.addTopic(topic, definition);
        topics.put(topic.name(), topic);
        counts.put(topic.name(), new long[1]);
    }

    /** Writes one message (CDR bytes with the encapsulation header) of a declared topic; give them in time order. */
    public synchronized void write(String topic, long timeNs, byte[] data) throws IOException {
        requireOpen();
        long[] count = counts.get(topic);
        if (count == null)
            throw new IllegalArgumentException("topic " + topic + " was not declared before its message");
        file.write(topic, timeNs, data);
        count[0]++;
        messageCount++;
        firstNs = Math.min(firstNs, timeNs);
        lastNs = Math.max(lastNs, timeNs);
    }

    /** The metadata of what was written so far, as metadata.yaml will hold it. */
    public synchronized BagMetadata metadata() {
        long start = messageCount == 0 ? 0 : firstNs;
        long duration = messageCount == 0 ? 0 : lastNs - firstNs;
        List<BagMetadata.TopicMessageCount> perTopic = new ArrayList<>();
        for (TopicInfo t : topics.values())
            perTopic.add(new BagMetadata.TopicMessageCount(t, counts.get(t.name())[0]));
        String name = file.file().getFileName().toString();
        return new BagMetadata(BagMetadata.WRITTEN_VERSION, storage.id(), duration, start, messageCount, perTopic,
                "", "", List.of(name), List.of(new BagMetadata.FileInfo(name, start, duration, messageCount)),
                options.customData(), options.rosDistro());
    }

    private void requireOpen() throws IOException {
        if (closed)
            throw new IOException("bag " + directory + " is already closed");
    }

    /** Finishes the storage file (with a copy of the metadata where the storage keeps one) and writes metadata.yaml. */
    @Override
    public synchronized void close() throws IOException {
        if (closed)
            return;
        closed = true;
        BagMetadata metadata = metadata();
        try (BagFileWriter f = file) {
            if (f instanceof EmbeddedMetadataWriter embedded)
                embedded.storeMetadata(metadata);
        }
        metadata.write(directory.resolve(BagMetadata.FILE_NAME));
    }
}
