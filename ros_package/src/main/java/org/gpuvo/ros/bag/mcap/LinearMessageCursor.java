package org.gpuvo.ros.bag.mcap;

import org.gpuvo.ros.bag.BagFormatException;
import org.gpuvo.ros.bag.BagMessage;
import org.gpuvo.ros.bag.BagReadLimits;
import org.gpuvo.ros.bag.MessageCursor;
import org.gpuvo.ros.bag.TopicInfo;

import java.io.IOException;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Messages read record by record through the data section, for files without a usable index (a recording cut
 * short, a damaged summary, a writer that wrote none). Each chunk's messages come sorted by log time; across
 * chunks the file's order is kept. Schemas and channels are learnt as they appear. Damage (a record running past
 * the end, a bad chunk, a file that stops before its footer) is thrown when reached, after every message before
 * it was returned; a chunk whose content is damaged but whose record length is valid is passed over, so the next
 * call goes on after it.
 */
final class LinearMessageCursor implements MessageCursor {
    private final McapFile file;
    private final boolean complete;
    private final ChannelTable table;
    private final ChannelFilter filter;
    private final ChunkLoader loader;
    private final BagReadLimits limits = BagReadLimits.defaults();
    private final Consumer<MetadataRecord> metadataSink;
    private long position;
    private ChunkMessages current;
    private boolean finished;
    private BagFormatException failure;
    /** Whether the record being read is a chunk whose length was valid: its damage can be read past. */
    private boolean inChunk;

    /**
     * @param dataStart    offset of the first record after the Header
     * @param complete     whether the file ends with a footer and the magic; if not, reaching the end is damage
     * @param table        receives the schemas and channels met
     * @param topics       topic names to deliver, null for all
     * @param metadataSink receives the Metadata records met, or null
     */
    LinearMessageCursor(McapFile file, long dataStart, boolean complete, ChannelTable table, Set<String> topics,
                        Consumer<MetadataRecord> metadataSink) {
        this.file = file;
        this.position = dataStart;
        this.complete = complete;
        this.table = table;
        this.filter = new ChannelFilter(topics);
        this.loader = new ChunkLoader(file);
        this.metadataSink = metadataSink;
    }

    @Override
    public BagMessage next() throws IOException {
        return advance() ? current.take() : null;
    }

    /** Moves to the next wanted message; false at the end. */
    boolean advance() throws IOException {
        if (failure != null)
            throw failure;
        try {
            while (current == null || !current.hasNext()) {
                if (current != null) {
                    loader.release(current);
                    current = null;
                }
                if (finished)
                    return false;
                readRecord();
            }
            return true;
        } catch (BagFormatException e) {
            // a chunk whose record frame is intact is passed over; other damage ends the reading
            if (!inChunk)
                failure = e;
            inChunk = false;
            throw e;
        }
    }

    /** Topic of the message that {@link #advance()} moved to. */
    TopicInfo peekTopic() {
        return current.headTopic();
    }

    /** Passes over the message that {@link #advance()} moved to without copying it. */
    void skipMessage() {
        current.skip();
    }

    private void readRecord() throws IOException {
        if (position == file.size())
            throw new BagFormatException(file.path(), position,
                    "truncated: the file ends without a DataEnd record or footer");
        McapFile.RecordHeader header = file.recordAt(position);
        position = header.end();
        switch (header.opcode()) {
            case McapFormat.OP_CHUNK -> {
                inChunk = true;
                current = loader.load(header, table, filter);
                inChunk = false;
            }
            case McapFormat.OP_MESSAGE -> {
                limits.checkMessage(header.length(), file.path(), header.offset());
                current = ChunkMessages.single(file.path(), header.offset(), file.content(header), table, filter);
            }
            case McapFormat.OP_SCHEMA -> table.addSchema(SchemaRecord.read(content(header)));
            case McapFormat.OP_CHANNEL -> ChunkMessages.addChannel(table, content(header));
            case McapFormat.OP_METADATA -> {
                if (metadataSink != null)
                    metadataSink.accept(MetadataRecord.read(content(header)));
            }
            case McapFormat.OP_DATA_END, McapFormat.OP_FOOTER -> {
                finished = true;
                if (!complete)
                    throw new BagFormatException(file.path(), file.size(), "truncated: the data section ends at "
                            + header.offset() + " but the file does not end with a footer and the magic");
            }
            default -> {
                // message indexes, attachments and records unknown to this reader: skipped by their length (spec)
            }
        }
    }

    private RecordInput content(McapFile.RecordHeader header) throws IOException {
        byte[] bytes = file.content(header);
        return RecordInput.ofFile(file.path(), bytes, 0, bytes.length, header.contentStart());
    }

    @Override
    public void close() {
        if (current != null)
            loader.release(current);
        current = null;
        loader.close();
    }
}
